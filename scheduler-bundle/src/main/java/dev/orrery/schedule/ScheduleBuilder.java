package dev.orrery.schedule;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceConsumer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.concurrent.Executor;

/**
 * Collects the input of a schedule and builds it (the spec's {@code createSchedule} options).
 *
 * <p>Plugins are flattened first, in the order added, then the schedule's own phases, sets and
 * systems, separately per kind (SCH-136); that flattened order is the declaration order for every
 * tie-break (SCH-137). All validation happens in {@link #build()} (SCH-021), and the result depends
 * only on the lists given here (SCH-022). Not thread-safe; may be built more than once.
 *
 * @since 0.1
 */
@ServiceConsumer(value = ScheduleCompiler.class, resolution = Resolution.OPTIONAL)
public final class ScheduleBuilder {
    private final String name;
    private final List<Plugin> plugins = new ArrayList<>();
    private final List<Phase> phases = new ArrayList<>();
    private final List<SystemSet> sets = new ArrayList<>();
    private final List<EcsSystem> systems = new ArrayList<>();
    private final List<EcsObserver> observers = new ArrayList<>();
    private ScheduleHooks hooks;
    private RunProbe probe;
    private Schedule adoptStateOf;
    private boolean orderThroughEmptySets;
    private DispatchEngine dispatch;
    private Executor generationExecutor;
    private boolean transactions = true;

    ScheduleBuilder(String name) {
        this.name = RequiredName.check(name, "createSchedule (Schedule.builder)");
    }

    /**
     * @param items plugins, flattened first in this order (SCH-136); no nulls. Each plugin may be listed
     *     once, and plugin names must be unique in the schedule: {@link #build()} rejects the same object
     *     twice or two objects with one name ({@link BuildProblem.Kind#DUPLICATE_PLUGIN})
     * @return this builder
     */
    public ScheduleBuilder plugins(Plugin... items) {
        return plugins(Arrays.asList(items));
    }

    /**
     * @param items plugins, flattened first in this order (SCH-136); no nulls. Each plugin may be listed
     *     once, and plugin names must be unique in the schedule: {@link #build()} rejects the same object
     *     twice or two objects with one name ({@link BuildProblem.Kind#DUPLICATE_PLUGIN})
     * @return this builder
     */
    public ScheduleBuilder plugins(List<? extends Plugin> items) {
        items.forEach(p -> plugins.add(Objects.requireNonNull(p, () -> "schedule '" + name + "': null plugin")));
        return this;
    }

    /**
     * @param items custom phases, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder phases(Phase... items) {
        return phases(Arrays.asList(items));
    }

    /**
     * @param items custom phases, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder phases(List<Phase> items) {
        items.forEach(p -> phases.add(Objects.requireNonNull(p, () -> "schedule '" + name + "': null phase")));
        return this;
    }

    /**
     * @param items sets, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder sets(SystemSet... items) {
        return sets(Arrays.asList(items));
    }

    /**
     * @param items sets, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder sets(List<SystemSet> items) {
        items.forEach(s -> sets.add(Objects.requireNonNull(s, () -> "schedule '" + name + "': null set")));
        return this;
    }

    /**
     * @param items systems, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder systems(EcsSystem... items) {
        return systems(Arrays.asList(items));
    }

    /**
     * @param items systems, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder systems(List<EcsSystem> items) {
        items.forEach(s -> systems.add(Objects.requireNonNull(s, () -> "schedule '" + name + "': null system")));
        return this;
    }

    /**
     * Beyond the spec (Orrery's observers): the schedule's own observers, flattened after the plugins'
     * (SCH-136); see {@link EcsObserver}.
     *
     * @param items observers, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder observers(EcsObserver... items) {
        return observers(Arrays.asList(items));
    }

    /**
     * The list form of {@link #observers(EcsObserver...)}.
     *
     * @param items observers, in declaration order; no nulls
     * @return this builder
     */
    public ScheduleBuilder observers(List<EcsObserver> items) {
        items.forEach(o -> observers.add(Objects.requireNonNull(o, () -> "schedule '" + name + "': null observer")));
        return this;
    }

    /**
     * Sets the observers, fixed at build time (SCH-148). Use {@link ScheduleHooks#all} for several.
     *
     * @param observers the hooks, or null for none
     * @return this builder
     */
    public ScheduleBuilder hooks(ScheduleHooks observers) {
        this.hooks = observers;
        return this;
    }

    /**
     * Beyond the spec (Orrery's own): the built schedule publishes to {@code probe} which of its systems
     * it is at, for another thread to read ({@link RunProbe#running()}), at the cost of one store per
     * system. Unlike {@link #hooks}, a probe keeps the generated dispatcher. The schedules that
     * {@link Schedule#withoutPlugins} makes publish to the same probe.
     *
     * @param probe the probe, or null for none (the default)
     * @return this builder
     */
    public ScheduleBuilder probe(RunProbe probe) {
        this.probe = probe;
        return this;
    }

    /**
     * Beyond the spec (state carry-over): the built schedule uses the state trait of {@code previous}
     * instead of a new one, so every world keeps its disabled flags and OnStart completion across the
     * rebuild. Names of systems that left are ignored (SCH-125) and apply again if they come back;
     * OnStart systems that are new to a world run once on its next pass that includes OnStart.
     *
     * @param previous the schedule being replaced, with the same name; null for a fresh state trait
     * @return this builder
     */
    public ScheduleBuilder adoptStateOf(Schedule previous) {
        this.adoptStateOf = previous;
        return this;
    }

    /**
     * Beyond the spec (Orrery's own, after Bevy's collapse of empty sets): whether set order stays
     * transitive through sets that have no members. With {@code true}, "Input before Physics" and
     * "Physics before Render" keep every member of Input before every member of Render (in each phase
     * where both have members) while Physics is empty, so the order does not flip when a plugin that
     * fills a set leaves; likewise a system ordered before an empty set runs before what runs after
     * the set. With {@code false} (the default) SCH-134 holds to the letter: the edges of an empty set
     * expand to nothing. Only sets with no members at all pass order through; a set with members in
     * other phases does not. A cycle of set order through empty sets only is a build problem
     * ({@link BuildProblem.Kind#SYSTEM_CYCLE}) in each phase where a system is ordered against one of its sets.
     *
     * @param enabled whether to order through empty sets
     * @return this builder
     */
    public ScheduleBuilder orderThroughEmptySets(boolean enabled) {
        this.orderThroughEmptySets = enabled;
        return this;
    }

    /**
     * Beyond the spec (Orrery's own): how the built schedule dispatches its systems when no hook
     * observes a run call. The schedules that {@link Schedule#withoutPlugins} makes use the same engine.
     *
     * @param engine the engine, or null for the default, named by the system property
     *     {@value DispatchEngine#PROPERTY} ({@link DispatchEngine#GENERATED} when it is unset)
     * @return this builder
     */
    public ScheduleBuilder dispatch(DispatchEngine engine) {
        this.dispatch = engine;
        return this;
    }

    /**
     * Beyond the spec (Orrery's own): where a large schedule's dispatcher is generated after
     * {@code build()} returns ({@link DispatchEngine#GENERATED}; small schedules are generated inside
     * {@code build()}). The executor runs one task per built schedule, which defines the code and hands
     * it to the schedule: its next run call switches to it. A direct executor ({@code Runnable::run})
     * generates inside {@code build()} whatever the size. An executor that rejects the task leaves the
     * schedule on the loop, with one warning logged. The executor is not shut down by the schedule; the
     * caller owns it. The schedules that {@link Schedule#withoutPlugins} makes use it too.
     *
     * @param executor the executor, or null for the default ({@link java.util.concurrent.ForkJoinPool#commonPool()},
     *     or generation inside {@code build()} when the system property {@value DispatchEngine#PROPERTY}
     *     is {@code sync})
     * @return this builder
     */
    public ScheduleBuilder generationExecutor(Executor executor) {
        this.generationExecutor = executor;
        return this;
    }

    /**
     * Beyond the spec (Orrery's own): whether each phase is a structural transaction (the default):
     * inside a run call the world stages the structural changes of systems, conditions and init
     * functions and publishes them when the phase ends, at declared barriers
     * ({@link EcsSystem#commitBefore()}, {@link EcsSystem#commitAfter()}) and after a system that
     * called {@code World.enqueueCommit()}; a throwing system discards them (see {@code World},
     * "Structural transactions"). With {@code false} the schedule neither opens nor publishes a
     * transaction: structural changes apply at once, as outside a run call, unless another
     * schedule's run on the same world (an outer call) has its transaction open, in which case they
     * are staged in that one. The schedules that {@link Schedule#withoutPlugins} makes keep the choice.
     *
     * @param enabled whether phases are structural transactions
     * @return this builder
     */
    public ScheduleBuilder transactions(boolean enabled) {
        this.transactions = enabled;
        return this;
    }

    /**
     * Validates the input and computes the whole execution plan once (SCH-106).
     *
     * @return the immutable schedule
     * @throws ScheduleBuildException if the input is invalid; its message names the schedule and the
     *     items at fault (SCH-141), its {@link ScheduleBuildException#problems()} give them as data
     * @throws IllegalArgumentException if the system property {@value DispatchEngine#PROPERTY} names
     *     no engine (the message names the property and its value)
     * @throws IllegalStateException if the scheduler's {@link ScheduleCompiler} cannot be found (a
     *     scheduler jar without its service registration)
     */
    public Schedule build() {
        return Compiler.INSTANCE.compile(new ScheduleCompiler.Input(name, plugins, phases, sets, systems, hooks, probe,
                adoptStateOf, orderThroughEmptySets, dispatch, generationExecutor, transactions, observers));
    }

    /**
     * Holds the scheduler's compiler, looked up once, when the first schedule is built.
     *
     * <p>Implementation notes: the provider is the scheduler's own (META-INF/services, or
     * {@code provides} in the generated module-info), found through this class's loader rather than
     * the thread's context loader, which in OSGi or a plugin layer is someone else's. It is stateless,
     * so holding it is no module-level mutable state (SCH-064).
     */
    private static final class Compiler {
        static final ScheduleCompiler INSTANCE = load();

        private static ScheduleCompiler load() {
            for (ScheduleCompiler c : ServiceLoader.load(ScheduleCompiler.class, ScheduleCompiler.class.getClassLoader())) {
                return c;
            }
            throw new IllegalStateException("no " + ScheduleCompiler.class.getName()
                    + " provider: the scheduler jar lacks its service registration");
        }
    }
}
