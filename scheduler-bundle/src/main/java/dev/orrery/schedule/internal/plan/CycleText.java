package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildCycle.Meaning;
import dev.orrery.schedule.graph.BuildCycle.Step;
import dev.orrery.schedule.graph.BuildItem;
import java.util.List;

/**
 * A cycle as a build message shows it: {@link BuildCycle#toString()} (the path, then every step) for
 * a cycle of at most {@link #FULL_STEPS} steps; for a longer one, the first {@link #HEAD} and the
 * last {@link #TAIL} nodes of the path and steps, with {@code … N more …} between them, so that a
 * cycle through thousands of systems gives a message of a few lines' length that still names where
 * it starts and ends. The cycle itself, with every step, stays in {@code BuildProblem.cycles()}.
 * Error path only.
 */
final class CycleText {
    /** Cycles of at most this many steps are shown in full. */
    static final int FULL_STEPS = BuildProblem.FULL_CYCLE_STEPS;
    /** Nodes and steps shown at the start of a longer cycle. */
    static final int HEAD = 10;
    /** Nodes and steps shown at its end. */
    static final int TAIL = 2;

    private CycleText() {
    }

    /** @return the cycle's text for a message */
    static String of(BuildCycle cycle) {
        List<Step> steps = cycle.steps();
        if (steps.size() <= FULL_STEPS) {
            return cycle.toString();
        }
        int n = steps.size();
        StringBuilder sb = new StringBuilder();
        // The path: nodes are the steps' starts; an empty set passed through is one node, shown once.
        List<Step> nodes = steps.stream().filter(s -> s.meaning() != Meaning.THROUGH_EMPTY_SET).toList();
        int m = nodes.size();
        if (m <= HEAD + TAIL) {
            for (Step s : nodes) {
                sb.append(node(s.from())).append(" → ");
            }
        } else {
            for (int i = 0; i < HEAD; i++) {
                sb.append(node(nodes.get(i).from())).append(" → ");
            }
            sb.append("… ").append(m - HEAD - TAIL).append(" more … → ");
            for (int i = m - TAIL; i < m; i++) {
                sb.append(node(nodes.get(i).from())).append(" → ");
            }
        }
        sb.append(node(steps.get(0).from())).append(": ");
        for (int i = 0; i < HEAD; i++) {
            sb.append(i == 0 ? "" : "; ").append(steps.get(i).text());
        }
        sb.append("; … ").append(n - HEAD - TAIL).append(" more steps …");
        for (int i = n - TAIL; i < n; i++) {
            sb.append("; ").append(steps.get(i).text());
        }
        return sb.toString();
    }

    private static String node(BuildItem item) {
        String quoted = "'" + item.name() + "'";
        return item.kind() == BuildItem.Kind.SET ? "[set " + quoted + "]" : quoted;
    }
}
