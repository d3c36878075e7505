package dev.orrery.schedule;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.LateDefinitions;
import java.util.Objects;

/**
 * Virtual time of one world: pause, time scale and the clamp of a frame's dt, one rule for every
 * world and for the host's frame loop.
 *
 * <p>A world has virtual time once {@link #of} added it. From then on each {@code Schedule.run} call on
 * the world turns its dt into {@link #apply(double) virtual dt}: {@code 0} while paused, otherwise
 * {@code min(dt, maxDelta) * scale}. Variable phases get the virtual dt; fixed-step clocks
 * ({@link FixedClock}) accumulate it, so scale 0.5 gives half as many fixed steps and a pause none
 * (their tick stays). While paused, variable phases run with dt 0 unless
 * {@link #skipVariableWhilePaused(boolean)} is set, which skips them too. {@code runPhase} and
 * {@code runPhases} are not affected: their dt is passed unchanged (SCH-031). A world without
 * virtual time gets the caller's dt unchanged.
 *
 * <p>Kept in the persistent world trait {@link #TRAIT} (id {@code "virtual time"}): it survives
 * rebuilds, a snapshot saves it (paused, scale, maxDelta, skipVariableWhilePaused), and
 * {@link World#reset()} removes it.
 * World thread only, like the world.
 *
 * @since 0.1
 */
public final class VirtualTime {
    /** The world trait holding virtual time; the key is immutable, the value per world. */
    public static final Trait<VirtualTime> TRAIT = Trait.<VirtualTime>builder("virtual time").defaultFactory(VirtualTime::new)
            .persistent(1, TraitCodec.of(VirtualTime::toTree, VirtualTime::fromTree)).build();

    private boolean paused;
    private boolean skipVariableWhilePaused;
    private double scale = 1;
    private double maxDelta = Double.POSITIVE_INFINITY;

    private VirtualTime() {
    }

    /**
     * @param world the world; not null
     * @return the world's virtual time, added (running, scale 1, no clamp) if it has none
     */
    public static VirtualTime of(World world) {
        Objects.requireNonNull(world, "VirtualTime.of: world is null");
        VirtualTime t = world.get(TRAIT);
        if (t == null) {
            t = LateDefinitions.worldValue(world, TRAIT);
        }
        return t != null ? t : world.add(TRAIT);
    }

    /**
     * The clamp of a frame's dt, shared by worlds and the host: {@code min(dt, maxDelta)}.
     *
     * @param dt seconds, {@code >= 0}
     * @param maxDelta seconds, {@code > 0} (may be infinite)
     * @return the clamped dt in seconds
     */
    public static double clamp(double dt, double maxDelta) {
        return Math.min(dt, maxDelta);
    }

    /** Pauses: fixed clocks stop, variable phases get dt 0 (or are skipped). Idempotent. */
    public void pause() {
        paused = true;
    }

    /** Resumes after {@link #pause()}. Idempotent. */
    public void resume() {
        paused = false;
    }

    /** @return whether paused */
    public boolean isPaused() {
        return paused;
    }

    /**
     * @param scale the time scale: 1 real time, 0.5 slow motion, 2 fast forward, 0 frozen; finite and {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if {@code scale} is negative, NaN or infinite
     */
    public VirtualTime scale(double scale) {
        if (!(scale >= 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("VirtualTime.scale: must be finite and >= 0, got " + scale);
        }
        this.scale = scale;
        return this;
    }

    /** @return the time scale (default 1) */
    public double scale() {
        return scale;
    }

    /**
     * @param maxDelta the longest frame dt, seconds, applied before scaling; {@code > 0}, infinite for no clamp
     * @return this
     * @throws IllegalArgumentException if {@code maxDelta} is not positive or is NaN
     */
    public VirtualTime maxDelta(double maxDelta) {
        if (!(maxDelta > 0)) {
            throw new IllegalArgumentException("VirtualTime.maxDelta: must be > 0 seconds, got " + maxDelta);
        }
        this.maxDelta = maxDelta;
        return this;
    }

    /** @return the clamp of a frame's dt in seconds (default infinite: none) */
    public double maxDelta() {
        return maxDelta;
    }

    /**
     * @param skip whether variable phases are skipped while paused, instead of running with dt 0 (default false)
     * @return this
     */
    public VirtualTime skipVariableWhilePaused(boolean skip) {
        this.skipVariableWhilePaused = skip;
        return this;
    }

    /** @return whether variable phases are skipped while paused */
    public boolean skipsVariableWhilePaused() {
        return skipVariableWhilePaused;
    }

    /**
     * @param dt a frame's real dt, seconds, {@code >= 0}
     * @return its virtual dt: 0 while paused, else {@code clamp(dt, maxDelta) * scale}
     */
    public double apply(double dt) {
        return paused ? 0 : clamp(dt, maxDelta) * scale;
    }

    /** Virtual time in a snapshot; an infinite maxDelta (no clamp) is written as null. */
    private static Tree toTree(VirtualTime t) {
        return Tree.obj("paused", Tree.of(t.paused), "skipVariableWhilePaused", Tree.of(t.skipVariableWhilePaused),
                "scale", Tree.of(t.scale), "maxDelta", Double.isInfinite(t.maxDelta) ? Tree.nil() : Tree.of(t.maxDelta));
    }

    private static VirtualTime fromTree(Tree tree) {
        if (!(tree instanceof Tree.Obj o) || !(o.get("paused") instanceof Tree.Bool paused)
                || !(o.get("skipVariableWhilePaused") instanceof Tree.Bool skip) || !(o.get("scale") instanceof Tree.Real scale)
                || !(o.get("maxDelta") instanceof Tree.Real || o.get("maxDelta") instanceof Tree.Null)) {
            throw new IllegalArgumentException("virtual time: expected paused, skipVariableWhilePaused, scale and maxDelta, got "
                    + tree);
        }
        VirtualTime t = new VirtualTime();
        t.paused = paused.value();
        t.skipVariableWhilePaused = skip.value();
        t.scale(scale.value());
        if (o.get("maxDelta") instanceof Tree.Real max) {
            t.maxDelta(max.value());
        }
        return t;
    }

    /** @return e.g. {@code VirtualTime[paused=false, scale=1.0, maxDelta=0.1]} */
    @Override
    public String toString() {
        return "VirtualTime[paused=" + paused + ", scale=" + scale + ", maxDelta=" + maxDelta + "]";
    }
}
