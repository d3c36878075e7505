package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.graph.OrderGraph;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Tells why one system runs before another in a built schedule (the shell's {@code explain a b}).
 *
 * <p>The answer follows how the scheduler orders systems. Systems of different phases run in phase
 * order (SCH-002). Within a phase the order is a stable topological sort of the before/after edges
 * after set expansion (SCH-013, SCH-014, SCH-128, SCH-129): if a chain of edges leads from one to the
 * other, that chain decides, and each edge is reported with the system or set that declared it and
 * that one's plugin. Otherwise the tie-break decides: among the systems ready at a point, the one
 * declared first runs first. Either both were ready together ("declaration order"), or the later one
 * was waiting, through a chain, for a system declared after the earlier one.
 *
 * <p>Reads the schedule's introspection only ({@code phases()}, {@code systems()}, {@code sourceOf},
 * {@code plugins()}, and the published {@link Schedule#orderGraph()}, the graph the scheduler ordered
 * by); safe to call from any thread, since a schedule is immutable.
 *
 * @since 0.1
 */
public final class Explainer {
    private final Schedule schedule;
    private final OrderGraph graph;
    private final SystemEdges.Names names;
    private final Map<EcsSystem, Integer> position = new IdentityHashMap<>();

    /**
     * @param schedule a built schedule; not null
     */
    public Explainer(Schedule schedule) {
        this.schedule = Objects.requireNonNull(schedule, "schedule");
        this.graph = schedule.orderGraph();
        this.names = SystemEdges.Names.of(schedule);
        List<EcsSystem> systems = schedule.systems();
        for (int i = 0; i < systems.size(); i++) {
            position.put(systems.get(i), i);
        }
    }

    /**
     * Explains the order of two systems given by name.
     *
     * @param a the name of the system asked to run first
     * @param b the name of the other system
     * @return the explanation; if b in fact runs before a, it says so and explains that order
     * @throws IllegalArgumentException if a name matches no system of the schedule (the message names
     *     the schedule and the system), or both names are the same
     */
    public Explanation explain(String a, String b) {
        EcsSystem sa = find(a);
        EcsSystem sb = find(b);
        if (sa == sb) {
            throw new IllegalArgumentException("explain needs two different systems; got '" + a + "' twice");
        }
        boolean asAsked = position.get(sa) < position.get(sb);
        EcsSystem first = asAsked ? sa : sb;
        EcsSystem second = asAsked ? sb : sa;
        String head = asAsked
                ? a + " runs before " + b + ": "
                : a + " does not run before " + b + ": " + b + " runs before " + a + ": ";
        if (first.phase() != second.phase()) {
            return phaseOrder(first, second, asAsked, head);
        }
        List<SystemEdge> chain = path(first, second);
        if (chain != null) {
            StringBuilder text = new StringBuilder(head)
                    .append("before/after chain in phase ").append(first.phase().name());
            appendChain(text, chain);
            return new Explanation(schedule.name(), first, second, asAsked, Explanation.Reason.EDGE_CHAIN,
                    chain, null, text.toString());
        }
        return tieBreak(first, second, asAsked, head);
    }

    private EcsSystem find(String name) {
        Objects.requireNonNull(name, "system name");
        for (EcsSystem s : schedule.systems()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("schedule '" + schedule.name() + "' has no system '" + name + "'");
    }

    private Explanation phaseOrder(EcsSystem first, EcsSystem second, boolean asAsked, String head) {
        List<Phase> phases = schedule.phases();
        Phase p1 = first.phase();
        Phase p2 = second.phase();
        StringBuilder text = new StringBuilder(head)
                .append("phase order: ").append(p1.name()).append(" (#").append(phases.indexOf(p1) + 1)
                .append(") comes before ").append(p2.name()).append(" (#").append(phases.indexOf(p2) + 1)
                .append(") of ").append(phases.size()).append(" phases");
        for (Phase p : List.of(p1, p2)) {
            if (schedule.isManual(p)) {
                text.append("\n  note: phase ").append(p.name())
                        .append(" is manual: run() skips it and only runPhase/runPhases step it, so the two")
                        .append(" run in one call only when a runPhases range covers both");
                break;
            }
        }
        return new Explanation(schedule.name(), first, second, asAsked, Explanation.Reason.PHASE_ORDER,
                List.of(), null, text.toString());
    }

    private Explanation tieBreak(EcsSystem first, EcsSystem second, boolean asAsked, String head) {
        int firstPos = position.get(first);
        Phase phase = first.phase();
        boolean secondWasReady = true;
        for (SystemEdge e : into(second)) {
            if (e.from().phase() == phase && position.get(e.from()) > firstPos) {
                secondWasReady = false;
                break;
            }
        }
        if (secondWasReady) {
            String text = head + "declaration order: no before/after chain connects them in phase "
                    + phase.name() + "; both were ready together and the one declared first runs first ("
                    + declarationNote(first, second) + ")";
            return new Explanation(schedule.name(), first, second, asAsked, Explanation.Reason.DECLARATION_ORDER,
                    List.of(), null, text);
        }
        List<SystemEdge> chain = waitChain(first, second);
        EcsSystem blocker = chain.get(0).from();
        StringBuilder text = new StringBuilder(head)
                .append("declaration order (tie-break): no before/after chain connects them in phase ")
                .append(phase.name()).append("; ").append(second.name()).append(" waits for ")
                .append(blocker.name()).append(", which was ready together with ").append(first.name())
                .append(" and is declared after it (").append(declarationNote(first, blocker)).append(")");
        appendChain(text, chain);
        return new Explanation(schedule.name(), first, second, asAsked, Explanation.Reason.WAITS_FOR,
                chain, blocker, text.toString());
    }

    /** Where two systems were declared, in words: which plugin, and the plugins' order. */
    private String declarationNote(EcsSystem earlier, EcsSystem later) {
        String p1 = schedule.sourceOf(earlier);
        String p2 = schedule.sourceOf(later);
        if (p1.equals(p2)) {
            return "both declared by " + sourceLabel(p1) + ", " + earlier.name() + " first";
        }
        return earlier.name() + " is declared by " + sourceLabel(p1) + ", " + later.name() + " by "
                + sourceLabel(p2) + ", which comes later in the schedule's declaration";
    }

    private String sourceLabel(String source) {
        for (Plugin p : schedule.plugins()) {
            if (p.name().equals(source)) {
                return "plugin " + source;
            }
        }
        return "schedule " + source + " itself";
    }

    /**
     * Shortest chain of same-phase edges from {@code from} to {@code to}, or null if there is none: the
     * schedule's own order graph searched through set entries and exits ({@link OrderGraph#path}), so a
     * set-before-set declaration costs one step, not one per member pair.
     */
    private List<SystemEdge> path(EcsSystem from, EcsSystem to) {
        List<OrderGraph.Link> links = graph.path(from.name(), to.name());
        if (links.isEmpty()) {
            return null;
        }
        List<SystemEdge> chain = new ArrayList<>();
        links.forEach(l -> chain.add(SystemEdges.of(l, names)));
        return chain;
    }

    /** The expanded edges into one system, from the schedule's order graph. */
    private List<SystemEdge> into(EcsSystem s) {
        List<SystemEdge> out = new ArrayList<>();
        graph.linksTo(s.name()).forEach(l -> out.add(SystemEdges.of(l, names)));
        return out;
    }

    /**
     * The chain by which {@code second} waited: walking back from it through predecessors placed after
     * {@code first}, the nearest one all of whose predecessors were placed before {@code first}. It was
     * ready when {@code first} was chosen, and was not chosen, so it is declared after {@code first}
     * (SCH-014). Such a system exists whenever {@code second} was not ready at that point.
     */
    private List<SystemEdge> waitChain(EcsSystem first, EcsSystem second) {
        int firstPos = position.get(first);
        Phase phase = first.phase();
        Map<EcsSystem, SystemEdge> leadsTo = new IdentityHashMap<>();
        Deque<EcsSystem> queue = new ArrayDeque<>();
        queue.add(second);
        leadsTo.put(second, null);
        while (!queue.isEmpty()) {
            EcsSystem s = queue.removeFirst();
            boolean ready = true;
            for (SystemEdge e : into(s)) {
                EcsSystem p = e.from();
                if (p.phase() == phase && position.get(p) > firstPos) {
                    ready = false;
                    if (!leadsTo.containsKey(p)) {
                        leadsTo.put(p, e);
                        queue.addLast(p);
                    }
                }
            }
            if (ready && s != second) {
                List<SystemEdge> chain = new ArrayList<>();
                for (SystemEdge e = leadsTo.get(s); e != null; e = leadsTo.get(e.to())) {
                    chain.add(e);
                }
                return chain;
            }
        }
        throw new IllegalStateException("schedule '" + schedule.name() + "': cannot tell why " + second.name()
                + " runs after " + first.name() + "; the order does not match a stable topological sort");
    }

    private static void appendChain(StringBuilder text, List<SystemEdge> chain) {
        for (SystemEdge e : chain) {
            text.append("\n  ").append(e.from().name()).append(" -> ").append(e.to().name())
                    .append("   ").append(e.declaration());
        }
    }
}
