package dev.orrery.schedule;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.LateDefinitions;

/**
 * Beyond the spec (Orrery's own): the per-world pass clock, which gives a {@link Condition} the dt of
 * the current run call while it is still called with only the world (SCH-120). The run-condition
 * library ({@code dev.orrery.schedule.condition}) reads it; so may conditions of your own.
 *
 * <p>A <em>pass</em> is one run call ({@link Schedule#run}, {@link Schedule#runPhase},
 * {@link Schedule#runPhases}) of a schedule on a world. Before the call's first system the schedule
 * {@linkplain #begin begins} a new pass with the call's dt, when the world has this clock or the
 * schedule holds a {@link ClockedCondition}; when the call returns or throws it {@linkplain #end
 * restores} the pass it interrupted (a run call made from inside a system). A condition that counts
 * time advances by {@link #dt()} at most once per {@link #pass()}, so a set condition tested once per
 * member still advances once per pass.
 *
 * <p><b>Who calls what.</b> Conditions call {@link #of}, {@link #pass()} and {@link #dt()}. Only a
 * schedule's run engine calls {@link #begin} and {@link #end}, paired, around a run call; outside a
 * schedule (a condition tested on its own), {@code RunIf.tick(world, dt)} begins a pass. Everything
 * happens on the world's thread: the clock is mutable and confined to it, like the world.
 *
 * <p>Kept in the world trait {@link #TRAIT}: it belongs to the world, so it survives rebuilds and is
 * removed by {@link World#reset()}.
 *
 * @since 0.1
 */
public final class PassClock {
    /** The world trait holding the clock; the key is immutable, the value per world. */
    public static final Trait<PassClock> TRAIT = Trait.<PassClock>builder("run-condition pass clock")
            .defaultFactory(PassClock::new).persistent(1, TraitCodec.of(PassClock::toTree, PassClock::fromTree)).build();

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
        if (clock == null) {
            clock = LateDefinitions.worldValue(world, TRAIT);
        }
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
     * Begins a new pass with {@code dt}. For run engines and {@code RunIf.tick}; see above.
     *
     * @param dt seconds; finite and {@code >= 0} (checked by the caller)
     */
    public void begin(double dt) {
        this.pass = ++lastPass;
        this.dt = dt;
    }

    /**
     * Restores the pass a nested one interrupted. For run engines, paired with {@link #begin}.
     *
     * @param pass the pass {@link #pass()} returned before {@link #begin}
     * @param dt the dt {@link #dt()} returned before {@link #begin}
     */
    public void end(long pass, double dt) {
        this.pass = pass;
        this.dt = dt;
    }

    /** The pass counter in a snapshot: what makes timed conditions count on after a restore. */
    private static Tree toTree(PassClock c) {
        return Tree.obj("lastPass", Tree.of(c.lastPass), "pass", Tree.of(c.pass), "dt", Tree.of(c.dt));
    }

    private static PassClock fromTree(Tree t) {
        PassClock c = new PassClock();
        Tree.Obj o = (Tree.Obj) t;
        c.lastPass = ((Tree.Int) o.get("lastPass")).value();
        c.pass = ((Tree.Int) o.get("pass")).value();
        c.dt = ((Tree.Real) o.get("dt")).value();
        return c;
    }
}
