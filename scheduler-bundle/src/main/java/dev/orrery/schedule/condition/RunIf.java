package dev.orrery.schedule.condition;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.Condition;
import dev.orrery.schedule.PassClock;
import dev.orrery.world.World;
import java.util.Objects;

/**
 * Beyond the spec (Orrery's own): a library of run conditions with the semantics of the
 * coroutine-pipeline reference's {@code runif} ({@code reference-coroutine-pipeline.md}, "Conditional
 * execution"): {@link #after}, {@link #every}, {@link #cooldown}, {@link #inState}, {@link #negate},
 * {@link #both}, {@link #either}. Each result is a plain {@link Condition} for {@code runIf} on a
 * system or a set, and is called with only the world (SCH-120).
 *
 * <pre>{@code
 * EcsSystem.builder("game/spawnWave").runIf(RunIf.both(RunIf.inState("game"), RunIf.every(0.5, 0.1)))
 *         .run(SpawnWave::run).build();
 * }</pre>
 *
 * <p><b>Where dt comes from: the pass clock.</b> A {@code Condition} gets no dt, so each world has a
 * pass clock (a world trait). A <em>pass</em> is one run call on a world ({@code run}, {@code runPhase}
 * or {@code runPhases}); the schedule begins a pass with the call's dt (seconds) before its first
 * system. A timed condition ({@code after}, {@code every}, {@code cooldown}) counts time only when it is
 * tested, by the pass's dt, at most once per pass; tested again in the same pass, it returns the same
 * decision. Consequences:
 * <ul>
 *   <li><b>One decision per pass.</b> A set's condition is tested before each member, and one condition
 *       object may gate several systems: within a pass they all see the same decision, and the time
 *       counts once (as Bevy evaluates a set's conditions once per schedule run).</li>
 *   <li><b>Time counts per pass, not per frame.</b> A frame driven by two calls with the same dt, e.g.
 *       {@code runPhase(world, update, dt)} then {@code runPhase(world, render, dt)}, is two passes: a
 *       condition tested in both (a set whose members lie in both phases, or one object shared by
 *       systems in both) counts {@code 2 * dt}. Drive a frame with one {@code run} or
 *       {@code runPhases} call, or keep each timed condition to systems of one phase.</li>
 *   <li><b>Untested time is not counted.</b> A pass in which a timed condition is not tested (its
 *       system disabled or its phase not run, an earlier condition false: the set conditions before
 *       the system's own and each {@code runIf} before the later ones, the left operand of
 *       {@code both} false or of {@code either} true) does not advance it: the timer pauses. So operand
 *       order changes stateful timing, as in the reference: {@code both(inState("game"), every(2))}
 *       pauses the interval outside the state, {@code both(every(2), inState("game"))} keeps it advancing
 *       and spends ticks that land outside the state. Put a gate first when its false state should
 *       pause the timer.</li>
 *   <li><b>State per condition object and world.</b> A timed condition keeps its state in a world trait
 *       of its own, so it belongs to the world: it survives schedule rebuilds that keep the condition
 *       object (plugins are immutable values, built once), is independent per world, and
 *       {@code world.reset()} starts it over. A new object (a new {@code every(2)}, e.g. from an updated
 *       plugin bundle) is a new timer.</li>
 *   <li><b>Saved with the world.</b> The timers, the pass clock, the jitter stream and the state stack
 *       are persistent world traits: a snapshot restores a cooldown half-way, and it fires in the same
 *       pass as it would have in the saved world. A timer's id is derived from its place in the
 *       schedule ({@link ClockedCondition#place}: schedule, system or set, condition index), so it is
 *       the same in another process and after a rebuild; each result of this class is a
 *       {@code ClockedCondition}, so it can also be given an explicit place.</li>
 *   <li><b>Deterministic.</b> Jitter is drawn from a per-world random stream ({@link #seed}; a fixed
 *       default seed otherwise), only when an interval starts; the same seed and the same passes give
 *       the same decisions.</li>
 *   <li><b>Outside a schedule</b> (a test, a custom loop), begin passes with {@link #tick}. A library
 *       condition hidden inside a lambda is not seen by the schedule, which then begins passes only
 *       once the world has a clock (from its first test); use the combinators instead.</li>
 * </ul>
 * After its first test in a world a condition allocates nothing per test (0 B, like the schedule's run
 * loop, SCH-117). Comparisons are on sums of dt in {@code double}.
 *
 * @since 0.1
 */
public final class RunIf {
    private RunIf() {
    }

    /**
     * One pass after the delay, then never again in that world: true in the first pass in which the
     * counted time (including that pass's dt) reaches {@code delay}, false in every other.
     * {@code after(0)} is true in its first pass.
     *
     * @param delay seconds; finite and {@code >= 0}
     * @return the condition (a new timer)
     * @throws IllegalArgumentException if {@code delay} is negative, NaN or infinite
     */
    public static Condition after(double delay) {
        return new After(requireSeconds(delay, "after", "delay", false));
    }

    /**
     * {@code every(interval, 0)}: true in each pass in which the counted time reaches the interval.
     *
     * @param interval seconds; finite and {@code > 0}
     * @return the condition (a new timer)
     * @throws IllegalArgumentException if {@code interval} is not a finite number {@code > 0}
     */
    public static Condition every(double interval) {
        return every(interval, 0);
    }

    /**
     * Repeats on an interval: true in each pass in which the time counted since the last true pass
     * (including that pass's dt) reaches the current interval, at most once per pass. The first interval
     * starts with the condition's first test in a world and counts that pass's dt, like every later
     * pass (with a fixed dt: {@code every(2)} at dt 1 is false, true, false, true...; {@code every(1)}
     * at dt 1 is true in every pass, its first included). Each interval is {@code interval} plus a jitter
     * drawn uniformly from {@code [-jitter, +jitter)} from the world's random stream ({@link #seed}),
     * clamped to at least a tenth of {@code interval} (never 0). The time beyond an interval carries into
     * the next one, modulo its length: a long pass fires once, without a burst.
     *
     * @param interval nominal seconds; finite and {@code > 0}
     * @param jitter seconds; finite and {@code >= 0} (0: no random draw)
     * @return the condition (a new timer)
     * @throws IllegalArgumentException if {@code interval} is not a finite number {@code > 0}, or
     *     {@code jitter} is negative, NaN or infinite
     */
    public static Condition every(double interval, double jitter) {
        requireSeconds(interval, "every", "interval", true);
        requireSeconds(jitter, "every", "jitter", false);
        return new Every(interval, jitter);
    }

    /**
     * True in its first pass in a world, then false until the time counted since the last true pass
     * reaches {@code duration}; then true again (and counting starts over: no carry).
     *
     * @param duration seconds; finite and {@code >= 0}
     * @return the condition (a new timer)
     * @throws IllegalArgumentException if {@code duration} is negative, NaN or infinite
     */
    public static Condition cooldown(double duration) {
        return new Cooldown(requireSeconds(duration, "cooldown", "duration", false));
    }

    /**
     * True while {@code state} is the top of the world's {@link StateStack}; false when the stack is
     * empty. Stateless.
     *
     * @param state the state's name; not null, not empty or blank
     * @return the condition
     * @throws NullPointerException if {@code state} is null
     * @throws IllegalArgumentException if {@code state} is empty or blank
     */
    public static Condition inState(String state) {
        Objects.requireNonNull(state, "RunIf.inState: state is null");
        if (state.isBlank()) {
            throw new IllegalArgumentException("RunIf.inState: state is empty or blank; a state name is required");
        }
        return new InState(state);
    }

    /**
     * The inverse of a condition, which is tested every time this one is.
     *
     * @param condition the condition; not null
     * @return the negation
     * @throws NullPointerException if {@code condition} is null
     */
    public static Condition negate(Condition condition) {
        return new Negate(Objects.requireNonNull(condition, "RunIf.negate: condition is null"));
    }

    /**
     * Logical AND, short-circuiting: {@code right} is tested only when {@code left} holds, so a timed
     * {@code right} pauses while {@code left} is false (see the class comment).
     *
     * @param left tested first; not null
     * @param right tested when {@code left} holds; not null
     * @return the conjunction
     * @throws NullPointerException if an operand is null
     */
    public static Condition both(Condition left, Condition right) {
        return new Both(Objects.requireNonNull(left, "RunIf.both: left is null"),
                Objects.requireNonNull(right, "RunIf.both: right is null"));
    }

    /**
     * Logical OR, short-circuiting: {@code right} is tested (and, if timed, advances) only when
     * {@code left} fails.
     *
     * @param left tested first; not null
     * @param right tested when {@code left} fails; not null
     * @return the disjunction
     * @throws NullPointerException if an operand is null
     */
    public static Condition either(Condition left, Condition right) {
        return new Either(Objects.requireNonNull(left, "RunIf.either: left is null"),
                Objects.requireNonNull(right, "RunIf.either: right is null"));
    }

    /**
     * Seeds the world's jitter stream: the following draws of every jittered {@link #every} in this
     * world come from a stream with this seed. Without a call the stream has a fixed default seed;
     * {@code world.reset()} drops the seed with the stream.
     *
     * @param world the world; not null
     * @param seed the seed
     * @throws NullPointerException if {@code world} is null
     */
    public static void seed(World world, long seed) {
        Objects.requireNonNull(world, "RunIf.seed: world is null");
        world.set(JitterStream.TRAIT, new JitterStream(seed));
    }

    /**
     * Begins a new pass of the world's pass clock with {@code dt}, as a schedule's run call does; for
     * testing library conditions outside a schedule. Do not call it from inside a run call.
     *
     * @param world the world; not null
     * @param dt seconds since the last pass; finite and {@code >= 0}
     * @throws NullPointerException if {@code world} is null
     * @throws IllegalArgumentException if {@code dt} is negative, NaN or infinite
     */
    public static void tick(World world, double dt) {
        Objects.requireNonNull(world, "RunIf.tick: world is null");
        PassClock.of(world).begin(requireSeconds(dt, "tick", "dt", false));
    }

    /** Passes a combinator's place on to an operand that keeps state ({@link ClockedCondition#place}). */
    static void placeOperand(Condition operand, String place) {
        if (operand instanceof ClockedCondition c) {
            c.place(place);
        }
    }

    private static double requireSeconds(double value, String api, String what, boolean positive) {
        boolean ok = positive ? value > 0 : value >= 0;
        if (!ok || value == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("RunIf." + api + ": " + what + " must be a finite number of seconds "
                    + (positive ? "> 0" : ">= 0") + ", got " + value);
        }
        return value;
    }
}
