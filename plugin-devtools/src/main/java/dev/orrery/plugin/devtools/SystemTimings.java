package dev.orrery.plugin.devtools;

import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Per-system timings of running schedules, collected through {@link ScheduleHooks} (SCH-144): for each
 * system the last, mean and longest duration, the number of completed runs and the number of skips
 * by {@link SkipReason}. The schedule adds no timing itself (SCH-145); this observer reads a
 * nanosecond clock in {@code beforeSystem} and {@code afterSystem}.
 *
 * <p><b>Safe to leave on.</b> A hook call allocates nothing: the counters are arrays indexed by the
 * system's position in {@code schedule.systems()}, allocated once per built schedule, and the position
 * of the system is found from the previous call's (hooks arrive in execution order). Memory is bounded:
 * one set of counters per schedule name, sized to its systems. When a schedule is rebuilt (a new
 * schedule object with the same name), the counters are reallocated once and carry over by system
 * name; systems that left are dropped. Schedules are held weakly and systems only by name, so a
 * removed plugin's classes stay collectable. A hook never throws: a system it cannot place is ignored.
 * A system that throws is not counted (no {@code afterSystem}, SCH-146).
 *
 * <p><b>Threading.</b> Not synchronized: like the worlds it observes, an instance is confined to the
 * thread that runs the schedules (the host's frame thread). Call {@link #snapshot()} and
 * {@link #reset()} on that thread too (the shell hands them to the frame thread).
 *
 * @since 0.1
 */
public final class SystemTimings implements ScheduleHooks {
    private final LongSupplier nanoClock;
    private final int samplePeriod;
    private final Map<String, ScheduleTimings> bySchedule = new TreeMap<>();
    private ScheduleTimings recent;

    /** Creates timings measured with {@link System#nanoTime()}. */
    public SystemTimings() {
        this(System::nanoTime);
    }

    /**
     * Creates timings measured with the given clock, for tests.
     *
     * @param nanoClock a monotonic clock in nanoseconds; not null
     */
    public SystemTimings(LongSupplier nanoClock) {
        this(nanoClock, 1);
    }

    /**
     * Creates sampled timings (beyond the spec, Orrery's own): the schedule calls these hooks on one
     * run call in {@code samplePeriod} per world ({@link ScheduleHooks#samplePeriod()}) and runs the
     * others as without hooks, so timing costs about {@code 1/samplePeriod} of its full price. The
     * trade-off in precision: every figure describes the sampled calls only. {@code runs} and the skip
     * counts are sampled counts (about {@code 1/samplePeriod} of the true ones); {@code last} is the
     * last sampled run; {@code mean} is the mean of the sampled runs (unbiased for a steady system,
     * noisier for one whose duration varies); {@code max} can miss a spike that falls between samples.
     * At 60 frames per second and a period of 64, each system is timed about once a second. In the
     * host, observers of the main schedule are called at the smallest period any of them asks for, so
     * while another observer (the web console's, while a page is open) asks for every frame, these
     * timings see every frame too: the period is the least often they are called. Schedules other than
     * the main one (run by systems, once per turn or event) are observed on every run call.
     *
     * @param nanoClock a monotonic clock in nanoseconds; not null
     * @param samplePeriod observe one run call in this many; at least 1 (1: every call, exact counts)
     * @throws IllegalArgumentException if {@code samplePeriod} is below 1
     */
    public SystemTimings(LongSupplier nanoClock, int samplePeriod) {
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
        if (samplePeriod < 1) {
            throw new IllegalArgumentException("SystemTimings: samplePeriod " + samplePeriod + " is below 1");
        }
        this.samplePeriod = samplePeriod;
    }

    /**
     * @return the sample period given at construction: the schedule observes one run call in this
     *     many; 1 for the exact timings of the constructors without a period
     */
    @Override
    public int samplePeriod() {
        return samplePeriod;
    }

    @Override
    public void beforeSystem(HookContext ctx) {
        Schedule s = ctx.schedule();
        ScheduleTimings t = timingsOf(s);
        int i = t.indexOf(s, ctx.system());
        if (i >= 0) {
            t.begin(i, nanoClock.getAsLong());
        }
    }

    @Override
    public void afterSystem(HookContext ctx) {
        long now = nanoClock.getAsLong();
        Schedule s = ctx.schedule();
        ScheduleTimings t = timingsOf(s);
        int i = t.indexOf(s, ctx.system());
        if (i >= 0) {
            t.end(i, now);
        }
    }

    @Override
    public void onSkip(HookContext ctx, SkipReason reason) {
        Schedule s = ctx.schedule();
        ScheduleTimings t = timingsOf(s);
        int i = t.indexOf(s, ctx.system());
        if (i >= 0 && reason != null) {
            t.skip(i, reason);
        }
    }

    private ScheduleTimings timingsOf(Schedule s) {
        ScheduleTimings t = recent;
        if (t != null && t.isFor(s)) {
            return t;
        }
        t = bySchedule.get(s.name());
        if (t == null || !t.isFor(s)) {
            t = ScheduleTimings.of(s, t);
            bySchedule.put(s.name(), t);
        }
        recent = t;
        return t;
    }

    /**
     * @return the timings of every system of every schedule observed so far, by schedule name and
     *     then execution position; systems that never ran or were skipped show zeros
     */
    public List<SystemTiming> snapshot() {
        List<SystemTiming> out = new ArrayList<>();
        for (ScheduleTimings t : bySchedule.values()) {
            out.addAll(t.snapshot());
        }
        return List.copyOf(out);
    }

    /**
     * @param scheduleName a schedule name
     * @return the timings of that schedule's systems in execution order; empty if it was never observed
     */
    public List<SystemTiming> snapshot(String scheduleName) {
        ScheduleTimings t = bySchedule.get(Objects.requireNonNull(scheduleName, "scheduleName"));
        return t == null ? List.of() : List.copyOf(t.snapshot());
    }

    /** Sets every counter and duration back to zero; the schedules stay known. */
    public void reset() {
        for (ScheduleTimings t : bySchedule.values()) {
            t.reset();
        }
    }
}
