package dev.orrery.schedule;

import dev.orrery.world.World;
import java.util.Objects;
import java.util.Optional;

/**
 * Beyond the spec (Orrery's fault attribution): which schedule, system, plugin and stage threw an
 * exception that escaped {@link Schedule#run}, {@link Schedule#runPhase} or {@link Schedule#runPhases}
 * (and, for a system's dispose function, {@link Schedule#disposeRemoved} or {@link Schedule#disposeAll}).
 *
 * <p><b>How to use.</b> Catch the exception around the run call, then ask with that very object:
 * {@code RunFailure.of(world, thrown)}. The answer is matched by identity of the {@link Throwable}, so
 * a wrapper, a copy or another exception gets an empty answer. The exception itself still propagates
 * unchanged from the run API, and the schedule stays usable (SCH-037, SCH-044, SCH-146); nothing here
 * changes what is thrown.
 *
 * <p><b>Innermost schedule first.</b> When a system of schedule {@code main} steps schedule
 * {@code dnd/turn} on the same world and a system of {@code dnd/turn} throws, the failure names the
 * {@code dnd/turn} system, not the {@code main} system that stepped it: the first schedule to see the
 * exception records it, and outer schedules see that it is recorded. A record of the same
 * {@code Throwable} object by the same schedule name is an earlier pass's (a schedule cannot run
 * inside itself on one world, SCH-043, and names are unique per world, SCH-062), so a preallocated
 * exception thrown again is attributed again. The one case this cannot tell apart: one exception
 * object thrown by a system of an inner schedule in an earlier pass, then thrown again by a system of
 * another schedule; the earlier record stands. Throw a new exception per failure, as is usual.
 *
 * <p><b>What counts.</b> An exception from a system's run function ({@link Stage#RUN}), its own run
 * condition ({@link Stage#CONDITION}), the run condition of one of its sets ({@link Stage#SET_CONDITION},
 * with the set's name), or a {@link ScheduleHooks} method called for it ({@link Stage#HOOK_BEFORE},
 * {@link Stage#HOOK_AFTER}, {@link Stage#HOOK_SKIP}: the hook threw, the system is only the one it was
 * called for); beyond that, the system's lifecycle functions ({@link Stage#INIT} from a run API,
 * {@link Stage#DISPOSE} from {@link Schedule#disposeRemoved} or {@link Schedule#disposeAll}). An argument error of the run API itself (an unknown phase, a bad dt, a nested call of
 * the same schedule, SCH-043) is not a failure of a system and is not recorded, unless it escapes a
 * system's run function (a system that made a bad nested call is that system's {@link Stage#RUN}
 * failure).
 *
 * <p><b>Cost and storage.</b> Nothing is done on the normal path: the schedule records only when an
 * exception passes through it (no field write, no allocation per system or per call). The record lives
 * in the world, as the value of a world trait the scheduler adds with the first failure in that world
 * (one record per world: the last failure). {@link World#reset()} removes it, and {@code WorldPurge.purge}
 * drops it when the system or the exception is of unloaded code. No static state (SCH-064). Frame
 * thread only, like the world.
 *
 * @param schedule the name of the innermost schedule whose system threw
 * @param system the system that threw, or for which the throwing hook was called
 * @param plugin the name of the plugin that declared the system, or the schedule's name when the
 *     schedule declared it (as {@link Schedule#sourceOf})
 * @param stage where it threw
 * @param set for {@link Stage#SET_CONDITION}, the name of the set whose run condition threw; null for
 *     every other stage
 * @param observer for {@link Stage#OBSERVER}, the observer that threw (then {@code system} is null and
 *     {@code plugin} is the observer's plugin); null for every other stage
 *
 * @since 0.1
 */
public record RunFailure(String schedule, EcsSystem system, String plugin, Stage stage, String set,
                         EcsObserver observer) {
    /** Where in a system's turn an exception was thrown. */
    public enum Stage {
        /** The system's run function (SCH-011). */
        RUN,
        /** The system's own run condition (SCH-118). */
        CONDITION,
        /** The run condition of one of the system's sets (SCH-118); {@link RunFailure#set()} names it. */
        SET_CONDITION,
        /** {@link ScheduleHooks#beforeSystem} called for the system (SCH-144). */
        HOOK_BEFORE,
        /** {@link ScheduleHooks#afterSystem} called for the system (SCH-144). */
        HOOK_AFTER,
        /** {@link ScheduleHooks#onSkip} called for the system (SCH-144). */
        HOOK_SKIP,
        /**
         * Beyond the spec (Orrery's system lifecycle): the system's {@link InitFunction}, called by a
         * run API before the system's phase first executes in the world.
         */
        INIT,
        /**
         * Beyond the spec (Orrery's system lifecycle): the system's {@link DisposeFunction}, called by
         * {@link Schedule#disposeRemoved} or {@link Schedule#disposeAll}.
         */
        DISPOSE,
        /**
         * Beyond the spec (Orrery's observers): an {@link EcsObserver}'s function, called after a
         * publish; {@link RunFailure#observer()} names it and {@link RunFailure#system()} is null.
         */
        OBSERVER
    }

    /**
     * Checks the components.
     *
     * @throws NullPointerException if {@code schedule}, {@code plugin} or {@code stage} is null,
     *     {@code system} is null for a stage other than {@link Stage#OBSERVER}, {@code observer} is null
     *     for {@link Stage#OBSERVER}, or {@code set} is null for {@link Stage#SET_CONDITION}; the message
     *     names the component
     * @throws IllegalArgumentException if {@code set} is given for a stage other than
     *     {@link Stage#SET_CONDITION}, or {@code observer} (or {@code system}) is given with the other stage kind
     */
    public RunFailure {
        Objects.requireNonNull(schedule, "RunFailure: schedule is null");
        Objects.requireNonNull(stage, "RunFailure: stage is null");
        if (stage == Stage.OBSERVER) {
            Objects.requireNonNull(observer, "RunFailure: observer is null for stage OBSERVER");
            if (system != null) {
                throw new IllegalArgumentException("RunFailure: system '" + system.name()
                        + "' given for stage OBSERVER; an observer's failure names no system");
            }
        } else {
            Objects.requireNonNull(system, "RunFailure: system is null");
            if (observer != null) {
                throw new IllegalArgumentException("RunFailure: observer '" + observer.name() + "' given for stage "
                        + stage + "; only OBSERVER names an observer");
            }
        }
        Objects.requireNonNull(plugin, "RunFailure: plugin is null");
        if (stage == Stage.SET_CONDITION) {
            Objects.requireNonNull(set, "RunFailure: set is null for stage SET_CONDITION");
        } else if (set != null) {
            throw new IllegalArgumentException("RunFailure: set '" + set + "' given for stage " + stage
                    + "; only SET_CONDITION names a set");
        }
    }

    /**
     * A failure of a system (every stage but {@link Stage#OBSERVER}).
     *
     * @throws NullPointerException as the canonical constructor
     * @throws IllegalArgumentException as the canonical constructor
     */
    public RunFailure(String schedule, EcsSystem system, String plugin, Stage stage, String set) {
        this(schedule, system, plugin, stage, set, null);
    }

    /**
     * A failure of an observer ({@link Stage#OBSERVER}).
     *
     * @param schedule the innermost schedule whose observer threw
     * @param observer the observer; not null
     * @param plugin the observer's plugin (the schedule's name when the schedule declared it)
     * @return the failure
     */
    public static RunFailure ofObserver(String schedule, EcsObserver observer, String plugin) {
        return new RunFailure(schedule, null, plugin, Stage.OBSERVER, null, observer);
    }

    /**
     * The failure recorded for exactly this exception in this world, if any. A query: it changes
     * nothing in the world.
     *
     * @param world the world the schedule ran on; not null
     * @param thrown the exception that escaped the run API; not null
     * @return the failure whose exception is {@code thrown} (identity), or empty when the last recorded
     *     failure in this world is of another exception, or none is recorded
     * @throws NullPointerException if {@code world} or {@code thrown} is null; the message names it,
     *     e.g. {@code RunFailure.of: world is null}
     */
    public static Optional<RunFailure> of(World world, Throwable thrown) {
        Objects.requireNonNull(world, "RunFailure.of: world is null");
        Objects.requireNonNull(thrown, "RunFailure.of: thrown is null");
        return Optional.ofNullable(RunFailureLog.failureOf(world, thrown));
    }

    /**
     * The last failure recorded in this world, whatever its exception. Prefer {@link #of}, which
     * cannot confuse an older failure with the current one. A query: it changes nothing in the world.
     *
     * @param world the world; not null
     * @return the last recorded failure, or empty when none is (or it was dropped by a reset or purge)
     * @throws NullPointerException if {@code world} is null ({@code RunFailure.last: world is null})
     */
    public static Optional<RunFailure> last(World world) {
        Objects.requireNonNull(world, "RunFailure.last: world is null");
        return Optional.ofNullable(RunFailureLog.lastFailure(world));
    }

    /** @return the system's name; for {@link Stage#OBSERVER}, the observer's */
    public String systemName() {
        return system != null ? system.name() : observer.name();
    }

    /** @return the system's phase; null for {@link Stage#OBSERVER} */
    public Phase phase() {
        return system != null ? system.phase() : null;
    }

    /**
     * @return the stage in words, for log lines and fault reports: {@code run}, {@code condition},
     *     {@code set condition 'X'}, {@code hook beforeSystem}, {@code hook afterSystem},
     *     {@code hook onSkip}, {@code init}, {@code dispose} or {@code observer}
     */
    public String stageText() {
        return switch (stage) {
            case RUN -> "run";
            case CONDITION -> "condition";
            case SET_CONDITION -> "set condition '" + set + "'";
            case HOOK_BEFORE -> "hook beforeSystem";
            case HOOK_AFTER -> "hook afterSystem";
            case HOOK_SKIP -> "hook onSkip";
            case INIT -> "init";
            case DISPOSE -> "dispose";
            case OBSERVER -> "observer";
        };
    }

    /**
     * @return one line naming everything, e.g.
     *     {@code schedule 'main', system 'game/move', source 'game', stage set condition 'alive'}
     */
    @Override
    public String toString() {
        if (stage == Stage.OBSERVER) {
            return "schedule '" + schedule + "', observer '" + observer.name() + "', source '" + plugin + "', stage "
                    + stageText();
        }
        return "schedule '" + schedule + "', system '" + system.name() + "', source '" + plugin + "', stage "
                + stageText();
    }
}
