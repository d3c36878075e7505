package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.Phase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fixed-step part of a {@link RunLayout}: the schedule's distinct {@link FixedClock}s, in the order
 * of their first phase in phase order (the tie-break between clocks due at the same time), and the
 * clock of each phase. Immutable.
 *
 * <p>Checked at build: clocks are identified by name, so two different clocks with one name are
 * refused; and the automatic fixed phases adjacent in the order of automatic phases form the groups
 * that {@code run} steps together, so all automatic phases of one clock must be in one group. The
 * groups of the automatic phases and their clocks are laid out here, once, so {@code run} finds them
 * with two array reads.
 */
final class FixedLayout {
    /** The distinct clocks. */
    final FixedClock[] clocks;
    /** Per phase index: the index of its clock in {@link #clocks}, or -1 for a variable phase. */
    final int[] phaseClock;
    /** Whether any phase is fixed. */
    final boolean any;
    /** Per clock index: its step in nanoseconds and in seconds (the step's dt), read once per step. */
    final long[] stepNanos;
    final double[] stepSeconds;
    /**
     * Per position {@code k} in the automatic phases: when a group of adjacent fixed phases starts
     * there, the position after its last phase; else -1.
     */
    final int[] automaticGroupEnd;
    /** Per position {@code k} where an automatic group starts: its distinct clocks ({@link #distinctClocks}); else null. */
    final int[][] automaticGroupClocks;

    FixedLayout(String schedule, Phase[] phases, int[] automaticPhases) {
        this.phaseClock = new int[phases.length];
        List<FixedClock> list = new ArrayList<>();
        Map<String, Integer> byName = new HashMap<>();
        Map<String, String> firstPhase = new HashMap<>();
        for (int p = 0; p < phases.length; p++) {
            FixedClock clock = phases[p].clock().orElse(null);
            if (clock == null) {
                phaseClock[p] = -1;
                continue;
            }
            Integer c = byName.get(clock.name());
            if (c == null) {
                c = list.size();
                list.add(clock);
                byName.put(clock.name(), c);
                firstPhase.put(clock.name(), phases[p].name());
            } else if (!list.get(c).equals(clock)) {
                throw new IllegalArgumentException("schedule '" + schedule + "': phases '" + firstPhase.get(clock.name())
                        + "' and '" + phases[p].name() + "' use two different fixed clocks named '" + clock.name() + "' ("
                        + list.get(c) + " and " + clock + "); give each clock its own name");
            }
            phaseClock[p] = c;
        }
        this.clocks = list.toArray(new FixedClock[0]);
        this.any = clocks.length > 0;
        this.stepNanos = new long[clocks.length];
        this.stepSeconds = new double[clocks.length];
        for (int c = 0; c < clocks.length; c++) {
            stepNanos[c] = clocks[c].stepNanos();
            stepSeconds[c] = clocks[c].stepSeconds();
        }
        checkGroups(schedule, phases, automaticPhases);
        this.automaticGroupEnd = new int[automaticPhases.length];
        this.automaticGroupClocks = new int[automaticPhases.length][];
        java.util.Arrays.fill(automaticGroupEnd, -1);
        for (int k = 0; k < automaticPhases.length; k++) {
            if (phaseClock[automaticPhases[k]] < 0) {
                continue;
            }
            int end = k + 1;
            while (end < automaticPhases.length && phaseClock[automaticPhases[end]] >= 0) {
                end++;
            }
            int[] scratch = new int[clocks.length];
            automaticGroupEnd[k] = end;
            automaticGroupClocks[k] = java.util.Arrays.copyOf(scratch, distinctClocks(automaticPhases, k, end, scratch));
            k = end - 1;
        }
    }

    /**
     * Writes the distinct clocks of the phases {@code list[from..to)} to {@code out}, in the order of
     * their first phase there (the tie-break of steps due at the same time). Allocation-free.
     *
     * @return how many
     */
    int distinctClocks(int[] list, int from, int to, int[] out) {
        int n = 0;
        for (int k = from; k < to; k++) {
            int c = phaseClock[list[k]];
            boolean seen = false;
            for (int j = 0; j < n && !seen; j++) {
                seen = out[j] == c;
            }
            if (!seen) {
                out[n++] = c;
            }
        }
        return n;
    }

    private void checkGroups(String schedule, Phase[] phases, int[] automatic) {
        int[] groupOf = new int[clocks.length];
        java.util.Arrays.fill(groupOf, -1);
        int[] lastPhase = new int[clocks.length];
        int group = -1;
        boolean inGroup = false;
        int lastVariable = -1;
        for (int p : automatic) {
            int c = phaseClock[p];
            if (c < 0) {
                inGroup = false;
                lastVariable = p;
                continue;
            }
            if (!inGroup) {
                group++;
                inGroup = true;
            }
            if (groupOf[c] >= 0 && groupOf[c] != group) {
                throw new IllegalArgumentException("schedule '" + schedule + "': the automatic phases '"
                        + phases[lastPhase[c]].name() + "' and '" + phases[p].name() + "' of fixed clock '" + clocks[c].name()
                        + "' are separated by variable phase '" + phases[lastVariable].name()
                        + "'; the automatic phases of one clock must follow each other in phase order");
            }
            groupOf[c] = group;
            lastPhase[c] = p;
        }
    }
}
