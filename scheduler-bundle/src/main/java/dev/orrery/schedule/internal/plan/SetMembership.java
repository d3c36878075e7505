package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.SystemSet;
import java.util.Arrays;
import java.util.List;

/**
 * The members of every set, grouped by phase (SCH-127, SCH-130): for set {@code s}, group {@code g}
 * holds its members in phase position {@link #groupPhase(int, int)}, in declaration order; groups are
 * sorted by phase position. Membership is declared only by systems; a set listed twice by one system
 * counts once.
 */
final class SetMembership {
    private final int[][] members;
    private final int[][] groupStart;
    private final int[][] groupPhase;

    private SetMembership(int[][] members, int[][] groupStart, int[][] groupPhase) {
        this.members = members;
        this.groupStart = groupStart;
        this.groupPhase = groupPhase;
    }

    /**
     * @param decl validated declarations
     * @param systemPhasePos per system declaration index: the position of its phase in phase order
     * @return the membership
     */
    static SetMembership of(Declarations decl, int[] systemPhasePos) {
        int setCount = decl.sets().size();
        int systemCount = decl.systems().size();
        IntList[] lists = new IntList[setCount];
        for (Declared<EcsSystem> d : decl.systems()) {
            List<SystemSet> sets = d.item().sets();
            boolean[] first = FirstOccurrences.of(sets);
            for (int k = 0; k < sets.size(); k++) {
                int s = decl.indexOf(sets.get(k));
                if (first[k]) {
                    if (lists[s] == null) {
                        lists[s] = new IntList(4);
                    }
                    lists[s].add(d.index());
                }
            }
        }
        int[][] members = new int[setCount][];
        int[][] groupStart = new int[setCount][];
        int[][] groupPhase = new int[setCount][];
        for (int s = 0; s < setCount; s++) {
            int size = lists[s] == null ? 0 : lists[s].size();
            long[] keys = new long[size];
            for (int i = 0; i < size; i++) {
                int m = lists[s].get(i);
                keys[i] = (long) systemPhasePos[m] * systemCount + m;
            }
            Arrays.sort(keys);
            int[] sorted = new int[size];
            IntList starts = new IntList(4);
            IntList phases = new IntList(4);
            for (int i = 0; i < size; i++) {
                sorted[i] = (int) (keys[i] % systemCount);
                int phase = systemPhasePos[sorted[i]];
                if (i == 0 || phase != systemPhasePos[sorted[i - 1]]) {
                    starts.add(i);
                    phases.add(phase);
                }
            }
            starts.add(size);
            members[s] = sorted;
            groupStart[s] = starts.toArray();
            groupPhase[s] = phases.toArray();
        }
        return new SetMembership(members, groupStart, groupPhase);
    }

    /** @return number of phase groups of set {@code s} (0 for an empty set, SCH-134) */
    int groupCount(int s) {
        return groupPhase[s].length;
    }

    /** @return the phase position of group {@code g} of set {@code s} */
    int groupPhase(int s, int g) {
        return groupPhase[s][g];
    }

    int groupBegin(int s, int g) {
        return groupStart[s][g];
    }

    int groupEnd(int s, int g) {
        return groupStart[s][g + 1];
    }

    /** @return the system declaration index at position {@code i} of set {@code s}'s sorted members */
    int member(int s, int i) {
        return members[s][i];
    }

    /** @return the index of the group of set {@code s} in phase position {@code phase}, or -1 */
    int groupIn(int s, int phase) {
        int i = Arrays.binarySearch(groupPhase[s], phase);
        return i >= 0 ? i : -1;
    }
}
