package dev.orrery.schedule.internal;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.schedule.graph.OrderGraph;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.ObserverStats;
import dev.orrery.schedule.graph.ObserverNode;
import dev.orrery.schedule.internal.plan.ExecutionPlan;
import dev.orrery.schedule.internal.plan.PlanFilter;
import dev.orrery.schedule.internal.run.RunOptions;
import dev.orrery.schedule.internal.run.RunTraits;
import dev.orrery.schedule.internal.run.ScheduleRunner;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@link Schedule} implementation: the build's {@link ExecutionPlan} for introspection, a
 * {@link ScheduleRunner} for the run side, the published order graph (computed when a tool first
 * asks) and access report, and {@link #withoutPlugins}, a filtered copy sharing the world traits, the
 * hooks and the engine.
 *
 * <p>Implementation notes. Costs of the run APIs and the introspection, as the {@link Schedule} contract
 * promises them:
 * <ul>
 *   <li>A run call allocates nothing after the first call on a world (SCH-117, SCH-149); per system
 *       it pays the enabled check (one trait read, an identity compare, an array read, SCH-124),
 *       the conditions and the run function; per phase one check of the phase toggle.</li>
 *   <li>The system lifecycle: a schedule without init or dispose functions pays one array read per
 *       phase; a pass after every tracked system of the phase is initialised pays one more field read
 *       and compare, and allocates nothing.</li>
 *   <li>{@link #withoutPlugins}: O(phases + plugins + systems), no hashing of systems, no plugin code,
 *       nothing re-sorted or re-validated ({@link PlanFilter}); cheap enough for a frame thread at a
 *       frame boundary.</li>
 *   <li>{@link #orderGraph()}: built on the first call, once, on any thread (the build and the run
 *       engine never read it, so {@code build()} does not pay for it).</li>
 * </ul>
 * Per-world runtime data (re-entrancy marker, hook context, enabled cache) lives in the runner, keyed
 * weakly by world (SCH-064); the state and the lifecycle record live in world traits.
 */
final class CompiledSchedule implements Schedule {
    private final ExecutionPlan plan;
    private final RunTraits traits;
    private final ScheduleRunner runner;
    private final Memo<OrderGraph> orderGraph;
    private final AccessReport access;

    CompiledSchedule(ExecutionPlan plan, RunTraits traits, RunOptions options, Supplier<OrderGraph> orderGraph,
                     AccessReport access) {
        this.plan = plan;
        this.traits = traits;
        this.runner = new ScheduleRunner(this, plan, traits, options);
        List<ObserverNode> observers = runner.observerNodes(); // names only: the graph keeps no code reachable
        this.orderGraph = new Memo<>(() -> orderGraph.get().withObservers(observers));
        this.access = access;
    }

    private CompiledSchedule(CompiledSchedule whole, ExecutionPlan filtered, Supplier<OrderGraph> orderGraph,
                             AccessReport access) {
        this.plan = filtered;
        this.traits = whole.traits;
        this.runner = whole.runner.derive(this, filtered);
        List<ObserverNode> observers = runner.observerNodes(); // names only: the graph keeps no code reachable
        this.orderGraph = new Memo<>(() -> orderGraph.get().withObservers(observers));
        this.access = access;
    }

    /** @return the world traits, for a rebuild that adopts this schedule's state */
    RunTraits traits() {
        return traits;
    }

    /** @return whether calls no hook observes run generated code (for tests) */
    boolean isGenerated() {
        return runner.isGenerated();
    }

    /** Waits for code generated in the background and adopts it (for tests). */
    void awaitGenerated() {
        runner.awaitGenerated();
    }

    @Override public String name() { return plan.scheduleName(); }
    @Override public Trait<ScheduleState> state() { return traits.state(); }
    @Override public List<Phase> phases() { return plan.phases(); }
    @Override public List<EcsSystem> systems() { return plan.systems(); }
    @Override public List<EcsSystem> systemsOf(Phase phase) { return PlanLookup.systemsOf(plan, phase); }
    @Override public boolean isManual(Phase phase) { return PlanLookup.isManual(plan, phase); }
    @Override public List<Plugin> plugins() { return plan.plugins(); }
    @Override public List<SystemSet> sets() { return plan.sets(); }
    @Override public String sourceOf(EcsSystem system) { return PlanLookup.sourceOf(plan, system); }
    @Override public List<EcsObserver> observers() { return runner.observers(); }
    @Override public List<ObserverStats> observerStats(World world) { return runner.observerStats(world); }
    @Override public OrderGraph orderGraph() { return orderGraph.get(); }
    @Override public AccessReport accessReport() { return access; }
    @Override public void run(World world, double dt) { runner.run(world, dt); }
    @Override public void runPhase(World world, Phase phase, double dt) { runner.runPhase(world, phase, dt); }
    @Override public void runPhases(World world, Phase from, Phase to, double dt) { runner.runPhases(world, from, to, dt); }
    @Override public void enable(World world, EcsSystem system) { runner.enable(world, system); }
    @Override public void disable(World world, EcsSystem system) { runner.disable(world, system); }
    @Override public boolean isEnabled(World world, EcsSystem system) { return runner.isEnabled(world, system); }
    @Override public void enablePhase(World world, Phase phase) { runner.enablePhase(world, phase); }
    @Override public void disablePhase(World world, Phase phase) { runner.disablePhase(world, phase); }
    @Override public boolean isPhaseEnabled(World world, Phase phase) { return runner.isPhaseEnabled(world, phase); }
    @Override public int disposeRemoved(World world) { return runner.disposeRemoved(world); }
    @Override public int disposeAll(World world) { return runner.disposeAll(world); }
    @Override public void attach(World world) { runner.attach(world); }
    @Override public void detach(World world) { runner.detach(world); }

    @Override
    public Schedule withoutPlugins(Collection<String> pluginNames) {
        boolean[] removed = PlanLookup.pluginsNamed(plan, pluginNames, "withoutPlugins");
        if (removed == null) {
            return this;
        }
        ExecutionPlan filtered = PlanFilter.withoutPlugins(plan, removed);
        Set<String> gone = new HashSet<>();
        plan.systems().forEach(s -> gone.add(s.name()));
        filtered.systems().forEach(s -> gone.remove(s.name()));
        Memo<OrderGraph> whole = orderGraph;
        return new CompiledSchedule(this, filtered, () -> whole.get().without(gone), access.without(gone));
    }
}
