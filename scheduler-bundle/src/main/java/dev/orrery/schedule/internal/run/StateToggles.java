package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * The enabled flags of one schedule: {@code enable}, {@code disable}, {@code isEnabled} (SCH-050 to
 * SCH-056, SCH-F07) and, beyond the spec, the phase toggle ({@code enablePhase}, {@code disablePhase},
 * {@code isPhaseEnabled}). Writes replace the world's {@link ScheduleState} record (SCH-063);
 * reads go through the world's enabled cache and add nothing. Every write also keeps the OnStart flag
 * truthful ({@link #keepTruthful}), as the run engine does at the start of a run call.
 *
 * <p>Confined to the world's thread, like the world; holds no world.
 */
final class StateToggles {
    private final RunLayout layout;
    private final RunArguments args;
    private final Trait<ScheduleState> stateTrait;
    private final WorldRuntimes runtimes;

    StateToggles(RunLayout layout, RunArguments args, Trait<ScheduleState> stateTrait, WorldRuntimes runtimes) {
        this.layout = layout;
        this.args = args;
        this.stateTrait = stateTrait;
        this.runtimes = runtimes;
    }

    void enable(World world, EcsSystem system) {
        args.requireWorld(world, "enable");
        String name = layout.systemNames[args.systemIndex(system, "enable")];
        ScheduleState current = current(world);
        List<String> next = with(current.disabled(), name, false);
        if (next != null) {
            world.set(stateTrait, current.withDisabled(next));
        }
    }

    void disable(World world, EcsSystem system) {
        args.requireWorld(world, "disable");
        String name = layout.systemNames[args.systemIndex(system, "disable")];
        ScheduleState current = current(world);
        List<String> next = with(current.disabled(), name, true);
        if (next != null) {
            world.set(stateTrait, current.withDisabled(next));
        }
    }

    boolean isEnabled(World world, EcsSystem system) {
        args.requireWorld(world, "isEnabled");
        int i = args.systemIndex(system, "isEnabled");
        // Reads through the world's enabled cache; does not add the state trait (a query).
        return !runtimes.of(world).isOwnDisabled(i);
    }

    /** Orrery's phase toggle: removes the phase's name from {@code disabledPhases}; idempotent. */
    void enablePhase(World world, Phase phase) {
        args.requireWorld(world, "enablePhase");
        String name = layout.phases[args.phaseIndex(phase, "enablePhase", "phase")].name();
        ScheduleState current = current(world);
        List<String> next = with(current.disabledPhases(), name, false);
        if (next != null) {
            world.set(stateTrait, current.withDisabledPhases(next));
        }
    }

    /** Orrery's phase toggle: adds the phase's name to {@code disabledPhases}; idempotent. */
    void disablePhase(World world, Phase phase) {
        args.requireWorld(world, "disablePhase");
        String name = layout.phases[args.phaseIndex(phase, "disablePhase", "phase")].name();
        ScheduleState current = current(world);
        List<String> next = with(current.disabledPhases(), name, true);
        if (next != null) {
            world.set(stateTrait, current.withDisabledPhases(next));
        }
    }

    /** Orrery's phase toggle: a query through the enabled cache; does not add the state trait. */
    boolean isPhaseEnabled(World world, Phase phase) {
        args.requireWorld(world, "isPhaseEnabled");
        int p = args.phaseIndex(phase, "isPhaseEnabled", "phase");
        return !runtimes.of(world).isPhaseDisabled(p);
    }

    /** @return the world's state record (added if absent), its OnStart flag made truthful first */
    private ScheduleState current(World world) {
        return keepTruthful(runtimes.of(world), world, world.add(stateTrait), stateTrait);
    }

    /**
     * @param names a list of disabled names, in order
     * @param name the name to add or remove
     * @param present whether {@code name} is to be in the result
     * @return the new list (an added name goes last, the others keep their order), or null when
     *     {@code names} already is as asked
     */
    private static List<String> with(List<String> names, String name, boolean present) {
        if (names.contains(name) == present) {
            return null;
        }
        List<String> next = new ArrayList<>(names.size() + 1);
        for (String n : names) {
            if (!n.equals(name)) {
                next.add(n);
            }
        }
        if (present) {
            next.add(name);
        }
        return next;
    }

    /**
     * Beyond the spec: writes {@link OnStartProgress#truthful} when the record says OnStart
     * is done although an OnStart system of this schedule is pending, so the record is truthful from
     * this schedule's first call on the world (run APIs, {@code enable}, {@code disable},
     * {@code enablePhase}, {@code disablePhase}); the same
     * identity compare as the enabled cache when nothing is to be done.
     *
     * @param stateTrait the schedule's state trait
     * @return the record now in the world
     */
    static ScheduleState keepTruthful(WorldRuntime rt, World world, ScheduleState current,
                                      Trait<ScheduleState> stateTrait) {
        ScheduleState next = rt.onStart.truthful(current);
        if (next != current) {
            world.set(stateTrait, next);
            if (rt.disabledFor == current) {
                rt.disabledFor = next; // same disabled list: the enabled cache stays valid
            }
        }
        return next;
    }
}
