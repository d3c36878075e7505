package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.PassClock;
import dev.orrery.world.World;
import java.util.Arrays;

/**
 * Steps a group of fixed phases (adjacent fixed phases of a run call, see {@link FixedLayout}): for
 * each clock of the group, first the rest of a step a throw interrupted, then the frame's dt added to
 * its accumulator ({@link FixedTime#beginFrame}), then the due steps of all the group's clocks
 * interleaved by (due time, clock order), each step running that clock's phases of the group in phase
 * order with {@code dt == step}.
 *
 * <p>Implementation notes. Due times are nanoseconds from the frame's start: a clock's first step is
 * due when its accumulator, as it was before the frame, would have reached a whole step. The pass
 * clock (run conditions' dt) begins a pass per step with the step's dt, and the pass of the call is
 * restored after the group, so a timer gating a fixed system counts steps and one gating a variable
 * system counts frames. A throw marks the step interrupted after the failed system
 * ({@link FixedTime#interrupt}) before it propagates unchanged. Allocation-free: the arrays are the
 * world's {@link FixedScratch}.
 *
 * <p>The steady case has a path of its own ({@link #runSteady}), since it is nearly every frame: an
 * automatic group of one clock, virtual time not paused, the clock's state already resolved for this
 * world (its {@link FixedTime} in the scratch, taken from the clocks record the world still holds: one
 * identity comparison) and no interrupted step. It does what {@link #runGroup} does in that case and
 * nothing else: no clock-state lookup ({@code FixedTime.of}), no {@code claim} (the frame's
 * {@link FixedTime#beginFrame} compares the driver by identity), no due times or steps-left
 * bookkeeping of several clocks, no per-phase clock test (every phase of the group is the clock's),
 * the frame dt converted to nanoseconds once while it stays the same ({@link FixedScratch#nanos}), and
 * no save and restore of the pass clock when the call began no pass. Every other frame (the first in
 * a world, after a reset or restore, paused, resuming a step, several clocks, {@code runPhase} and
 * {@code runPhases}) takes {@link #runGroup}; both give the same steps, ticks, pass dt and
 * interruption marks.
 */
final class FixedSteps {
    /** Runs phase {@code p} from system {@code from} ({@code -1}: the whole phase) with {@code dt}. */
    interface Body {
        void execute(WorldRuntime rt, World world, int p, int from, double dt);
    }

    private final RunLayout layout;
    private final Body body;

    FixedSteps(RunLayout layout, Body body) {
        this.layout = layout;
        this.body = body;
    }

    /**
     * Steps a group of {@code run}: automatic phases {@code list[from..to)}, laid out by
     * {@link FixedLayout#automaticGroupEnd}.
     */
    void runAutomaticGroup(WorldRuntime rt, World world, int[] list, int from, int to, double dt, double realDt,
                           boolean paused) {
        int[] clocks = layout.fixed.automaticGroupClocks[from];
        if (clocks.length == 1 && !paused) {
            FixedScratch s = rt.fixed;
            int c = clocks[0];
            FixedTime ft = s.times[c];
            if (ft != null && s.timesOf != null && s.clocks.get() == s.timesOf && !ft.isStepInterrupted()) {
                runSteady(rt, world, list, from, to, c, ft, dt, realDt);
                return;
            }
        }
        runGroup(rt, world, list, from, to, clocks, clocks.length, dt, realDt, paused);
    }

    /**
     * {@link #runGroup} for the steady case: one clock {@code c}, whose state {@code ft} is resolved
     * for this world and has no interrupted step, virtual time not paused. Every phase of the group is
     * the clock's.
     */
    private void runSteady(WorldRuntime rt, World world, int[] list, int from, int to, int c, FixedTime ft,
                           double dt, double realDt) {
        FixedScratch s = rt.fixed;
        long frameNanos = s.nanos(dt);
        long realNanos = realDt == dt ? frameNanos : nanos(realDt);
        int left = ft.beginFrame(layout.scheduleName, layout.fixed.clocks[c], frameNanos, realNanos);
        if (left == 0) {
            return;
        }
        double stepDt = layout.fixed.stepSeconds[c];
        PassClock pass = rt.passClock();
        if (pass == null) {
            for (; left > 0; left--) {
                ft.beginStep();
                steadyStep(rt, world, list, from, to, ft, stepDt);
            }
            return;
        }
        long outerPass = pass.pass();
        double outerDt = pass.dt();
        try {
            for (; left > 0; left--) {
                ft.beginStep();
                pass.begin(stepDt);
                steadyStep(rt, world, list, from, to, ft, stepDt);
            }
        } finally {
            pass.end(outerPass, outerDt);
        }
    }

    /** {@link #step} of the steady case: every phase of {@code list[from..to)} from its first system. */
    private void steadyStep(WorldRuntime rt, World world, int[] list, int from, int to, FixedTime ft, double dt) {
        for (int k = from; k < to; k++) {
            int p = list[k];
            rt.faultResume = -1;
            try {
                body.execute(rt, world, p, -1, dt);
            } catch (Throwable t) {
                ft.interrupt(layout.phases[p].name(), resumeAfter(rt, p, -1));
                throw t;
            }
        }
    }

    /**
     * Steps a group of {@code runPhase} or {@code runPhases}: its clocks are found here.
     *
     * @param list phase indexes; the group is {@code list[from..to)}, every one a fixed phase
     * @param dt the call's dt, seconds
     */
    void runCalledGroup(WorldRuntime rt, World world, int[] list, int from, int to, double dt) {
        int[] clocks = rt.fixed.groupClocks;
        int n = layout.fixed.distinctClocks(list, from, to, clocks);
        runGroup(rt, world, list, from, to, clocks, n, dt, dt, false);
    }

    /**
     * @param list phase indexes; the group is {@code list[from..to)}, every one a fixed phase
     * @param clocks the group's distinct clocks, {@code clocks[0..n)}, in the order of their first phase
     * @param dt the frame's dt after virtual time, seconds
     * @param realDt the frame's dt before virtual time, seconds
     * @param paused whether virtual time is paused: the group does nothing
     */
    private void runGroup(WorldRuntime rt, World world, int[] list, int from, int to, int[] clocks, int n,
                          double dt, double realDt, boolean paused) {
        FixedScratch s = rt.fixed;
        FixedTime.Clocks present = s.clocks.get();
        if (present == null || present != s.timesOf) {
            Arrays.fill(s.times, null); // first use, or the world was reset
            s.timesOf = present;
        }
        long frameNanos = s.nanos(dt);
        long realNanos = realDt == dt ? frameNanos : nanos(realDt);
        for (int j = 0; j < n; j++) {
            int c = clocks[j];
            FixedClock clock = layout.fixed.clocks[c];
            FixedTime ft = s.times[c];
            if (ft == null) {
                ft = FixedTime.of(world, clock);
                s.times[c] = ft;
                s.timesOf = s.clocks.get();
            }
            s.left[c] = 0;
            if (paused) {
                ft.claim(layout.scheduleName, clock);
                ft.skipFrame();
                continue;
            }
            if (ft.isStepInterrupted()) {
                ft.claim(layout.scheduleName, clock);
                resume(rt, world, list, from, to, c, ft);
            }
            long before = ft.accumulatorNanos();
            s.left[c] = ft.beginFrame(layout.scheduleName, clock, frameNanos, realNanos);
            s.due[c] = layout.fixed.stepNanos[c] - before;
        }
        PassClock pass = rt.passClock();
        long outerPass = pass == null ? 0 : pass.pass();
        double outerDt = pass == null ? 0 : pass.dt();
        try {
            if (n == 1) {
                int c = clocks[0];
                FixedTime ft = s.times[c];
                for (int left = s.left[c]; left > 0; left--) { // one clock: its steps in a row
                    ft.beginStep();
                    step(rt, world, list, from, to, c, ft, pass, -1, -1);
                }
                return;
            }
            while (true) {
                int best = -1;
                for (int j = 0; j < n; j++) {
                    int c = clocks[j];
                    if (s.left[c] > 0 && (best < 0 || s.due[c] < s.due[best])) {
                        best = c;
                    }
                }
                if (best < 0) {
                    break;
                }
                s.left[best]--;
                s.due[best] += layout.fixed.stepNanos[best];
                FixedTime ft = s.times[best];
                ft.beginStep();
                step(rt, world, list, from, to, best, ft, pass, -1, -1);
            }
        } finally {
            if (pass != null) {
                pass.end(outerPass, outerDt);
            }
        }
    }

    /** Finishes the interrupted step of clock {@code c}: the systems after the failed one, then the clock's later phases. */
    private void resume(WorldRuntime rt, World world, int[] list, int from, int to, int c, FixedTime ft) {
        int phase = layout.indexOfPhaseName(ft.interruptedPhase());
        String after = ft.interruptedAfter();
        ft.endInterruption();
        int startK = -1;
        for (int k = from; k < to && startK < 0; k++) {
            if (list[k] == phase && layout.fixed.phaseClock[phase] == c) {
                startK = k;
            }
        }
        if (startK < 0) {
            return; // the phase is gone or not in this call: the rest of the step is abandoned
        }
        int startSystem = layout.phaseStart[phase];
        if (after != null) {
            int i = layout.indexOfName(after);
            startSystem = i >= 0 && layout.systemPhase[i] == phase ? i + 1 : layout.phaseEnd[phase];
        }
        PassClock pass = rt.passClock();
        long outerPass = pass == null ? 0 : pass.pass();
        double outerDt = pass == null ? 0 : pass.dt();
        try {
            step(rt, world, list, startK, to, c, ft, pass, phase, startSystem);
        } finally {
            if (pass != null) {
                pass.end(outerPass, outerDt);
            }
        }
    }

    /**
     * One step of clock {@code c}: its phases in {@code list[from..to)}; phase {@code firstPhase}
     * (or none, -1) starts at system {@code firstSystem}.
     */
    private void step(WorldRuntime rt, World world, int[] list, int from, int to, int c, FixedTime ft,
                      PassClock pass, int firstPhase, int firstSystem) {
        double dt = layout.fixed.stepSeconds[c];
        if (pass != null) {
            pass.begin(dt);
        }
        for (int k = from; k < to; k++) {
            int p = list[k];
            if (layout.fixed.phaseClock[p] != c) {
                continue;
            }
            int start = p == firstPhase ? firstSystem : -1;
            rt.faultResume = -1;
            try {
                body.execute(rt, world, p, start, dt);
            } catch (Throwable t) {
                ft.interrupt(layout.phases[p].name(), resumeAfter(rt, p, start));
                throw t;
            }
        }
    }

    /**
     * @param start the system phase {@code p} began at, or -1 for its first
     * @return the name of the last system done when phase {@code p} threw, or null for none: the
     *     interrupted step resumes after it
     */
    private String resumeAfter(WorldRuntime rt, int p, int start) {
        int first = layout.phaseStart[p];
        int from = start < 0 ? first : start;
        int resume = rt.faultResume;
        if (resume < from || resume > layout.phaseEnd[p]) {
            resume = from; // a throw no system's turn or publish is named for (an init function): the same start
        }
        return resume > first ? layout.systemNames[resume - 1] : null;
    }

    /** @return {@code seconds} in whole nanoseconds, rounded, at most a century */
    static long nanos(double seconds) {
        return Math.round(Math.min(seconds, 3.15e9) * 1e9);
    }
}
