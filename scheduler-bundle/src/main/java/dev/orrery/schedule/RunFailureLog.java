package dev.orrery.schedule;

import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.unload.Purgeable;
import dev.orrery.world.unload.Unloading;
import java.util.List;

/**
 * The last {@link RunFailure} of one world and the exception it is about, kept as the value of a world
 * trait: what {@link RunFailure#of} and {@link RunFailure#last} read.
 *
 * <p><b>Who calls what.</b> Only a schedule's run engine writes it, with {@link #record}, on the
 * exception path of a run API (and of {@code disposeRemoved}/{@code disposeAll}); user code reads
 * failures through {@link RunFailure}. A {@link Purgeable} value: the record refers to the failed
 * system (its run function) and to the exception, both usually of a plugin's classes, so
 * {@code WorldPurge.purge} drops it when they belong to unloaded code and a departed plugin's class
 * loader is not kept reachable through it. World thread only, like the world.
 *
 * <p>No static state (SCH-064): the trait is created per world with the first failure, and found
 * again by a scan of the world's traits for the one whose value is a {@code RunFailureLog}
 * (O(world traits), a handful; only on the exception path and in the queries).
 *
 * @since 0.1
 */
public final class RunFailureLog implements Purgeable {
    /** How far along {@link Throwable#getCause()} the purge looks for exceptions of unloaded code. */
    private static final int CAUSE_DEPTH = 16;

    private Throwable thrown;
    private RunFailure failure;

    private RunFailureLog() {
    }

    /**
     * Records a failure unless the same exception was already recorded by another schedule (an inner
     * one: the innermost schedule wins). A record by the same schedule name is from an earlier pass,
     * since a schedule cannot run inside itself on one world (SCH-043, SCH-062), and is replaced.
     * The caller, a run engine, ignores whatever this throws (an OutOfMemoryError, say) and rethrows
     * {@code thrown} unchanged.
     *
     * @param world the world the schedule ran on
     * @param thrown the exception
     * @param failure where it was thrown
     */
    public static void record(World world, Throwable thrown, RunFailure failure) {
        RunFailureLog log = find(world);
        if (log == null) {
            log = world.add(Trait.of("orrery/run failure", RunFailureLog::new));
        }
        if (log.thrown == thrown && !log.failure.schedule().equals(failure.schedule())) {
            return;
        }
        log.thrown = thrown;
        log.failure = failure;
    }

    /**
     * @param world the world; not null
     * @param thrown the exception; not null
     * @return the failure recorded for exactly that exception, or null
     */
    static RunFailure failureOf(World world, Throwable thrown) {
        RunFailureLog log = find(world);
        return log != null && log.thrown == thrown ? log.failure : null;
    }

    /**
     * @param world the world; not null
     * @return the last recorded failure, or null
     */
    static RunFailure lastFailure(World world) {
        RunFailureLog log = find(world);
        return log == null ? null : log.failure;
    }

    /** @return the world's log: the value of the world trait that holds one, or null if none does */
    private static RunFailureLog find(World world) {
        for (Trait<?> trait : world.worldTraits()) {
            if (world.get(trait) instanceof RunFailureLog log) {
                return log;
            }
        }
        return null;
    }

    /**
     * Drops the record when the exception (or one of its causes), the system's run function, its run
     * condition or the run condition of one of its sets belongs to unloaded code.
     *
     * @param unloading what is being unloaded
     * @return 1 if the record was dropped, else 0
     */
    @Override
    public int purge(Unloading unloading) {
        if (failure == null || !refersTo(unloading)) {
            return 0;
        }
        thrown = null;
        failure = null;
        return 1;
    }

    private boolean refersTo(Unloading unloading) {
        Throwable t = thrown;
        for (int depth = 0; t != null && depth < CAUSE_DEPTH; depth++, t = t.getCause()) {
            if (unloading.isUnloaded(t)) {
                return true;
            }
        }
        if (failure.observer() != null) {
            return unloading.isUnloaded(failure.observer().run());
        }
        EcsSystem system = failure.system();
        if (unloading.isUnloaded(system.run()) || anyUnloaded(unloading, system.conditions())) {
            return true;
        }
        for (SystemSet set : system.sets()) {
            if (anyUnloaded(unloading, set.conditions())) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyUnloaded(Unloading unloading, List<Condition> conditions) {
        for (Condition condition : conditions) {
            if (unloading.isUnloaded(condition)) {
                return true;
            }
        }
        return false;
    }
}
