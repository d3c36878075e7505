package dev.orrery.schedule;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.LateDefinitions;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Collections;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The state of one {@link FixedClock} in one world: the step counter ({@link #tick()}), the
 * accumulator and the catch-up counters. Read it from any system, for instance {@link #alpha()} to
 * interpolate in a variable phase between the last two fixed steps.
 *
 * <p><b>The accumulator.</b> On each run call that reaches the clock's phases, the frame's dt (after
 * {@link VirtualTime} scaling; nothing while paused) is added in integer nanoseconds, the sum is
 * capped at {@link FixedClock#maxCatchUp()}, and the clock steps once per whole step held, at most
 * {@link FixedClock#maxStepsPerFrame()} times. The whole steps beyond that are dropped at once (the
 * accumulator keeps less than one step), counted in {@link #droppedSteps()}, and, with the time the cap
 * cut off, in {@link #timeDebt()}; drops are logged as a WARNING at most once per second of frame time
 * (the dt the caller passes to {@code run}, so the caller's clock decides). Each step first increments
 * {@link #tick()} and takes one step from the accumulator, then runs the clock's phases with
 * {@code dt == step()}.
 *
 * <p><b>Resume without replay.</b> When a system of a step throws, the step is marked
 * {@linkplain #isStepInterrupted() interrupted} after that system; the next run call that reaches the
 * clock first finishes that step with the systems after the failed one (no earlier system of the step
 * runs again and the tick does not advance again), then runs the new frame's steps. "Throws" covers
 * the system's whole turn: its run function (a nested schedule's system it steps included), its run
 * conditions and its sets', hooks called for it, and a publish it requested with the observers that
 * publish calls. A throw from a publish the phase makes itself (at a declared barrier or at the
 * phase's end: a failed publish, an observer) marks the step after the last system before that
 * publish, whichever system a failed publish is blamed on. If the resuming call
 * does not include the interrupted phase (a rebuild removed it, or a {@code runPhase} call steps
 * another phase of the clock), the rest of the step is abandoned; a failed system that is gone
 * abandons the rest of its phase only. A throw from an init function resumes where its phase began.
 *
 * <p><b>Where it lives.</b> In the world trait {@link #TRAIT}, by clock name, so it belongs to the world:
 * it survives rebuilds of the schedule and follows the world like the schedule's state record, and
 * {@link World#reset()} clears it. The trait is persistent (id {@code "fixed-step clocks"}): a snapshot
 * saves each clock's settings, tick, accumulator (integer nanoseconds), elapsed time, dropped steps,
 * time debt, the log's rate-limit state, the driving schedule and an interrupted step, so a restored
 * world steps at the same frames and resumes an interrupted step after the same system. One schedule drives a clock in a world: a second schedule stepping a
 * clock of the same name in the same world is refused with an {@link IllegalStateException} naming both.
 *
 * <p><b>Who calls what.</b> Game code calls {@link #of} and the readers. Only a schedule's run engine
 * calls {@link #claim}, {@link #beginFrame}, {@link #skipFrame}, {@link #beginStep}, {@link #interrupt} and {@link #endInterruption}. World
 * thread only, like the world.
 *
 * @since 0.1
 */
public final class FixedTime {
    /** The world trait holding the fixed clocks' state by name; the key is immutable, the value per world. */
    public static final Trait<Clocks> TRAIT = Trait.<Clocks>builder("fixed-step clocks").defaultFactory(Clocks::new)
            .persistent(1, TraitCodec.of(FixedTime::toTree, FixedTime::fromTree)).build();
    private static final long ONE_SECOND = 1_000_000_000L;

    private FixedClock clock;
    private String driver;
    private long tick;
    private long accumulator;
    private long elapsed;
    private long droppedSteps;
    private long timeDebt;
    private int stepsLastFrame;
    private long sinceLog = ONE_SECOND;
    private long droppedSinceLog;
    private String interruptedPhase;
    private String interruptedAfter;

    private FixedTime(FixedClock clock) {
        this.clock = clock;
    }

    /**
     * @param world the world; not null
     * @param clock the clock, found by its {@linkplain FixedClock#name() name}; not null
     * @return the clock's state in the world, added (tick 0, empty accumulator) if absent
     */
    public static FixedTime of(World world, FixedClock clock) {
        Objects.requireNonNull(world, "FixedTime.of: world is null");
        Objects.requireNonNull(clock, "FixedTime.of: clock is null");
        Clocks clocks = world.get(TRAIT);
        if (clocks == null) {
            clocks = LateDefinitions.worldValue(world, TRAIT);
        }
        if (clocks == null) {
            clocks = world.add(TRAIT);
        }
        FixedTime t = clocks.byName.get(clock.name());
        if (t == null) {
            t = new FixedTime(clock);
            clocks.byName.put(clock.name(), t);
        }
        return t;
    }

    /** @return the clock that last stepped this state (or the one it was created with) */
    public FixedClock clock() {
        return clock;
    }

    /** @return the steps begun so far; one hour of 60 Hz frames is exactly 216,000 */
    public long tick() {
        return tick;
    }

    /** @return the step in seconds: the dt of the clock's systems */
    public double step() {
        return clock.stepSeconds();
    }

    /**
     * @return the accumulator over the step, in {@code [0, 1)} between frames: how far the present is
     *     past the last step, for interpolating between the last two fixed states
     */
    public double alpha() {
        return (double) accumulator / clock.stepNanos();
    }

    /** @return the time accumulated and not yet stepped, nanoseconds */
    public long accumulatorNanos() {
        return accumulator;
    }

    /** @return the fixed time simulated so far (the sum of the steps begun) */
    public Duration elapsed() {
        return Duration.ofNanos(elapsed);
    }

    /** @return whole steps that were due and dropped by the catch-up limits, in total */
    public long droppedSteps() {
        return droppedSteps;
    }

    /** @return the frame time never simulated because of the catch-up limits, in total */
    public Duration timeDebt() {
        return Duration.ofNanos(timeDebt);
    }

    /** @return how many steps the last frame that reached the clock ran */
    public int stepsLastFrame() {
        return stepsLastFrame;
    }

    /** @return whether a step was interrupted by a throwing system and waits to be finished */
    public boolean isStepInterrupted() {
        return interruptedPhase != null;
    }

    /** @return the phase of the interrupted step, or null */
    public String interruptedPhase() {
        return interruptedPhase;
    }

    /** @return the system of the interrupted step after which it resumes, or null for the phase's start */
    public String interruptedAfter() {
        return interruptedAfter;
    }

    /**
     * For run engines: a frame reaches the clock. Adds {@code frameNanos}, applies the limits and
     * returns how many steps to run now; the caller then calls {@link #beginStep()} that many times.
     *
     * @param schedule the name of the schedule driving the clock
     * @param driving the clock as that schedule declares it (its settings apply from now)
     * @param frameNanos the frame's dt after virtual time, nanoseconds; {@code >= 0}
     * @param realNanos the frame's dt before virtual time, nanoseconds, for the log's rate limit
     * @return the steps to run, {@code 0..maxStepsPerFrame}
     * @throws IllegalStateException if another schedule drives this clock in this world
     */
    public int beginFrame(String schedule, FixedClock driving, long frameNanos, long realNanos) {
        if (driver != schedule) { // the steady case is the same String object, frame after frame
            claim(schedule, driving);
        }
        if (clock != driving) {
            clock = driving; // the steady case stores nothing: no write barrier per frame
        }
        long step = driving.stepNanos();
        long total = accumulator + frameNanos;
        long capped = Math.min(total, driving.maxCatchUpNanos());
        long due;
        long whole;
        if (total < 2 * step && capped == total) {
            due = total >= step ? 1 : 0; // the usual frame: no division
            whole = due;
        } else {
            due = total / step;
            whole = capped / step;
        }
        int run = (int) Math.min(whole, driving.maxStepsPerFrame());
        accumulator = capped - whole * step + run * step;
        long dropped = due - run;
        stepsLastFrame = run;
        if (sinceLog < ONE_SECOND) {
            sinceLog += realNanos;
        }
        if (dropped > 0) {
            droppedSteps += dropped;
            timeDebt += total - capped + (whole - run) * step;
            droppedSinceLog += dropped;
            if (sinceLog >= ONE_SECOND) {
                System.getLogger("dev.orrery.schedule").log(Level.WARNING, () -> "schedule '" + schedule + "': fixed clock '" + driving.name() + "' dropped "
                        + droppedSinceLog + " step(s) (" + droppedSteps + " in total, time debt " + timeDebt()
                        + "): frames are longer than maxCatchUp " + driving.maxCatchUp() + " or maxStepsPerFrame "
                        + driving.maxStepsPerFrame() + " steps allow");
                sinceLog = 0;
                droppedSinceLog = 0;
            }
        }
        return run;
    }

    /** For run engines: a frame reaches the clock while virtual time is paused: no step, nothing added. */
    public void skipFrame() {
        stepsLastFrame = 0;
    }

    /** For run engines: a step begins; the tick advances and one step leaves the accumulator. */
    public void beginStep() {
        tick++;
        accumulator -= clock.stepNanos();
        elapsed += clock.stepNanos();
    }

    /**
     * For run engines: the current step was interrupted by a throw.
     *
     * @param phase the phase that threw
     * @param after the system that threw (the step resumes after it), or null to resume at the phase's start
     */
    public void interrupt(String phase, String after) {
        this.interruptedPhase = Objects.requireNonNull(phase, "FixedTime.interrupt: phase is null");
        this.interruptedAfter = after;
    }

    /** For run engines: the interrupted step was finished (or abandoned). */
    public void endInterruption() {
        this.interruptedPhase = null;
        this.interruptedAfter = null;
    }

    /**
     * For run engines: claims the clock for a schedule.
     *
     * @param schedule the schedule's name
     * @param driving the clock as it declares it
     * @throws IllegalStateException if another schedule drives it in this world
     */
    public void claim(String schedule, FixedClock driving) {
        if (driver == null) {
            driver = schedule;
        } else if (!driver.equals(schedule)) {
            throw new IllegalStateException("fixed clock '" + driving.name() + "' is driven by schedule '" + driver
                    + "' in this world; schedule '" + schedule + "' cannot step it too (give it a clock of its own)");
        } else {
            driver = schedule; // the same name: keep the caller's String, so its next frames take the fast path
        }
        clock = driving;
    }

    /** @return e.g. {@code FixedTime[fixed, tick=42, alpha=0.25, stepsLastFrame=1, droppedSteps=0]} */
    @Override
    public String toString() {
        return "FixedTime[" + clock.name() + ", tick=" + tick + ", alpha=" + alpha() + ", stepsLastFrame=" + stepsLastFrame
                + ", droppedSteps=" + droppedSteps + "]";
    }

    /** The clocks in a snapshot: an array sorted by clock name, so equal states give equal bytes. */
    private static Tree toTree(Clocks clocks) {
        List<Tree> items = new ArrayList<>(clocks.byName.size());
        new TreeMap<>(clocks.byName).forEach((name, t) -> items.add(Tree.obj(
                "name", Tree.of(name),
                "stepNanos", Tree.of(t.clock.stepNanos()),
                "maxStepsPerFrame", Tree.of(t.clock.maxStepsPerFrame()),
                "maxCatchUpNanos", Tree.of(t.clock.maxCatchUpNanos()),
                "driver", StateTrees.textOrNil(t.driver),
                "tick", Tree.of(t.tick),
                "accumulatorNanos", Tree.of(t.accumulator),
                "elapsedNanos", Tree.of(t.elapsed),
                "droppedSteps", Tree.of(t.droppedSteps),
                "timeDebtNanos", Tree.of(t.timeDebt),
                "stepsLastFrame", Tree.of(t.stepsLastFrame),
                "sinceLogNanos", Tree.of(t.sinceLog),
                "droppedSinceLog", Tree.of(t.droppedSinceLog),
                "interruptedPhase", StateTrees.textOrNil(t.interruptedPhase),
                "interruptedAfter", StateTrees.textOrNil(t.interruptedAfter))));
        return new Tree.Array(items);
    }

    private static Clocks fromTree(Tree tree) {
        if (!(tree instanceof Tree.Array a)) {
            throw new IllegalArgumentException("fixed-step clocks: expected an array of clocks, got " + tree);
        }
        Clocks clocks = new Clocks();
        for (Tree item : a.items()) {
            Tree.Obj o = StateTrees.obj(item, "fixed-step clocks[]");
            String name = StateTrees.textOrNull(o, "name", "fixed-step clocks[]");
            if (name == null || clocks.byName.containsKey(name)) {
                throw new IllegalArgumentException("fixed-step clocks: a clock's name is missing or given twice: " + name);
            }
            String path = "fixed-step clock '" + name + "'";
            FixedClock clock = FixedClock.ofStep(name, Duration.ofNanos(StateTrees.integer(o, "stepNanos", path)))
                    .maxStepsPerFrame(StateTrees.intField(o, "maxStepsPerFrame", path))
                    .maxCatchUp(Duration.ofNanos(StateTrees.integer(o, "maxCatchUpNanos", path)));
            FixedTime t = new FixedTime(clock);
            t.driver = StateTrees.textOrNull(o, "driver", path);
            t.tick = StateTrees.integer(o, "tick", path);
            t.accumulator = StateTrees.integer(o, "accumulatorNanos", path);
            t.elapsed = StateTrees.integer(o, "elapsedNanos", path);
            t.droppedSteps = StateTrees.integer(o, "droppedSteps", path);
            t.timeDebt = StateTrees.integer(o, "timeDebtNanos", path);
            t.stepsLastFrame = StateTrees.intField(o, "stepsLastFrame", path);
            t.sinceLog = StateTrees.integer(o, "sinceLogNanos", path);
            t.droppedSinceLog = StateTrees.integer(o, "droppedSinceLog", path);
            t.interruptedPhase = StateTrees.textOrNull(o, "interruptedPhase", path);
            t.interruptedAfter = StateTrees.textOrNull(o, "interruptedAfter", path);
            clocks.byName.put(name, t);
        }
        return clocks;
    }

    /**
     * The value of {@link #TRAIT}: the fixed clocks of one world by name. World thread only.
     *
     * @since 0.1
     */
    public static final class Clocks {
        private final Map<String, FixedTime> byName = new HashMap<>();

        private Clocks() {
        }

        /** @return the clocks' states by name, in no particular order; unmodifiable view */
        public Map<String, FixedTime> byName() {
            return Collections.unmodifiableMap(byName);
        }
    }
}
