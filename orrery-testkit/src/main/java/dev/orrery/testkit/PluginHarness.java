package dev.orrery.testkit;

import dev.orrery.host.core.StaticState;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import dev.orrery.world.CommitStats;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Runs plugins in one schedule on one world with a fixed dt, without OSGi, and records every system
 * considered in each frame: a plugin's unit test in a few lines.
 *
 * <pre>{@code
 * PluginHarness h = PluginHarness.of(MyPlugin.PLUGIN).dt(1.0 / 60);
 * h.seed(MyPlugin.SCORE, new Score(10));
 * h.step(3);
 * assertEquals(13, h.get(MyPlugin.SCORE).value());
 * h.assertRanInOrder("my/input", "my/score");
 * }</pre>
 *
 * <p>The schedule is built once, by {@link #of(Plugin...)}; a build problem (a cycle, a missing phase)
 * throws {@link dev.orrery.schedule.ScheduleBuildException} from there, with the scheduler's message.
 *
 * <p><b>Structural transactions.</b> Each phase of a step is one structural transaction, as in a host
 * (see {@code World}, "Structural transactions"). The harness's world is in strict mode by default: a
 * structural operation on an entity that the same transaction destroyed fails the step with a
 * {@link dev.orrery.world.DeadTargetException} naming the system, instead of being skipped with a
 * warning ({@link #strict(boolean)} to turn it off). {@link #stepPhase(Phase)} runs a single phase,
 * and {@link #lastCommits()} says what the last step published:
 * <pre>{@code
 * h.stepPhase(Phase.ON_UPDATE);
 * assertEquals(3, h.lastCommits().entitiesInserted());
 * assertEquals(3, h.world().query(BULLETS).count());
 * }</pre>
 *
 * <p>Implementation notes: not thread-safe; one test thread owns a harness, its world and its
 * records (the schedule runs on the calling thread).
 *
 * @since 0.1
 */
public final class PluginHarness {
    private final Schedule schedule;
    private final List<String> warnings;
    private final World world = new World();
    private final List<SystemRun> records = new ArrayList<>();
    private double dt = 1.0 / 60;
    private long frame;
    private CommitStats last = new World().commitStats();

    {
        world.transaction().setStrict(true);
    }

    private PluginHarness(List<Plugin> plugins) {
        this.schedule = Schedule.builder("main").plugins(plugins).hooks(new Recorder()).build();
        List<String> found = new ArrayList<>();
        for (Plugin p : plugins) {
            for (String field : StaticState.fields(p)) {
                found.add("plugin '" + p.name() + "': " + StaticState.warning(field));
            }
        }
        this.warnings = List.copyOf(found);
        System.Logger log = System.getLogger(PluginHarness.class.getName());
        warnings.forEach(w -> log.log(System.Logger.Level.WARNING, w));
    }

    /**
     * What the host would warn about when it installs these plugins, found when the harness was made
     * (and logged then, at WARNING, under this class's name): one line per mutable static field of a
     * plugin's own classes, e.g. {@code plugin 'score': state in static field my.ScorePlugin.kills is lost
     * on every update: keep it in a world trait} (see {@code dev.orrery.host.core.StaticState} for which
     * classes and fields count). A test may assert that there are none.
     *
     * @return the warnings, in plugin order (unmodifiable; empty when there are none)
     */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * @param plugins the plugins under test (and the ones they rely on), in schedule order
     * @return a harness on a new world, dt 1/60 s
     * @throws dev.orrery.schedule.ScheduleBuildException if the plugins do not make a valid schedule
     * @throws NullPointerException if a plugin is null
     */
    public static PluginHarness of(Plugin... plugins) {
        for (int i = 0; i < plugins.length; i++) {
            Objects.requireNonNull(plugins[i], "PluginHarness.of: plugin #" + i + " is null");
        }
        return new PluginHarness(Arrays.asList(plugins));
    }

    /**
     * @param seconds the fixed dt of every later frame, seconds; finite, not negative
     * @return this harness
     * @throws IllegalArgumentException if seconds is negative, NaN or infinite
     */
    public PluginHarness dt(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("PluginHarness.dt: dt must be a finite number >= 0 seconds, got " + seconds);
        }
        this.dt = seconds;
        return this;
    }

    /**
     * Runs the schedule {@code frames} times. An exception from a system propagates unchanged (the
     * frames after it do not run).
     *
     * @param frames how many frames; at least 1
     * @return this harness
     * @throws IllegalArgumentException if frames is less than 1
     */
    public PluginHarness step(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("PluginHarness.step: frames must be >= 1, got " + frames);
        }
        CommitStats before = world.commitStats();
        try {
            for (int i = 0; i < frames; i++) {
                frame++;
                schedule.run(world, dt);
            }
        } finally {
            last = world.commitStats().since(before);
        }
        return this;
    }

    /**
     * Runs one phase of the schedule ({@code Schedule.runPhase}) as one frame: one structural
     * transaction, published when the phase ends. An exception from a system propagates unchanged,
     * and the phase's structural changes are then discarded.
     *
     * @param phase a phase of the schedule (builtin, custom or manual)
     * @return this harness
     * @throws IllegalArgumentException if the schedule has no such phase (the message names it)
     */
    public PluginHarness stepPhase(Phase phase) {
        CommitStats before = world.commitStats();
        frame++;
        try {
            schedule.runPhase(world, phase, dt);
        } finally {
            last = world.commitStats().since(before);
        }
        return this;
    }

    /**
     * @param strict whether an operation on an entity destroyed earlier in the same transaction fails
     *     the step (the default) or is skipped with a warning, as in a host
     * @return this harness
     */
    public PluginHarness strict(boolean strict) {
        world.transaction().setStrict(strict);
        return this;
    }

    /**
     * @return what the last {@link #step(int)} or {@link #stepPhase(Phase)} published and discarded:
     *     the world's transaction counters over that step (all zero before the first step)
     */
    public CommitStats lastCommits() {
        return last;
    }

    /**
     * Sets a world trait before (or between) frames.
     *
     * @param trait the trait
     * @param value its value
     * @param <T> the value type
     * @return this harness
     */
    public <T> PluginHarness seed(Trait<T> trait, T value) {
        world.set(trait, value);
        return this;
    }

    /**
     * @param trait a world trait
     * @param <T> the value type
     * @return its value
     * @throws AssertionError if the world has no value for it (no system added it)
     */
    public <T> T get(Trait<T> trait) {
        if (!world.has(trait)) {
            throw new AssertionError("world trait '" + trait.name() + "' was never added (after " + frame + " frames)");
        }
        return world.get(trait);
    }

    /** @return the world the schedule runs on (for queries and entity traits) */
    public World world() {
        return world;
    }

    /** @return the schedule built from the plugins */
    public Schedule schedule() {
        return schedule;
    }

    /** @return how many frames ran so far */
    public long frames() {
        return frame;
    }

    /** @return every system considered so far, in the order considered, frame by frame */
    public List<SystemRun> records() {
        return List.copyOf(records);
    }

    /** @return the names of the systems that ran, in order, every frame so far */
    public List<String> ran() {
        return records.stream().filter(SystemRun::ran).map(SystemRun::system).collect(Collectors.toList());
    }

    /** @return the systems that were skipped, with the reason, in order */
    public List<SystemRun> skipped() {
        return records.stream().filter(r -> !r.ran()).collect(Collectors.toList());
    }

    /** Forgets the records (the world and the frame count stay). */
    public void clearRecords() {
        records.clear();
    }

    /**
     * Checks that the given systems ran in this relative order in every frame so far (other systems
     * may run between them).
     *
     * @param systems system names, in the expected order
     * @throws AssertionError naming the frame and the records if one of them did not run, or ran out
     *     of order
     */
    public void assertRanInOrder(String... systems) {
        for (long f = 1; f <= frame; f++) {
            long current = f;
            List<String> inFrame = records.stream().filter(r -> r.frame() == current && r.ran())
                    .map(SystemRun::system).collect(Collectors.toList());
            int last = -1;
            for (String s : systems) {
                int at = inFrame.indexOf(s);
                if (at < 0 || at < last) {
                    throw new AssertionError("frame " + f + ": expected " + Arrays.asList(systems)
                            + " to run in this order, but the systems that ran were " + inFrame);
                }
                last = at;
            }
        }
    }

    /** Frame thread only (the caller's): appends one record per considered system. */
    private final class Recorder implements ScheduleHooks {
        @Override
        public void afterSystem(HookContext ctx) {
            records.add(new SystemRun(frame, ctx.system().name(), ctx.phase().name(), null));
        }

        @Override
        public void onSkip(HookContext ctx, SkipReason reason) {
            records.add(new SystemRun(frame, ctx.system().name(), ctx.phase().name(), reason));
        }
    }
}
