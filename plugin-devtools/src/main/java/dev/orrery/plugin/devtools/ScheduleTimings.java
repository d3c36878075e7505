package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SkipReason;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The counters of one built schedule, one slot per system, indexed by the system's position in
 * {@code schedule.systems()}. Allocated once per schedule object; the hook path only reads and writes
 * these arrays. The schedule is held weakly and systems only by name, so a removed plugin's classes
 * stay collectable.
 */
final class ScheduleTimings {
    private static final long NOT_STARTED = Long.MIN_VALUE;

    private final String scheduleName;
    private final WeakReference<Schedule> schedule;
    private final String[] systems;
    private final String[] phases;
    private final long[] startNanos;
    private final long[] lastNanos;
    private final long[] totalNanos;
    private final long[] maxNanos;
    private final long[] runs;
    private final long[][] skips;
    /** Position of the system of the most recent hook call, to find the next one in O(1). */
    private int lastIndex = -1;

    private ScheduleTimings(Schedule schedule) {
        List<EcsSystem> list = schedule.systems();
        int n = list.size();
        this.scheduleName = schedule.name();
        this.schedule = new WeakReference<>(schedule);
        this.systems = new String[n];
        this.phases = new String[n];
        for (int i = 0; i < n; i++) {
            systems[i] = list.get(i).name();
            phases[i] = list.get(i).phase().name();
        }
        this.startNanos = new long[n];
        Arrays.fill(startNanos, NOT_STARTED);
        this.lastNanos = new long[n];
        this.totalNanos = new long[n];
        this.maxNanos = new long[n];
        this.runs = new long[n];
        this.skips = new long[SkipReason.values().length][n];
    }

    /**
     * @param schedule the schedule to measure
     * @param previous the counters of the schedule it replaces (same name), or null; counters of
     *     systems whose name is in both carry over
     * @return new counters for {@code schedule}
     */
    static ScheduleTimings of(Schedule schedule, ScheduleTimings previous) {
        ScheduleTimings t = new ScheduleTimings(schedule);
        if (previous != null) {
            Map<String, Integer> old = new HashMap<>();
            for (int i = 0; i < previous.systems.length; i++) {
                old.put(previous.systems[i], i);
            }
            for (int i = 0; i < t.systems.length; i++) {
                Integer j = old.get(t.systems[i]);
                if (j != null) {
                    t.lastNanos[i] = previous.lastNanos[j];
                    t.totalNanos[i] = previous.totalNanos[j];
                    t.maxNanos[i] = previous.maxNanos[j];
                    t.runs[i] = previous.runs[j];
                    for (int r = 0; r < t.skips.length; r++) {
                        t.skips[r][i] = previous.skips[r][j];
                    }
                }
            }
        }
        return t;
    }

    /** @return whether these are the counters of exactly that schedule object */
    boolean isFor(Schedule s) {
        return schedule.get() == s;
    }

    /**
     * Finds a system's position without allocating: hooks arrive in execution order, so the system is
     * nearly always the one of the previous call or the next one; otherwise a linear scan.
     *
     * @return the position, or -1 if the system is not in the schedule
     */
    int indexOf(Schedule s, EcsSystem system) {
        List<EcsSystem> list = s.systems();
        int n = list.size();
        int last = lastIndex;
        if (last >= 0 && last < n && list.get(last) == system) {
            return last;
        }
        int next = last + 1;
        if (next < n && list.get(next) == system) {
            lastIndex = next;
            return next;
        }
        for (int i = 0; i < n; i++) {
            if (list.get(i) == system) {
                lastIndex = i;
                return i;
            }
        }
        return -1;
    }

    void begin(int i, long now) {
        startNanos[i] = now;
    }

    void end(int i, long now) {
        long start = startNanos[i];
        if (start == NOT_STARTED) {
            return;
        }
        startNanos[i] = NOT_STARTED;
        long d = Math.max(0L, now - start);
        lastNanos[i] = d;
        totalNanos[i] += d;
        if (d > maxNanos[i]) {
            maxNanos[i] = d;
        }
        runs[i]++;
    }

    void skip(int i, SkipReason reason) {
        skips[reason.ordinal()][i]++;
    }

    void reset() {
        Arrays.fill(startNanos, NOT_STARTED);
        Arrays.fill(lastNanos, 0L);
        Arrays.fill(totalNanos, 0L);
        Arrays.fill(maxNanos, 0L);
        Arrays.fill(runs, 0L);
        for (long[] row : skips) {
            Arrays.fill(row, 0L);
        }
    }

    List<SystemTiming> snapshot() {
        List<SystemTiming> out = new ArrayList<>(systems.length);
        for (int i = 0; i < systems.length; i++) {
            out.add(new SystemTiming(scheduleName, i, systems[i], phases[i], runs[i], lastNanos[i],
                    totalNanos[i], maxNanos[i], skips[SkipReason.DISABLED.ordinal()][i],
                    skips[SkipReason.CONDITION.ordinal()][i], skips[SkipReason.PHASE_DISABLED.ordinal()][i]));
        }
        return out;
    }
}
