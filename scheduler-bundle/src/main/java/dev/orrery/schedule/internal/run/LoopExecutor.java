package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.SkipReason;
import dev.orrery.world.TraitRef;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;

/**
 * The array loop: the {@link SystemExecutor} that is always available, and the hooked path. The run
 * function of a system that reads messages is bracketed by its reader ({@link RunMessages}). Without a
 * hook context on the call ({@link WorldRuntime#activeContext}) it runs {@link #runRange}, one shared
 * call site per step; with one it {@linkplain #consider considers} each system with the hooks around
 * (SCH-144), which the runner's OnStart phase uses too.
 *
 * <p>Implementation notes: every call that may throw is wrapped in its own {@code try} whose handler
 * records the failure ({@link Failures}) and rethrows the very same object, and each loop's handler
 * notes the system whose turn threw ({@link WorldRuntime#faultResume}: where an interrupted fixed step
 * resumes, whatever the failure is blamed on); the handlers cost nothing until something throws: no
 * field is written and nothing is allocated per system or per call on the normal path.
 */
final class LoopExecutor implements SystemExecutor {
    private final RunLayout layout;
    private final ScheduleHooks hooks;
    private final RunProbe.Slot probe;

    /**
     * @param layout the schedule's layout
     * @param hooks the schedule's hooks, or null
     * @param probe where to publish the system the loop is at, or null
     */
    LoopExecutor(RunLayout layout, ScheduleHooks hooks, RunProbe.Slot probe) {
        this.layout = layout;
        this.hooks = hooks;
        this.probe = probe;
    }

    @Override
    public void run(int span, WorldRuntime rt, World world, double dt) {
        runFrom(span, layout.spanStart[span], rt, world, dt);
    }

    /**
     * Runs span {@code span} from system {@code from} on: the whole span, or the rest of a fixed step
     * resumed after a throw.
     *
     * @param from a system index inside the span (its first for the whole span)
     */
    void runFrom(int span, int from, WorldRuntime rt, World world, double dt) {
        int to = layout.spanEnd[span];
        if (rt.activeContext == null) {
            runRange(rt, world, from, to, dt);
            return;
        }
        Phase phase = layout.phases[layout.spanPhase[span]];
        int i = from;
        try {
            for (; i < to; i++) {
                consider(rt, world, i, phase, dt);
                endTurn(rt, world, i);
            }
        } catch (Throwable t) {
            rt.faultResume = i + 1; // system i's turn threw: a fixed step resumes after it
            throw t;
        }
    }

    /**
     * The end of system {@code i}'s turn in a transactional schedule: serves a publish it requested
     * and attributes its operations on destroyed entities ({@link Commits#afterSystem}); a declared
     * {@code commitAfter} of a system of OnStart (elsewhere barriers are span ends) publishes.
     */
    void endTurn(WorldRuntime rt, World world, int i) {
        if (!layout.transactional) {
            return;
        }
        if (rt.tx.needsAttention()) {
            Commits.afterSystem(rt, layout, world, i);
        }
        if (layout.commitAfter[i] && layout.systemPhase[i] == layout.onStartPhase) {
            Commits.publish(rt, layout, world);
        }
    }

    /**
     * The hot loop for a call no hook observes: the same checks as {@link #consider} in the same order
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
        final RunProbe.Slot probe = this.probe;
        final WorldTransaction tx = layout.transactional ? rt.tx : null;
        final RunMessages messages = rt.messages;
        int i = from;
        try {
            for (; i < to; i++) {
                if (probe != null) {
                    probe.at(i);
                }
                turn: {
                    ScheduleState current = state.get();
                    if (current != rt.disabledFor) {
                        rt.rebuildDisabled(current);
                    }
                    if (disabled[i]) {
                        break turn;
                    }
                    SystemTurns.begin(rt, i);
                    Condition[] sets = setConditions[i];
                    if (sets != null && !allHold(sets, world, i)) {
                        break turn;
                    }
                    Condition own = conditions[i];
                    if (own != null && !holds(own, world, i)) {
                        break turn;
                    }
                    if (messages != null) {
                        messages.enter(i);
                    }
                    try {
                        runs[i].run(world, dt);
                    } catch (Throwable t) {
                        Failures.record(layout, world, t, i, Stage.RUN, -1);
                        throw t;
                    }
                    SystemTurns.ran(rt, i);
                    if (messages != null) {
                        messages.exit(i);
                    }
                }
                if (tx != null && tx.needsAttention()) {
                    Commits.afterSystem(rt, layout, world, i);
                }
            }
        } catch (Throwable t) {
            rt.faultResume = i + 1; // system i's turn threw: a fixed step resumes after it
            throw t;
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
            Failures.record(layout, world, t, i, Stage.SET_CONDITION, c);
            throw t;
        }
    }

    /** The own condition of system {@code i}; a throwing one is a CONDITION failure. */
    private boolean holds(Condition own, World world, int i) {
        try {
            return own.test(world);
        } catch (Throwable t) {
            Failures.record(layout, world, t, i, Stage.CONDITION, -1);
            throw t;
        }
    }

    /**
     * One system: enabled flag (its phase's flag first, Orrery's own, then its own), set conditions, own
     * condition, run; hooks around (SCH-118, SCH-144).
     */
    void consider(WorldRuntime rt, World world, int i, Phase phase, double dt) {
        MutableHookContext ctx = rt.activeContext;
        if (probe != null) {
            probe.at(i);
        }
        if (rt.isDisabled(i)) {
            skip(ctx, world, i, phase, dt, rt.isPhaseBlocked(i) ? SkipReason.PHASE_DISABLED : SkipReason.DISABLED);
            return;
        }
        SystemTurns.begin(rt, i);
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
                Failures.record(layout, world, t, i, Stage.HOOK_BEFORE, -1);
                throw t;
            }
        }
        RunMessages messages = rt.messages;
        if (messages != null) {
            messages.enter(i);
        }
        try {
            layout.runs[i].run(world, dt);
        } catch (Throwable t) {
            Failures.record(layout, world, t, i, Stage.RUN, -1);
            throw t;
        }
        SystemTurns.ran(rt, i);
        if (messages != null) {
            messages.exit(i);
        }
        if (ctx != null) {
            ctx.point(world, layout.systems[i], phase, dt);
            try {
                hooks.afterSystem(ctx);
            } catch (Throwable t) {
                Failures.record(layout, world, t, i, Stage.HOOK_AFTER, -1);
                throw t;
            }
        }
    }

    /** Tells the hooks, if the call is observed, that system {@code i} is skipped. */
    void skip(MutableHookContext ctx, World world, int i, Phase phase, double dt, SkipReason reason) {
        if (ctx != null) {
            ctx.point(world, layout.systems[i], phase, dt);
            try {
                hooks.onSkip(ctx, reason);
            } catch (Throwable t) {
                Failures.record(layout, world, t, i, Stage.HOOK_SKIP, -1);
                throw t;
            }
        }
    }
}
