package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.DispatchEngine;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.ObserverStats;
import dev.orrery.schedule.graph.ObserverNode;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.InitFunction;
import dev.orrery.schedule.PassClock;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.SkipReason;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.schedule.internal.plan.ExecutionPlan;
import dev.orrery.world.RunConfinement;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;
import java.util.ArrayList;
import java.util.List;

/**
 * The run engine of one schedule: {@code run}, {@code runPhase}, {@code runPhases} (SCH-F03, SCH-F04,
 * SCH-F05, SCH-F07 hooks), the enabled flags and the phase toggle ({@link StateToggles}), and, beyond
 * the spec, the system lifecycle (init per phase here, dispose in {@link SystemDisposal}). The systems
 * of a phase are run by a {@link SystemExecutor}: see there for what this class does around them and
 * where the next capabilities (transactions per phase, barriers, a parallel executor) go.
 *
 * <p>Public for the schedule implementation, which wires it to the build's {@link ExecutionPlan}; its
 * methods are that implementation's run-side {@link Schedule} methods, with their contracts. World
 * thread only, like the world (a run call from a second thread while one runs on the world is
 * refused); one runner may serve several worlds, each with its own runtime.
 *
 * <p>Implementation notes. Order of work in a run call: argument checks (null arguments first, then
 * phases, then dt, SCH-115), the thread confinement check (the world's {@code RunConfinement}: a run
 * call from a second thread while one is inside a run call on the world throws, naming both, before
 * anything touches the world), a finished background generation adopted, the world's runtime, the
 * re-entrancy check (SCH-043), the lazy add of the state trait (SCH-063), a truthful OnStart flag and
 * a new pass of the world's pass clock (both Orrery's own), hook sampling, the schedule's attachment
 * to the world ({@link ObserverHub}: on the first call in the world, and again after another schedule
 * of its lineage attached; one field read otherwise), the message readers
 * ({@link RunMessages}: registered by the attachment) and the world's message bus entered
 * (an outermost {@code run} begins a frame; no reader is current until a reading system runs), the
 * world update seated on the thread for {@code Cooperative} ({@link UpdateSite}: by an outermost
 * {@code run}, and by any run call inside one; a few field writes, the seat's thread-local read only
 * when the thread changed), the probe's table, then the phases; each phase records its index in the
 * site (one store), so a parked system is named with its phase. Per phase: the init functions of its systems not yet initialised in the world (only for a
 * phase that has such systems: one array read otherwise), then, when no hook observes the call, the
 * phase's flag (skipping the whole phase when it is off), then its spans on the executor. After the
 * first call on a world a call allocates nothing (SCH-117, SCH-149): no iterators, lambdas, boxing or
 * per-call objects. Exceptions from systems, conditions and hooks propagate unchanged; the executing
 * marker is cleared in every case (SCH-037, SCH-044, SCH-146).
 */
public final class ScheduleRunner {
    private final Schedule schedule;
    private final RunLayout layout;
    private final RunArguments args;
    private final RunTraits traits;
    private final RunOptions options;
    private final WorldRuntimes runtimes;
    private final StateToggles toggles;
    private final SystemDisposal disposal;
    private final LoopExecutor loop;
    private final Dispatcher dispatcher;
    /** Steps the fixed phases' groups (fixed-step phases and virtual time). */
    private final FixedSteps fixedSteps;
    /** {@code ScheduleHooks.samplePeriod()} of the hooks, at least 1. */
    private final int samplePeriod;
    /** Where the system this runner is at is published, or null; with the table it publishes. */
    private final RunProbe.Slot probe;
    private final List<RunProbe.Running> probeTable;

    /**
     * @param schedule the schedule this runner runs (what hooks are told)
     * @param plan its execution plan
     * @param traits its world traits
     * @param options how it runs
     */
    public ScheduleRunner(Schedule schedule, ExecutionPlan plan, RunTraits traits, RunOptions options) {
        this.schedule = schedule;
        this.layout = new RunLayout(plan, options.transactions,
                ObserverTable.of(plan.scheduleName(), plan.plugins(), options.observers));
        this.args = new RunArguments(layout);
        this.traits = traits;
        this.options = options;
        this.probe = options.probe;
        this.probeTable = probe == null ? null : layout.probeTable();
        this.runtimes = new WorldRuntimes(schedule, layout, traits.state, traits.lifecycle, options.hooks != null);
        this.toggles = new StateToggles(layout, args, traits.state, runtimes);
        this.disposal = new SystemDisposal(layout, args, runtimes);
        int period = options.hooks == null ? 1 : options.hooks.samplePeriod();
        this.samplePeriod = period < 1 ? 1 : period;
        this.loop = new LoopExecutor(layout, options.hooks, probe);
        boolean someCallsUnobserved = options.hooks == null || samplePeriod > 1;
        this.dispatcher = new Dispatcher(layout, options, loop,
                someCallsUnobserved && options.engine == DispatchEngine.GENERATED);
        this.fixedSteps = new FixedSteps(layout, this::executePhase);
    }

    /**
     * @param derived the schedule derived from this runner's ({@code withoutPlugins})
     * @param filtered its plan
     * @return its runner: the same traits and options (the loop when generation failed here)
     */
    public ScheduleRunner derive(Schedule derived, ExecutionPlan filtered) {
        return new ScheduleRunner(derived, filtered, traits, dispatcher.derivedOptions());
    }

    /** @return this schedule's world traits, for a rebuild that adopts its state */
    public RunTraits traits() {
        return traits;
    }

    /** @return whether calls no hook observes run generated code (for tests) */
    public boolean isGenerated() {
        return dispatcher.isGenerated();
    }

    /** Waits for code generated in the background and adopts it (for tests). */
    public void awaitGenerated() {
        dispatcher.await();
    }

    /** @return the observers, flattened (SCH-136) */
    public List<EcsObserver> observers() {
        ObserverTable t = layout.observers;
        return t == null ? List.of() : List.of(t.observers);
    }

    /** @return the observers as graph nodes, for {@code Schedule.orderGraph()} */
    public List<ObserverNode> observerNodes() {
        ObserverTable t = layout.observers;
        if (t == null) {
            return List.of();
        }
        List<ObserverNode> out = new ArrayList<>(t.observers.length);
        for (int o = 0; o < t.observers.length; o++) {
            List<String> triggers = new ArrayList<>();
            t.observers[o].triggers().forEach(x -> triggers.add(x.toString()));
            out.add(new ObserverNode(t.observers[o].name(), t.sources[o], triggers));
        }
        return out;
    }

    /** {@code Schedule.observerStats}. */
    public List<ObserverStats> observerStats(World world) {
        java.util.Objects.requireNonNull(world, "Schedule.observerStats: world is null");
        ObserverTable t = layout.observers;
        if (t == null) {
            return List.of();
        }
        WorldRuntime rt = runtimes.existing(world);
        List<ObserverStats> out = new ArrayList<>(t.observers.length);
        for (int o = 0; o < t.observers.length; o++) {
            long fired = rt == null || rt.observers == null ? 0 : rt.observers.fired[o];
            out.add(new ObserverStats(t.observers[o], t.sources[o], fired));
        }
        return out;
    }

    /** {@code Schedule.run}. */
    public void run(World world, double dt) {
        args.requireWorld(world, "run");
        args.checkDt(dt, "run");
        WorldRuntime rt = enter(world, "run", dt);
        try {
            if (!layout.fixed.any && rt.virtualTime.get() == null) {
                int[] automatic = layout.automaticPhases;
                for (int k = 0; k < automatic.length; k++) {
                    executePhase(rt, world, automatic[k], -1, dt);
                }
            } else {
                runTimed(rt, world, dt);
            }
        } finally {
            exit(rt);
        }
    }

    /**
     * {@code run} with fixed-step phases or virtual time: variable phases get the virtual dt (or are
     * skipped while paused, when so configured), each group of adjacent fixed phases is stepped by
     * {@link FixedSteps} at its place.
     */
    private void runTimed(WorldRuntime rt, World world, double dt) {
        VirtualTime vt = rt.virtualTime.get();
        double vdt = dt;
        boolean paused = false;
        boolean skipVariable = false;
        if (vt != null) {
            vdt = vt.apply(dt);
            paused = vt.isPaused();
            skipVariable = paused && vt.skipsVariableWhilePaused();
            PassClock pass = rt.passClock();
            if (pass != null && vdt != dt) {
                pass.begin(vdt); // the call's pass counts virtual time; its end restores the outer one
            }
        }
        int[] automatic = layout.automaticPhases;
        int[] groupEnd = layout.fixed.automaticGroupEnd;
        for (int k = 0; k < automatic.length; k++) {
            int end = groupEnd[k];
            if (end >= 0) {
                fixedSteps.runAutomaticGroup(rt, world, automatic, k, end, vdt, dt, paused);
                k = end - 1;
            } else if (!skipVariable) {
                executePhase(rt, world, automatic[k], -1, vdt);
            }
        }
    }

    /** {@code Schedule.runPhase}. */
    public void runPhase(World world, Phase phase, double dt) {
        args.requireWorld(world, "runPhase");
        int p = args.phaseIndex(phase, "runPhase", "phase");
        args.checkDt(dt, "runPhase");
        WorldRuntime rt = enter(world, "runPhase", dt);
        try {
            if (layout.fixed.phaseClock[p] >= 0) {
                rt.fixed.phases[0] = p;
                fixedSteps.runCalledGroup(rt, world, rt.fixed.phases, 0, 1, dt);
            } else {
                executePhase(rt, world, p, -1, dt);
            }
        } finally {
            exit(rt);
        }
    }

    /** {@code Schedule.runPhases}. */
    public void runPhases(World world, Phase from, Phase to, double dt) {
        args.requireWorld(world, "runPhases");
        args.requirePhase(from, "runPhases", "from phase");
        args.requirePhase(to, "runPhases", "to phase");
        int first = args.phaseIndex(from, "runPhases", "from phase");
        int last = args.phaseIndex(to, "runPhases", "to phase");
        args.checkRange(first, last);
        args.checkDt(dt, "runPhases");
        WorldRuntime rt = enter(world, "runPhases", dt);
        try {
            boolean manual = layout.phaseManual[first];
            int component = layout.phaseComponent[first];
            int[] phaseClock = layout.fixed.phaseClock;
            int grouped = 0;
            for (int p = first; p <= last; p++) {
                // Automatic endpoints: the automatic phases between them (SCH-033). Manual endpoints:
                // the manual phases of their component between them (SCH-109).
                if (layout.phaseManual[p] == manual && (!manual || layout.phaseComponent[p] == component)) {
                    if (phaseClock[p] >= 0) {
                        rt.fixed.phases[grouped++] = p; // adjacent fixed phases are stepped as one group
                        continue;
                    }
                    if (grouped > 0) {
                        fixedSteps.runCalledGroup(rt, world, rt.fixed.phases, 0, grouped, dt);
                        grouped = 0;
                    }
                    executePhase(rt, world, p, -1, dt);
                }
            }
            if (grouped > 0) {
                fixedSteps.runCalledGroup(rt, world, rt.fixed.phases, 0, grouped, dt);
            }
        } finally {
            exit(rt);
        }
    }

    /** {@code Schedule.enable}. */
    public void enable(World world, EcsSystem system) {
        toggles.enable(world, system);
    }

    /** {@code Schedule.disable}. */
    public void disable(World world, EcsSystem system) {
        toggles.disable(world, system);
    }

    /** {@code Schedule.isEnabled}. */
    public boolean isEnabled(World world, EcsSystem system) {
        return toggles.isEnabled(world, system);
    }

    /** {@code Schedule.enablePhase}. */
    public void enablePhase(World world, Phase phase) {
        toggles.enablePhase(world, phase);
    }

    /** {@code Schedule.disablePhase}. */
    public void disablePhase(World world, Phase phase) {
        toggles.disablePhase(world, phase);
    }

    /** {@code Schedule.isPhaseEnabled}. */
    public boolean isPhaseEnabled(World world, Phase phase) {
        return toggles.isPhaseEnabled(world, phase);
    }

    /** {@code Schedule.disposeRemoved}. */
    public int disposeRemoved(World world) {
        return disposal.dispose(world, false, "disposeRemoved");
    }

    /** {@code Schedule.disposeAll}. */
    public int disposeAll(World world) {
        return disposal.dispose(world, true, "disposeAll");
    }

    /** {@code Schedule.attach}. */
    public void attach(World world) {
        args.requireWorld(world, "attach");
        WorldRuntime rt = runtimes.of(world);
        if (rt.executing) {
            throw args.reentered("attach");
        }
        attach(rt, world);
    }

    /** {@code Schedule.detach}. */
    public void detach(World world) {
        args.requireWorld(world, "detach");
        WorldRuntime rt = runtimes.of(world);
        if (rt.executing) {
            throw args.reentered("detach");
        }
        ObserverHub.of(world).detach(traits.state);
        rt.bus.unregister(traits.state);
        rt.attachment = null;
    }

    /**
     * Attaches this schedule to the world, replacing the attachment of its lineage (the schedules
     * sharing its state trait): its observers watch the world, its message readers are registered
     * (none, when it has none), and the contexts of the systems and observers its name no longer has
     * are dropped; its own are obtained again (new ones when a replacement dropped them).
     */
    private void attach(WorldRuntime rt, World world) {
        rt.resolveContexts();
        rt.attachment = ObserverHub.of(world).attach(traits.state, layout.scheduleName,
                List.of(layout.systemNames), rt.observers);
        RunMessages.register(rt.bus, traits.state, layout.scheduleName, rt.messages);
    }

    private WorldRuntime enter(World world, String api, double dt) {
        // First: a refused call must not touch the world (a new runtime would add references to it).
        RunConfinement confinement = world.runConfinement();
        confinement.enter(layout.scheduleName, api); // another thread inside a run call on the world throws
        WorldRuntime rt;
        try {
            if (dispatcher.isPending()) {
                dispatcher.adopt();
            }
            rt = runtimes.of(world);
            if (rt.executing) {
                throw args.reentered(api);
            }
            ScheduleState current = rt.state.get();
            if (current == null) {
                current = world.add(traits.state);
            }
            StateToggles.keepTruthful(rt, world, current, traits.state);
            rt.beginPass(world, layout.usesClock, dt);
            if (rt.hookContext != null) {
                // Hook sampling: hooks on one call in samplePeriod, counted per world.
                rt.activeContext = rt.calls++ % samplePeriod == 0 ? rt.hookContext : null;
            }
            rt.outerContext = rt.systemContexts.current(); // a nested run call restores its caller's system
            ObserverHub.Attachment attachment = rt.attachment;
            if (attachment == null || !attachment.active) {
                attach(rt, world); // the first call in the world, or another schedule of the lineage attached since
            } else if (rt.observers != null) {
                rt.observers.rewatchIfForgotten();
            }
            if (rt.messages != null) {
                rt.messages.refresh(); // registers again after a purge made the readers inactive
            }
            rt.messagesOuter = rt.bus.enterRun("run".equals(api)); // an outermost run call begins a frame
            rt.executing = true;
        } catch (Throwable t) {
            confinement.exit();
            throw t;
        }
        if (layout.transactional) {
            rt.tx.open();
        }
        seat(rt, world, api);
        if (probe != null) {
            rt.probeOuterTable = probe.table();
            rt.probeOuterIndex = probe.index();
            probe.publish(probeTable, -1);
        }
        return rt;
    }

    /**
     * Seats the world update for {@code Cooperative}: an outermost {@code run} begins one, and any run
     * call inside one (a system stepping another schedule or a manual phase) seats its own site.
     */
    private void seat(WorldRuntime rt, World world, String api) {
        UpdateSite site = rt.site;
        if (site == null) {
            site = new UpdateSite(layout, probe == null ? null : probe.probe());
            rt.site = site;
        }
        Cooperative.Seat seat = site.seat();
        if ("run".equals(api) || seat.current() != null) {
            site.world = world;
            site.phase = 0;
            site.outer = seat.enter(site);
            site.seated = true;
        }
    }

    private void unseat(WorldRuntime rt) {
        UpdateSite site = rt.site;
        if (site != null && site.seated) {
            site.seated = false;
            site.seat().exit(site.outer);
            site.outer = null;
            site.world = null;
        }
    }

    private void exit(WorldRuntime rt) {
        unseat(rt);
        try {
            if (layout.transactional) {
                // Normally every phase published or discarded; what a teardown staged or changed after the
                // last publish is published here by the outermost scope, and delivered to the observers.
                rt.tx.close();
            }
        } finally {
            if (probe != null) {
                probe.publish(rt.probeOuterTable, rt.probeOuterIndex);
                rt.probeOuterTable = null;
            }
            rt.endPass();
            rt.systemContexts.restore(rt.outerContext);
            rt.outerContext = null;
            rt.bus.exitRun(rt.messagesOuter);
            rt.messagesOuter = null;
            rt.executing = false;
            if (rt.activeContext != null) {
                rt.activeContext.clear();
                rt.activeContext = null;
            }
            rt.confinement.exit();
        }
    }

    /**
     * One phase, as one structural transaction when the schedule is transactional: what the phase
     * staged is published at its end, and discarded when anything in it throws (a system, a
     * condition, an init function, a hook), before the exception propagates unchanged.
     */
    private void executePhase(WorldRuntime rt, World world, int p, int from, double dt) {
        rt.site.phase = p;
        if (!layout.transactional) {
            runPhaseBody(rt, world, p, from, dt);
            return;
        }
        WorldTransaction tx = rt.tx;
        try {
            runPhaseBody(rt, world, p, from, dt);
        } catch (Throwable t) {
            tx.discard();
            throw t;
        }
        if (tx.hasStaged() || rt.events.size() > 0) { // value changes alone are events for observers too
            try {
                Commits.publish(rt, layout, world);
            } catch (Throwable t) {
                rt.faultResume = layout.phaseEnd[p]; // every system of the phase ran
                tx.discard();
                throw t;
            }
        }
    }

    /**
     * One phase's work: its init functions, then OnStart's pending systems or the phase's spans on the
     * executor of this call, publishing between two spans (a declared barrier). The one place that
     * brackets a phase and steps in between its spans (see {@link SystemExecutor}). With {@code from >= 0}
     * (a fixed step resumed after a throw), the systems before {@code from} are not considered.
     */
    private void runPhaseBody(WorldRuntime rt, World world, int p, int from, double dt) {
        if (layout.phaseTracked[p] && !rt.isPhaseInitialised(p)) {
            initPhase(rt, world, p); // Orrery's system lifecycle: before any gate of the phase
        }
        if (p == layout.onStartPhase) {
            executeOnStart(rt, world, dt);
            return;
        }
        SystemExecutor executor;
        if (rt.activeContext == null) {
            // A disabled phase (Orrery's own) is skipped with one check; a phase disabled by one of its
            // own systems stops at once through the per-system flags, which fold the phase flag in.
            if (rt.isPhaseDisabled(p)) {
                return;
            }
            executor = dispatcher.current();
        } else {
            executor = loop; // observed: each system considered with the hooks around, PHASE_DISABLED included
        }
        int first = layout.phaseSpanFrom[p];
        for (int span = first, end = layout.phaseSpanTo[p]; span < end; span++) {
            if (from >= 0 && layout.spanEnd[span] <= from && layout.spanStart[span] < layout.spanEnd[span]) {
                continue; // resumed: a span wholly before the resume point
            }
            if (span > first) {
                try {
                    Commits.publish(rt, layout, world); // a declared barrier
                } catch (Throwable t) {
                    rt.faultResume = layout.spanStart[span]; // the spans before the barrier ran
                    throw t;
                }
            }
            if (from > layout.spanStart[span]) {
                loop.runFrom(span, from, rt, world, dt);
            } else {
                executor.run(span, rt, world, dt);
            }
        }
    }

    /**
     * Orrery's system lifecycle: runs the init function of every tracked system of phase {@code p} not
     * yet initialised in this world, in execution order, and records each once its init returned. A
     * throwing init is an INIT failure; the system stays uninitialised (tried again next pass).
     */
    private void initPhase(WorldRuntime rt, World world, int p) {
        InitialisedSystems log = rt.lifecycle.get();
        if (log == null) {
            log = world.add(traits.lifecycle);
        }
        for (int i = layout.phaseStart[p], end = layout.phaseEnd[p]; i < end; i++) {
            if (!layout.tracked[i] || log.contains(layout.systems[i])) {
                continue;
            }
            InitFunction init = layout.inits[i];
            if (init != null) {
                if (probe != null) {
                    probe.at(i);
                }
                SystemTurns.begin(rt, i); // its queries see the window of the system it initialises
                try {
                    init.init(world);
                } catch (Throwable t) {
                    Failures.record(layout, world, t, i, Stage.INIT, -1);
                    throw t;
                }
                if (layout.transactional && rt.tx.needsAttention()) {
                    Commits.afterSystem(rt, layout, world, i);
                }
            }
            log.add(layout.systems[i], layout.sources[i]);
        }
    }

    /**
     * OnStart: only the pending systems are considered; the phase is skipped, firing no hook, when none
     * is pending and the state says done (SCH-036, SCH-147). The state is written only when the phase
     * completed (SCH-112, SCH-113).
     *
     * <p>Orrery's phase toggle: a pending system skipped because OnStart is disabled is not considered:
     * it gets {@link SkipReason#PHASE_DISABLED} and stays pending, so it runs once OnStart is enabled
     * again. When no pending system was considered, the state is not written at all.
     *
     * <p>The pending systems are those of the record in the world when the pass begins: a record or a
     * toggle written by one of the pass's systems applies to the later systems' flags (SCH-056,
     * SCH-153) but never removes a pending system from the pass (a no-op toggle changes nothing,
     * SCH-055).
     */
    private void executeOnStart(WorldRuntime rt, World world, double dt) {
        OnStartProgress progress = rt.onStart;
        if (progress.beginPass(rt.state.get())) {
            return;
        }
        Phase phase = layout.phases[layout.onStartPhase];
        boolean[] held = rt.onStartHeld;
        int heldCount = 0;
        int consideredCount = 0;
        for (int i = layout.onStartFrom; i < layout.onStartTo; i++) {
            held[i - layout.onStartFrom] = false;
            if (progress.isPending(i)) {
                if (layout.commitBefore[i]) {
                    Commits.publish(rt, layout, world);
                }
                if (rt.isDisabled(i) && rt.isPhaseBlocked(i)) {
                    held[i - layout.onStartFrom] = true;
                    heldCount++;
                    loop.skip(rt.activeContext, world, i, phase, dt, SkipReason.PHASE_DISABLED);
                } else {
                    loop.consider(rt, world, i, phase, dt);
                    consideredCount++;
                }
                loop.endTurn(rt, world, i);
            }
        }
        if (heldCount > 0 && consideredCount == 0) {
            return; // OnStart disabled from its start: nothing considered, nothing written
        }
        ScheduleState current = rt.state.get();
        if (current == null) {
            current = world.add(traits.state); // a system reset the world (unspecified, SCH-065)
        }
        ScheduleState next = progress.completed(current);
        if (heldCount > 0) {
            next = withoutHeld(next, held);
        }
        world.set(traits.state, next);
        if (rt.disabledFor == current) {
            rt.disabledFor = next; // same disabled list: the enabled cache stays valid
        }
    }

    /**
     * Orrery's phase toggle: {@code state} without the OnStart systems held back because OnStart was
     * disabled during the pass; they stay pending, so OnStart is not done.
     */
    private ScheduleState withoutHeld(ScheduleState state, boolean[] held) {
        List<String> considered = new ArrayList<>(state.onStartConsidered());
        for (int k = 0; k < held.length; k++) {
            if (held[k]) {
                considered.remove(layout.systemNames[layout.onStartFrom + k]);
            }
        }
        return state.toBuilder().onStartDone(false).onStartConsidered(considered).build();
    }
}
