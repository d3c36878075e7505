package dev.orrery.schedule.internal;

import dev.orrery.world.Trait;
import dev.orrery.world.World;

/**
 * Beyond the spec (Orrery's own, issue 14): the per-world pass clock that gives the run-condition
 * library ({@code dev.orrery.schedule.condition}) its dt while a {@code Condition} is still called with
 * only the world (SCH-120).
 *
 * <p>A <em>pass</em> is one run call ({@code run}, {@code runPhase}, {@code runPhases}) of a schedule on
 * a world. At the start of each pass the schedule {@linkplain #begin begins} a new pass with the call's
 * dt (in seconds) when the world has this clock or the schedule holds library conditions; at its end
 * it {@linkplain #end restores} the pass it interrupted (a run call made from inside a system).
 * Library conditions advance their time by {@link #dt()} at most once per {@link #pass()}, so a set
 * condition tested once per member still advances once per pass.
 *
 * <p>Kept in the world trait {@link #TRAIT}: it belongs to the world, so it survives rebuilds and is
 * removed by {@code world.reset()}. Mutable, confined to the world's thread, like the world. Not
 * exported (internal package): users reach it through {@code RunIf.tick(world, dt)}.
 */
public final class PassClock {
    /** The world trait holding the clock; the key is immutable, the value per world. */
    public static final Trait<PassClock> TRAIT = Trait.of("run-condition pass clock", PassClock::new);

    private long lastPass;
    private long pass;
    private double dt;

    private PassClock() {
    }

    /**
     * @param world the world; not null
     * @return the world's clock, added (pass 0, dt 0) if it has none
     */
    public static PassClock of(World world) {
        PassClock clock = world.get(TRAIT);
        return clock != null ? clock : world.add(TRAIT);
    }

    /** @return the current pass: 0 before the first, then a new positive number per pass */
    public long pass() {
        return pass;
    }

    /** @return the dt of the current pass in seconds (0 before the first pass) */
    public double dt() {
        return dt;
    }

    /**
     * Begins a new pass with {@code dt}.
     *
     * @param dt seconds; finite and {@code >= 0} (checked by the caller)
     */
    public void begin(double dt) {
        this.pass = ++lastPass;
        this.dt = dt;
    }

    /**
     * Restores a pass interrupted by a nested one.
     *
     * @param pass the pass {@link #pass()} returned before {@link #begin}
     * @param dt the dt {@link #dt()} returned before {@link #begin}
     */
    public void end(long pass, double dt) {
        this.pass = pass;
        this.dt = dt;
    }
}
