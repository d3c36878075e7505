package dev.orrery.schedule.internal;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.InitFunction;
import dev.orrery.schedule.PassClock;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.SkipReason;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitRef;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The run engine of one schedule: {@code run}, {@code runPhase}, {@code runPhases} (SCH-F03, SCH-F04,
 * SCH-F05, SCH-F07 hooks) and, beyond the spec, the init side of the system lifecycle (init per phase)
 * and the {@link ProbeSlot} of a {@code RunProbe} (issue 17). The enabled flags and the phase toggle
 * are {@link StateToggles}; dispose is {@link SystemDisposal}; both share this runner's world runtimes.
 *
 * <p>Order of work in a run call: argument checks (null arguments first, then phases, then dt,
 * SCH-115), the world's runtime and the re-entrancy check (SCH-043), the lazy add of the state trait
 * (SCH-063), a truthful OnStart flag and a new pass of the world's {@link PassClock} (both Orrery's
 * own, issue 14), then the phases. Per phase: the init functions of its systems not yet initialised
 * in the world (only for a phase that has such systems: one array read otherwise), then, without
 * hooks, the phase's flag (skipping the whole phase when it is off). Per system: the enabled flag,
 * into which the phase flag is folded (one trait read, an identity compare, an array read, SCH-124),
 * the set
 * conditions in the order of the system's sets, its own condition (SCH-118), then the run function,
 * with a null check for hooks around each step (and, with a probe, one store of the system's index
 * before its enabled check). After the first call on a world a call allocates
 * nothing (SCH-117, SCH-149): no iterators, lambdas, boxing or per-call objects.
 *
 * <p>Exceptions from systems, conditions and hooks propagate unchanged; the executing marker is cleared
 * in every case (SCH-037, SCH-044, SCH-146). On the way out, each is attributed to its schedule,
 * system, plugin and stage ({@link RunFailure}, Orrery's own addition): every call that may throw is
 * wrapped in its own {@code try} whose handler records the failure ({@link #failed}) and rethrows the
 * very same object. The handlers cost nothing until something throws: no field is written and nothing
 * is allocated per system or per call on the normal path.
 *
 * <p>Dispatch (issue 17, Orrery's own): without hooks, or on a call that sampled hooks skip
 * ({@link ScheduleHooks#samplePeriod()}), a phase other than OnStart runs through the dispatcher
 * generated for this schedule ({@link DispatchGenerator}: the same checks in the same order, one call
 * site per system and condition), or through {@link #runRange} when there is none ({@link DispatchMode}).
 * A dispatcher generated in the background is adopted at the start of a run call.
 */
final class ScheduleRunner {
    /** Read by the generated dispatcher (same package). */
    final RunLayout layout;
    private final RunArguments args;
    private final Trait<ScheduleState> stateTrait;
    private final ScheduleHooks hooks;
    private final WorldRuntimes runtimes;
    /** The enabled flags and the phase toggle of this schedule, on the same world runtimes. */
    final StateToggles toggles;
    /** {@code disposeRemoved}/{@code disposeAll} of this schedule, on the same world runtimes. */
    final SystemDisposal disposal;
    private final Trait<InitialisedSystems> lifecycleTrait;
    /**
     * The generated hot path (issue 17, Orrery's own), or null: then {@link #runRange} is used. Only
     * for schedules without hooks; see {@link DispatchMode}.
     */
    private PhaseDispatch dispatch;
    /**
     * A background generation not yet adopted, or null. Checked at the start of each run call (a
     * frame boundary); once done, its result becomes {@link #dispatch} and this is cleared. Plain
     * fields: a racing reader sees either value, both valid.
     */
    private CompletableFuture<PhaseDispatch> pending;
    /** {@link ScheduleHooks#samplePeriod()} of the hooks, at least 1 (issue 17). */
    private final int samplePeriod;
    /**
     * Where the system this runner is at is published (issue 17), or null. Read by the generated
     * dispatcher (same package), which stores into it only when it is not null at generation.
     */
    final ProbeSlot probe;

    ScheduleRunner(Schedule schedule, ExecutionPlan plan, ScheduleHooks hooks, Trait<ScheduleState> stateTrait,
                   Trait<InitialisedSystems> lifecycleTrait, DispatchMode mode, ProbeSlot probe) {
        this.layout = new RunLayout(plan);
        this.probe = probe;
        this.args = new RunArguments(layout);
        this.stateTrait = stateTrait;
        this.hooks = hooks;
        this.lifecycleTrait = lifecycleTrait;
        this.runtimes = new WorldRuntimes(schedule, layout, stateTrait, lifecycleTrait, hooks != null);
        this.toggles = new StateToggles(layout, args, stateTrait, runtimes);
        this.disposal = new SystemDisposal(layout, args, runtimes);
        int period = hooks == null ? 1 : hooks.samplePeriod();
        this.samplePeriod = period < 1 ? 1 : period;
        if ((hooks == null || samplePeriod > 1) && mode != DispatchMode.LOOP) {
            if (mode.inBackground(layout.systemCount())) {
                CompletableFuture<PhaseDispatch> future = new CompletableFuture<>();
                Thread t = new Thread(() -> future.complete(generated(layout, probe != null)),
                        "orrery dispatch generation: " + layout.scheduleName);
                t.setDaemon(true);
                this.pending = future;
                t.start();
            } else {
                this.dispatch = generated(layout, probe != null);
            }
        }
    }

    /** At a frame boundary: adopts a finished background generation. */
    private void adoptGenerated() {
        CompletableFuture<PhaseDispatch> p = pending;
        if (p != null && p.isDone()) {
            dispatch = p.getNow(null);
            pending = null;
        }
    }

    /** For tests: waits for a background generation and adopts it. */
    void awaitGenerated() {
        CompletableFuture<PhaseDispatch> p = pending;
        if (p != null) {
            p.join();
            adoptGenerated();
        }
    }

    /** @return the generated dispatcher, or null when it cannot be generated (then the loop runs) */
    private static PhaseDispatch generated(RunLayout layout, boolean probed) {
        try {
            return DispatchGenerator.generate(layout, probed);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null; // ASM missing (a plain class path without it) or a definition error: the loop
        }
    }

    /** @return whether this runner dispatches through generated code (for tests) */
    boolean isGenerated() {
        return dispatch != null;
    }

    void run(World world, double dt) {
        args.requireWorld(world, "run");
        args.checkDt(dt, "run");
        WorldRuntime rt = enter(world, "run", dt);
        try {
            int[] automatic = layout.automaticPhases;
            for (int k = 0; k < automatic.length; k++) {
                executePhase(rt, world, automatic[k], dt);
            }
        } finally {
            exit(rt);
        }
    }

    void runPhase(World world, Phase phase, double dt) {
        args.requireWorld(world, "runPhase");
        int p = args.phaseIndex(phase, "runPhase", "phase");
        args.checkDt(dt, "runPhase");
        WorldRuntime rt = enter(world, "runPhase", dt);
        try {
            executePhase(rt, world, p, dt);
        } finally {
            exit(rt);
        }
    }

    void runPhases(World world, Phase from, Phase to, double dt) {
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
            for (int p = first; p <= last; p++) {
                // Automatic endpoints: the automatic phases between them (SCH-033). Manual endpoints:
                // the manual phases of their component between them (SCH-109).
                if (layout.phaseManual[p] == manual && (!manual || layout.phaseComponent[p] == component)) {
                    executePhase(rt, world, p, dt);
                }
            }
        } finally {
            exit(rt);
        }
    }

    private WorldRuntime enter(World world, String api, double dt) {
        if (pending != null) {
            adoptGenerated();
        }
        WorldRuntime rt = runtimes.of(world);
        if (rt.executing) {
            throw args.reentered(api);
        }
        ScheduleState current = rt.state.get();
        if (current == null) {
            current = world.add(stateTrait);
        }
        StateToggles.keepTruthful(rt, world, current, stateTrait);
        rt.beginPass(world, layout.usesClock, dt);
        if (rt.hookContext != null) {
            // Hook sampling (issue 17, Orrery's own): hooks on one call in samplePeriod, counted per world.
            rt.activeContext = rt.calls++ % samplePeriod == 0 ? rt.hookContext : null;
        }
        rt.executing = true;
        if (probe != null) {
            probe.enter(rt, layout);
        }
        return rt;
    }

    private void exit(WorldRuntime rt) {
        if (probe != null) {
            probe.exit(rt);
        }
        rt.endPass();
        rt.executing = false;
        if (rt.activeContext != null) {
            rt.activeContext.clear();
            rt.activeContext = null;
        }
    }

    private void executePhase(WorldRuntime rt, World world, int p, double dt) {
        if (layout.phaseTracked[p] && !rt.isPhaseInitialised(p)) {
            initPhase(rt, world, p); // Orrery's system lifecycle: before any gate of the phase
        }
        if (p == layout.onStartPhase) {
            executeOnStart(rt, world, dt);
            return;
        }
        if (rt.activeContext == null) {
            // A disabled phase (Orrery's own) is skipped with one check; a phase disabled by one of its
            // own systems stops at once through the per-system flags, which fold the phase flag in.
            if (!rt.isPhaseDisabled(p)) {
                PhaseDispatch d = dispatch;
                if (d != null) {
                    d.run(p, this, rt, world, dt);
                } else {
                    runRange(rt, world, layout.phaseStart[p], layout.phaseEnd[p], dt);
                }
            }
            return;
        }
        Phase phase = layout.phases[p];
        for (int i = layout.phaseStart[p], end = layout.phaseEnd[p]; i < end; i++) {
            consider(rt, world, i, phase, dt);
        }
    }

    /**
     * The hot loop for a schedule without hooks: the same checks as {@link #consider} in the same order
     * (SCH-118), with the arrays in locals so the JIT need not reload them after each opaque call. The
     * state record is still read before every system, so changes made by earlier systems apply at once
     * (SCH-056, SCH-153).
     */
    private void runRange(WorldRuntime rt, World world, int from, int to, double dt) {
        final RunFunction[] runs = layout.runs;
        final Condition[][] setConditions = layout.setConditions;
        final Condition[] conditions = layout.conditions;
        final TraitRef<ScheduleState> state = rt.state;
        final boolean[] disabled = rt.disabled;
        final ProbeSlot probe = this.probe;
        for (int i = from; i < to; i++) {
            if (probe != null) {
                probe.at(i);
            }
            ScheduleState current = state.get();
            if (current != rt.disabledFor) {
                rt.rebuildDisabled(current);
            }
            if (disabled[i]) {
                continue;
            }
            Condition[] sets = setConditions[i];
            if (sets != null && !allHold(sets, world, i)) {
                continue;
            }
            Condition own = conditions[i];
            if (own != null && !holds(own, world, i)) {
                continue;
            }
            try {
                runs[i].run(world, dt);
            } catch (Throwable t) {
                failed(world, t, i, Stage.RUN, -1);
                throw t;
            }
        }
    }

    /** The set conditions of system {@code i}, in order; a throwing one is a SET_CONDITION failure. */
    private boolean allHold(Condition[] conditions, World world, int i) {
        int c = 0;
        try {
            for (; c < conditions.length; c++) {
                if (!conditions[c].test(world)) {
                    return false;
                }
            }
            return true;
        } catch (Throwable t) {
            failed(world, t, i, Stage.SET_CONDITION, c);
            throw t;
        }
    }

    /** The own condition of system {@code i}; a throwing one is a CONDITION failure. */
    private boolean holds(Condition own, World world, int i) {
        try {
            return own.test(world);
        } catch (Throwable t) {
            failed(world, t, i, Stage.CONDITION, -1);
            throw t;
        }
    }

    /**
     * Exception path only: records where {@code thrown} came from, for {@link RunFailure#of}; the
     * caller rethrows it unchanged. Never throws.
     *
     * @param i the system index
     * @param set for SET_CONDITION, the index into the system's set conditions; else -1
     */
    private void failed(World world, Throwable thrown, int i, Stage stage, int set) {
        try {
            RunFailureLog.record(world, thrown, new RunFailure(layout.scheduleName, layout.systems[i],
                    layout.sources[i], stage, set < 0 ? null : layout.setConditionNames[i][set]));
        } catch (Throwable ignored) {
            // Attribution is best effort; the exception itself propagates unchanged (SCH-037).
        }
    }

    /**
     * Exception path of the generated dispatcher ({@link DispatchGenerator}): records the failure as
     * {@link #failed} does and returns {@code thrown} for the caller to rethrow unchanged.
     *
     * @param stage {@link DispatchGenerator#RUN}, {@code CONDITION_STAGE} or {@code SET_CONDITION}
     * @param set for a set condition, its index in the system's set conditions; else -1
     * @return {@code thrown}
     */
    static Throwable failedAt(Throwable thrown, ScheduleRunner runner, World world, int i, int stage, int set) {
        Stage s = stage == DispatchGenerator.RUN ? Stage.RUN
                : stage == DispatchGenerator.CONDITION_STAGE ? Stage.CONDITION : Stage.SET_CONDITION;
        runner.failed(world, thrown, i, s, set);
        return thrown;
    }

    /**
     * Orrery's system lifecycle: runs the init function of every tracked system of phase {@code p} not
     * yet initialised in this world, in execution order, and records each once its init returned. A
     * throwing init is an INIT failure; the system stays uninitialised (tried again next pass).
     */
    private void initPhase(WorldRuntime rt, World world, int p) {
        InitialisedSystems log = rt.lifecycle.get();
        if (log == null) {
            log = world.add(lifecycleTrait);
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
                try {
                    init.init(world);
                } catch (Throwable t) {
                    failed(world, t, i, Stage.INIT, -1);
                    throw t;
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
     */
    private void executeOnStart(WorldRuntime rt, World world, double dt) {
        OnStartProgress progress = rt.onStart;
        ScheduleState before = rt.state.get();
        progress.sync(before);
        if (progress.nothingToDo(before)) {
            return;
        }
        Phase phase = layout.phases[layout.onStartPhase];
        boolean[] held = rt.onStartHeld;
        int heldCount = 0;
        int consideredCount = 0;
        for (int i = layout.onStartFrom; i < layout.onStartTo; i++) {
            held[i - layout.onStartFrom] = false;
            if (progress.isPending(i)) {
                if (rt.isDisabled(i) && rt.isPhaseBlocked(i)) {
                    held[i - layout.onStartFrom] = true;
                    heldCount++;
                    skip(rt.activeContext, world, i, phase, dt, SkipReason.PHASE_DISABLED);
                    continue;
                }
                consider(rt, world, i, phase, dt);
                consideredCount++;
            }
        }
        if (heldCount > 0 && consideredCount == 0) {
            return; // OnStart disabled from its start: nothing considered, nothing written
        }
        ScheduleState current = rt.state.get();
        if (current == null) {
            current = world.add(stateTrait); // a system reset the world (unspecified, SCH-065)
        }
        ScheduleState next = progress.completed(current);
        if (heldCount > 0) {
            next = withoutHeld(next, held);
        }
        world.set(stateTrait, next);
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

    /**
     * One system: enabled flag (its phase's flag first, Orrery's own, then its own), set conditions, own
     * condition, run; hooks around (SCH-118, SCH-144).
     */
    private void consider(WorldRuntime rt, World world, int i, Phase phase, double dt) {
        MutableHookContext ctx = rt.activeContext;
        if (probe != null) {
            probe.at(i);
        }
        if (rt.isDisabled(i)) {
            skip(ctx, world, i, phase, dt, rt.isPhaseBlocked(i) ? SkipReason.PHASE_DISABLED : SkipReason.DISABLED);
            return;
        }
        Condition[] sets = layout.setConditions[i];
        Condition own = layout.conditions[i];
        if ((sets != null && !allHold(sets, world, i)) || (own != null && !holds(own, world, i))) {
            skip(ctx, world, i, phase, dt, SkipReason.CONDITION);
            return;
        }
        if (ctx != null) {
            ctx.point(world, layout.systems[i], phase, dt);
            try {
                hooks.beforeSystem(ctx);
            } catch (Throwable t) {
                failed(world, t, i, Stage.HOOK_BEFORE, -1);
                throw t;
            }
        }
        try {
            layout.runs[i].run(world, dt);
        } catch (Throwable t) {
            failed(world, t, i, Stage.RUN, -1);
            throw t;
        }
        if (ctx != null) {
            ctx.point(world, layout.systems[i], phase, dt);
            try {
                hooks.afterSystem(ctx);
            } catch (Throwable t) {
                failed(world, t, i, Stage.HOOK_AFTER, -1);
                throw t;
            }
        }
    }

    private void skip(MutableHookContext ctx, World world, int i, Phase phase, double dt, SkipReason reason) {
        if (ctx != null) {
            ctx.point(world, layout.systems[i], phase, dt);
            try {
                hooks.onSkip(ctx, reason);
            } catch (Throwable t) {
                failed(world, t, i, Stage.HOOK_SKIP, -1);
                throw t;
            }
        }
    }
}
