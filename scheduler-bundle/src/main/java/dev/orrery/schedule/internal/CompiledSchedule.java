package dev.orrery.schedule.internal;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.schedule.graph.OrderGraph;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@link Schedule} implementation: introspection over the plan, the run engine, and
 * {@link #withoutPlugins} (a filtered copy sharing the state trait and the hooks).
 */
final class CompiledSchedule implements Schedule {
    private final ExecutionPlan plan;
    private final Trait<ScheduleState> state;
    /** Kept for {@link #withoutPlugins}, whose result observes through the same hooks. */
    private final ScheduleHooks hooks;
    /**
     * Which systems are initialised per world (Orrery's system lifecycle); shared, like {@link #state},
     * with the schedules that adopt this one's state and with {@link #withoutPlugins} results.
     */
    private final Trait<InitialisedSystems> lifecycle;
    private final ScheduleRunner runner;
    /** How the hook-free path dispatches (issue 17); kept for {@link #withoutPlugins}. */
    private final DispatchMode mode;
    /** Where the engine publishes the system it is at (issue 17), or null; kept for {@link #withoutPlugins}. */
    private final ProbeSlot probe;
    /** Computed when a tool first asks (issue 17): the run engine never reads it. */
    private final Memo<OrderGraph> orderGraph;
    private final AccessReport access;

    CompiledSchedule(ExecutionPlan plan, ScheduleHooks hooks, Trait<ScheduleState> state,
                     Trait<InitialisedSystems> lifecycle, Supplier<OrderGraph> orderGraph, AccessReport access,
                     DispatchMode mode, ProbeSlot probe) {
        this.orderGraph = new Memo<>(orderGraph);
        this.access = access;
        this.plan = plan;
        this.state = state;
        this.hooks = hooks;
        this.lifecycle = lifecycle;
        this.runner = new ScheduleRunner(this, plan, hooks, state, lifecycle, mode, probe);
        this.mode = mode;
        this.probe = probe;
    }

    /**
     * @param name the schedule's name
     * @return a new lifecycle trait for a schedule that adopts no state
     */
    static Trait<InitialisedSystems> newLifecycleTrait(String name) {
        return Trait.of("schedule lifecycle " + name, InitialisedSystems::new);
    }

    /**
     * @param previous the schedule whose state a rebuilt schedule adopts
     * @return its lifecycle trait, or a new one if it is not a schedule built here
     */
    static Trait<InitialisedSystems> lifecycleTraitOf(Schedule previous) {
        return previous instanceof CompiledSchedule c ? c.lifecycle : newLifecycleTrait(previous.name());
    }

    /** @return whether the hook-free path runs generated code (issue 17); for tests */
    boolean isGenerated() {
        return runner.isGenerated();
    }

    /** Waits for a dispatcher generated in the background (issue 17); for tests. */
    void awaitGenerated() {
        runner.awaitGenerated();
    }

    @Override public String name() { return plan.scheduleName(); }
    @Override public Trait<ScheduleState> state() { return state; }
    @Override public List<Phase> phases() { return plan.phases(); }
    @Override public List<EcsSystem> systems() { return plan.systems(); }
    @Override public List<EcsSystem> systemsOf(Phase phase) { return PlanLookup.systemsOf(plan, phase); }
    @Override public boolean isManual(Phase phase) { return PlanLookup.isManual(plan, phase); }
    @Override public List<Plugin> plugins() { return plan.plugins(); }
    @Override public List<SystemSet> sets() { return plan.sets(); }
    @Override public String sourceOf(EcsSystem system) { return PlanLookup.sourceOf(plan, system); }
    @Override public OrderGraph orderGraph() { return orderGraph.get(); }
    @Override public AccessReport accessReport() { return access; }
    @Override public void run(World world, double dt) { runner.run(world, dt); }
    @Override public void runPhase(World world, Phase phase, double dt) { runner.runPhase(world, phase, dt); }
    @Override public void runPhases(World world, Phase from, Phase to, double dt) { runner.runPhases(world, from, to, dt); }
    @Override public void enable(World world, EcsSystem system) { runner.toggles.enable(world, system); }
    @Override public void disable(World world, EcsSystem system) { runner.toggles.disable(world, system); }
    @Override public boolean isEnabled(World world, EcsSystem system) { return runner.toggles.isEnabled(world, system); }
    @Override public void enablePhase(World world, Phase phase) { runner.toggles.enablePhase(world, phase); }
    @Override public void disablePhase(World world, Phase phase) { runner.toggles.disablePhase(world, phase); }
    @Override public boolean isPhaseEnabled(World world, Phase phase) { return runner.toggles.isPhaseEnabled(world, phase); }
    @Override public int disposeRemoved(World world) { return runner.disposal.dispose(world, false, "disposeRemoved"); }
    @Override public int disposeAll(World world) { return runner.disposal.dispose(world, true, "disposeAll"); }

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
        return new CompiledSchedule(filtered, hooks, state, lifecycle, () -> whole.get().without(gone),
                access.without(gone), mode, probe);
    }
}
