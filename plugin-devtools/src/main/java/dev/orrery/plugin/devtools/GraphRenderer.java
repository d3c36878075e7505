package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Draws a built schedule as Graphviz DOT or Mermaid flowchart text: one box (cluster or subgraph) per
 * phase in phase order, marked when manual or detached (SCH-104); bold arrows link the automatic
 * phases in run order, dashed arrows link the manual phases of one component in stepping order
 * ({@link PhaseChains}), and no arrow links a manual phase to an automatic one ({@code run} never goes
 * from one to the other, SCH-107, SCH-111); one node per system inside its phase, marked when
 * disabled; one arrow per ordered pair of systems after set expansion ({@link SystemEdges}), labelled
 * with the set when the edge came from one.
 *
 * <p>Node ids are positions ({@code p0} for the first phase, {@code s0} for the first system), so the
 * text of a schedule is the same on every call. Names are quoted and escaped.
 *
 * @since 0.1
 */
public final class GraphRenderer {
    private GraphRenderer() {
    }

    /**
     * @param schedule a built schedule; not null
     * @param disabled names of the systems to mark as disabled (read from the world's state on its
     *     thread); names that match no system are ignored
     * @param format the output format
     * @return the graph text, ending with a newline
     */
    public static String render(Schedule schedule, Set<String> disabled, GraphFormat format) {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(disabled, "disabled");
        return switch (Objects.requireNonNull(format, "format")) {
            case DOT -> dot(schedule, disabled);
            case MERMAID -> mermaid(schedule, disabled);
        };
    }

    private static Map<EcsSystem, Integer> ids(Schedule schedule) {
        Map<EcsSystem, Integer> ids = new IdentityHashMap<>();
        List<EcsSystem> systems = schedule.systems();
        for (int i = 0; i < systems.size(); i++) {
            ids.put(systems.get(i), i);
        }
        return ids;
    }

    /** An ordered pair of systems, by node id. */
    private record Pair(int from, int to) {
    }

    /** One entry per distinct ordered pair, with the set label of its first declaration. */
    private static Map<Pair, String> edges(Schedule schedule, Map<EcsSystem, Integer> ids) {
        Map<Pair, String> pairs = new LinkedHashMap<>();
        for (SystemEdge e : SystemEdges.of(schedule).all()) {
            Pair key = new Pair(ids.get(e.from()), ids.get(e.to()));
            String label = e.via() == null ? "" : "set " + e.via().name();
            pairs.putIfAbsent(key, label);
        }
        return pairs;
    }

    private static String phaseLabel(Schedule schedule, PhaseChains chains, Phase phase) {
        if (!schedule.isManual(phase)) {
            return phase.name();
        }
        return phase.name() + (chains.isDetached(phase) ? " (manual, detached)" : " (manual)");
    }

    /** A link between two consecutive phases of a run chain, by phase position. */
    private record PhaseLink(int from, int to, boolean manual) {
    }

    private static List<PhaseLink> phaseLinks(List<Phase> phases, PhaseChains chains) {
        Map<Phase, Integer> position = new IdentityHashMap<>();
        for (int p = 0; p < phases.size(); p++) {
            position.put(phases.get(p), p);
        }
        List<PhaseLink> links = new ArrayList<>();
        addChain(links, chains.automatic(), position, false);
        for (List<Phase> chain : chains.manual()) {
            addChain(links, chain, position, true);
        }
        return links;
    }

    private static void addChain(List<PhaseLink> links, List<Phase> chain, Map<Phase, Integer> position, boolean manual) {
        for (int i = 0; i + 1 < chain.size(); i++) {
            links.add(new PhaseLink(position.get(chain.get(i)), position.get(chain.get(i + 1)), manual));
        }
    }

    private static String dot(Schedule schedule, Set<String> disabled) {
        Map<EcsSystem, Integer> ids = ids(schedule);
        PhaseChains chains = PhaseChains.of(schedule);
        StringBuilder out = new StringBuilder();
        out.append("digraph ").append(dotQuote(schedule.name())).append(" {\n");
        out.append("  compound=true;\n");
        out.append("  rankdir=TB;\n");
        out.append("  node [shape=box, style=rounded];\n");
        List<Phase> phases = schedule.phases();
        for (int p = 0; p < phases.size(); p++) {
            Phase phase = phases.get(p);
            boolean manual = schedule.isManual(phase);
            out.append("  subgraph cluster_").append(p).append(" {\n");
            out.append("    label=").append(dotQuote(phaseLabel(schedule, chains, phase))).append(";\n");
            if (manual) {
                out.append("    style=dashed;\n");
            }
            out.append("    p").append(p).append(" [shape=point, style=invis];\n");
            for (EcsSystem s : schedule.systemsOf(phase)) {
                out.append("    s").append(ids.get(s)).append(" [label=");
                if (disabled.contains(s.name())) {
                    out.append(dotQuote(s.name() + "\n(disabled)"))
                            .append(", style=\"rounded,dashed\", color=gray50, fontcolor=gray50");
                } else {
                    out.append(dotQuote(s.name()));
                }
                out.append("];\n");
            }
            out.append("  }\n");
        }
        for (PhaseLink l : phaseLinks(phases, chains)) {
            out.append("  p").append(l.from()).append(" -> p").append(l.to()).append(" [ltail=cluster_").append(l.from())
                    .append(", lhead=cluster_").append(l.to())
                    .append(l.manual() ? ", style=\"bold,dashed\"" : ", style=bold").append(", color=gray60];\n");
        }
        for (Map.Entry<Pair, String> e : edges(schedule, ids).entrySet()) {
            out.append("  s").append(e.getKey().from()).append(" -> s").append(e.getKey().to());
            if (!e.getValue().isEmpty()) {
                out.append(" [label=").append(dotQuote(e.getValue())).append(']');
            }
            out.append(";\n");
        }
        out.append("}\n");
        return out.toString();
    }

    private static String mermaid(Schedule schedule, Set<String> disabled) {
        Map<EcsSystem, Integer> ids = ids(schedule);
        PhaseChains chains = PhaseChains.of(schedule);
        StringBuilder out = new StringBuilder();
        out.append("flowchart TB\n");
        out.append("  %% schedule ").append(schedule.name().replace('\n', ' ')).append('\n');
        List<Phase> phases = schedule.phases();
        StringBuilder disabledIds = new StringBuilder();
        for (int p = 0; p < phases.size(); p++) {
            Phase phase = phases.get(p);
            out.append("  subgraph p").append(p).append(" [").append(mermaidQuote(phaseLabel(schedule, chains, phase)))
                    .append("]\n");
            for (EcsSystem s : schedule.systemsOf(phase)) {
                int id = ids.get(s);
                out.append("    s").append(id).append('[');
                if (disabled.contains(s.name())) {
                    out.append(mermaidQuote(s.name() + " (disabled)"));
                    disabledIds.append(disabledIds.length() == 0 ? "" : ",").append('s').append(id);
                } else {
                    out.append(mermaidQuote(s.name()));
                }
                out.append("]\n");
            }
            out.append("  end\n");
        }
        for (PhaseLink l : phaseLinks(phases, chains)) {
            out.append("  p").append(l.from()).append(l.manual() ? " -.-> p" : " ==> p").append(l.to()).append('\n');
        }
        for (Map.Entry<Pair, String> e : edges(schedule, ids).entrySet()) {
            out.append("  s").append(e.getKey().from()).append(" -->");
            if (!e.getValue().isEmpty()) {
                out.append('|').append(mermaidQuote(e.getValue())).append('|');
            }
            out.append(" s").append(e.getKey().to()).append('\n');
        }
        out.append("  classDef disabled stroke-dasharray: 5 5,color:#888\n");
        if (disabledIds.length() > 0) {
            out.append("  class ").append(disabledIds).append(" disabled\n");
        }
        for (int p = 0; p < phases.size(); p++) {
            if (schedule.isManual(phases.get(p))) {
                out.append("  style p").append(p).append(" stroke-dasharray: 5 5\n");
            }
        }
        return out.toString();
    }

    private static String dotQuote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }

    private static String mermaidQuote(String s) {
        return '"' + s.replace("\"", "#quot;").replace("\n", " ") + '"';
    }
}
