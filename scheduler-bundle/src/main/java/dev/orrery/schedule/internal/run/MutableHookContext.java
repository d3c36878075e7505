package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;

/**
 * The one {@link HookContext} of a schedule and world (SCH-150): created with the world's
 * {@link WorldRuntime} and overwritten by {@link #point} before every hook call, so hooks cost no
 * allocation (SCH-149). The engine clears the world reference when a run call returns, so an idle
 * context never keeps its world reachable (the runtime is keyed weakly by world).
 */
final class MutableHookContext implements HookContext {
    private final Schedule schedule;
    private World world;
    private EcsSystem system;
    private Phase phase;
    private double dt;

    MutableHookContext(Schedule schedule) {
        this.schedule = schedule;
    }

    /** Overwrites every field; called right before each hook call. */
    void point(World world, EcsSystem system, Phase phase, double dt) {
        this.world = world;
        this.system = system;
        this.phase = phase;
        this.dt = dt;
    }

    /** Drops the references to the world and the last system, at the end of a run call. */
    void clear() {
        this.world = null;
        this.system = null;
        this.phase = null;
    }

    @Override
    public Schedule schedule() {
        return schedule;
    }

    @Override
    public World world() {
        return world;
    }

    @Override
    public EcsSystem system() {
        return system;
    }

    @Override
    public Phase phase() {
        return phase;
    }

    @Override
    public double dt() {
        return dt;
    }

    @Override
    public String toString() {
        return "HookContext[schedule=" + schedule.name() + ", system=" + (system == null ? null : system.name())
                + ", phase=" + phase + ", dt=" + dt + "]";
    }
}
