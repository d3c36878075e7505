package dev.orrery.plugin.console.internal.web;

import dev.orrery.plugin.devtools.report.PhasesReport;
import dev.orrery.plugin.devtools.report.SystemsReport;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.HierarchyHandling;
import org.eclipse.elk.core.options.NodeLabelPlacement;
import org.eclipse.elk.core.options.SizeConstraint;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Draws a schedule ({@link ScheduleView}) as an SVG picture, laid out entirely by the Eclipse Layout
 * Kernel's layered algorithm ({@code org.eclipse.elk.layered}). Beyond the spec (Orrery's own).
 *
 * <p>The picture is one ELK graph, laid out in one run with
 * {@code org.eclipse.elk.hierarchyHandling=INCLUDE_CHILDREN} (top to bottom): each phase is a compound
 * node (a lane) holding its systems, the lanes are ordered by ELK's partitioning
 * ({@code org.eclipse.elk.partitioning.activate}, partition = place in the schedule's phase order, SCH-102),
 * and the manual phases (detached ones say so) sit in one more compound node, a group headed "manual
 * phases", after all automatic lanes. Every ordering edge, inside a phase or between phases (they agree
 * with the phase order, SCH-015), is routed by ELK: its SVG path is ELK's edge sections with their bend
 * points. Every system is one {@code <g>} element with {@code data-system="<name>"} and the classes
 * {@code system}, {@code disabled} (its enabled flag is off, or its phase's), {@code conditional} (it has
 * a run condition), {@code condition-skipped} (a condition skipped it, as measured) and
 * {@code barrier-before}/{@code barrier-after} (it declares a structural barrier there, drawn as a bar
 * on that side of its box); its {@code <title>} names the system, plugin and phase. Every edge is a {@code <g class="edge">} whose
 * {@code <title>} lists its provenance (shown on hover).
 *
 * <p>Stateless; thread-safe (each call lays out its own graph).
 */
final class GraphSvg {
    private static final double NODE_HEIGHT = 28;
    private static final double CHAR_WIDTH = 7.2;
    private static final double LANE_GAP = 20;
    private static final double LABEL_CHAR_WIDTH = 6.6;
    private static final String MANUAL_HEADING = "manual phases (run only when asked)";
    private static final double PAD = 12;
    private static final String LAYERED = "org.eclipse.elk.layered";

    static {
        // On the module path (JPMS mode) ELK's ServiceLoader lookup, made from this module, needs `uses`
        // (not in the generated module-info); a no-op in OSGi and on the class path (unnamed module).
        GraphSvg.class.getModule().addUses(org.eclipse.elk.core.data.ILayoutMetaDataProvider.class);
        // Explicit: inside OSGi, ELK's ServiceLoader lookup does not see the embedded providers.
        LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new CoreOptions(),
                new LayeredMetaDataProvider());
    }

    private GraphSvg() {
    }

    /**
     * @param view the schedule; not null
     * @param conditionSkipped names of systems a run condition skipped at least once (marked); not null
     * @return a standalone SVG document (UTF-8 text)
     */
    static String render(ScheduleView view, Set<String> conditionSkipped) {
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(conditionSkipped, "conditionSkipped");
        Map<String, PhasesReport.Row> phases = new HashMap<>();
        for (PhasesReport.Row p : view.phases()) {
            phases.put(p.phase(), p);
        }
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LAYERED);
        root.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
        root.setProperty(CoreOptions.HIERARCHY_HANDLING, HierarchyHandling.INCLUDE_CHILDREN);
        root.setProperty(CoreOptions.PADDING, new ElkPadding(PAD + 24, PAD, PAD, PAD));
        root.setProperty(CoreOptions.SPACING_NODE_NODE, 16.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, LANE_GAP);
        root.setProperty(CoreOptions.PARTITIONING_ACTIVATE, true);
        List<Lane> lanes = new ArrayList<>();
        Map<String, Box> boxes = new HashMap<>();
        int partition = 0;
        for (PhasesReport.Row p : view.phases()) {
            if (!p.manual()) {
                lanes.add(lane(root, view, p, partition++, boxes));
            }
        }
        ElkNode manualGroup = null;
        if (view.phases().stream().anyMatch(PhasesReport.Row::manual)) {
            manualGroup = compound(root, partition, MANUAL_HEADING);
            manualGroup.setProperty(CoreOptions.PARTITIONING_ACTIVATE, true);
            int inner = 0;
            for (PhasesReport.Row p : view.phases()) {
                if (p.manual()) {
                    lanes.add(lane(manualGroup, view, p, inner++, boxes));
                }
            }
        }
        Map<ScheduleView.EdgeView, ElkEdge> edges = new LinkedHashMap<>();
        for (ScheduleView.EdgeView e : view.edges()) {
            Box from = boxes.get(e.from());
            Box to = boxes.get(e.to());
            if (from != null && to != null) {
                ElkEdge edge = ElkGraphUtil.createSimpleEdge(from.node, to.node);
                ElkGraphUtil.updateContainment(edge);
                edges.put(e, edge);
            }
        }
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(GraphSvg.class.getClassLoader());
        try {
            new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        } finally {
            t.setContextClassLoader(before);
        }
        double width = Math.max(400, root.getWidth());
        double height = root.getHeight();
        StringBuilder body = new StringBuilder();
        if (manualGroup != null) {
            double gx = absX(manualGroup);
            double gy = absY(manualGroup);
            body.append("<g class=\"manual-group\"><rect x=\"").append(num(gx)).append("\" y=\"").append(num(gy))
                    .append("\" width=\"").append(num(manualGroup.getWidth())).append("\" height=\"")
                    .append(num(manualGroup.getHeight())).append("\" rx=\"8\"/><text class=\"heading\" x=\"")
                    .append(num(labelX(manualGroup))).append("\" y=\"").append(num(labelY(manualGroup)))
                    .append("\">").append(MANUAL_HEADING).append("</text></g>\n");
        }
        for (Lane lane : lanes) {
            appendLane(body, lane);
        }
        for (Map.Entry<ScheduleView.EdgeView, ElkEdge> e : edges.entrySet()) {
            appendEdge(body, e.getKey(), e.getValue());
        }
        for (Lane lane : lanes) {
            for (Box b : lane.boxes) {
                appendSystem(body, b, phases.get(b.system.phase()), conditionSkipped.contains(b.system.system()));
            }
        }
        StringBuilder svg = new StringBuilder(body.length() + 1024);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"orrery-schedule\" data-schedule=\"")
                .append(esc(view.name())).append("\" width=\"").append(num(width)).append("\" height=\"").append(num(height))
                .append("\" viewBox=\"0 0 ").append(num(width)).append(' ').append(num(height)).append("\">\n")
                .append("<title>schedule ").append(esc(view.name())).append("</title>\n")
                .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\""
                        + " markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n")
                .append("<style>")
                .append(".lane rect{fill:#f4f6fa;stroke:#c5cbd6}.lane.manual rect{fill:#fbf7ee;stroke-dasharray:5 3}"
                        + ".manual-group rect{fill:none;stroke:#b9a57a;stroke-dasharray:2 3}"
                        + ".lane.phase-disabled rect{fill:#eee;stroke:#999}.lane text,.heading{font:12px sans-serif;fill:#333}"
                        + ".system rect{fill:#fff;stroke:#3a6ea5;stroke-width:1.5}.system text{font:12px monospace;fill:#123}"
                        + ".system.conditional rect{stroke-dasharray:4 2}.system.condition-skipped rect{fill:#fff6d6}"
                        + ".system .barrier{stroke:#b03a2e;stroke-width:3}"
                        + ".system.disabled rect{fill:#e8e8e8;stroke:#999}.system.disabled text{fill:#888;text-decoration:line-through}"
                        + ".edge path{stroke:#556;stroke-width:1.2;fill:none;marker-end:url(#arrow)}"
                        + ".edge:hover path{stroke:#d33;stroke-width:2.5}marker path{fill:#556}")
                .append("</style>\n")
                .append("<text class=\"heading\" x=\"").append(num(PAD)).append("\" y=\"").append(num(PAD + 10))
                .append("\">schedule ").append(esc(view.name())).append(view.main() ? " (main)" : "").append("</text>\n")
                .append(body).append("</svg>\n");
        return svg.toString();
    }

    /**
     * A compound node of {@code parent} in the given partition, with its heading as an ELK node label
     * inside at the top left, so that ELK sizes the node to hold it.
     */
    private static ElkNode compound(ElkNode parent, int partition, String heading) {
        ElkNode n = ElkGraphUtil.createNode(parent);
        n.setProperty(CoreOptions.PARTITIONING_PARTITION, partition);
        n.setProperty(CoreOptions.PADDING, new ElkPadding(8, 10, 10, 10));
        n.setProperty(CoreOptions.NODE_LABELS_PLACEMENT, NodeLabelPlacement.insideTopLeft());
        n.setProperty(CoreOptions.NODE_SIZE_CONSTRAINTS, EnumSet.of(SizeConstraint.NODE_LABELS));
        ElkLabel label = ElkGraphUtil.createLabel(heading, n);
        label.setDimensions(heading.length() * LABEL_CHAR_WIDTH + 8, 16);
        n.setDimensions(heading.length() * LABEL_CHAR_WIDTH + 28, NODE_HEIGHT + 16);
        return n;
    }

    /** A phase's lane: a compound node of {@code parent} holding the phase's systems. */
    private static Lane lane(ElkNode parent, ScheduleView view, PhasesReport.Row phase, int partition,
                             Map<String, Box> boxes) {
        String label = label(phase);
        ElkNode node = compound(parent, partition, label);
        Lane lane = new Lane(phase, label, node);
        for (SystemsReport.Row s : view.systems()) {
            if (s.phase().equals(phase.phase())) {
                ElkNode n = ElkGraphUtil.createNode(node);
                n.setDimensions(Math.max(60, s.system().length() * CHAR_WIDTH + 20), NODE_HEIGHT);
                Box b = new Box(s, n);
                lane.boxes.add(b);
                boxes.put(s.system(), b);
            }
        }
        return lane;
    }

    private static String label(PhasesReport.Row p) {
        return p.phase() + (p.detached() ? " (manual, detached)" : p.manual() ? " (manual)" : "")
                + (p.enabled() ? "" : " [disabled]");
    }

    /** The x of a node's top-left corner in the picture (ELK's coordinates are relative to the parent). */
    private static double absX(ElkNode n) {
        double x = 0;
        for (ElkNode at = n; at != null; at = at.getParent()) {
            x += at.getX();
        }
        return x;
    }

    /** Where ELK placed a compound node's heading label: x of its text. */
    private static double labelX(ElkNode n) {
        return absX(n) + (n.getLabels().isEmpty() ? 8 : n.getLabels().get(0).getX() + 4);
    }

    /** The baseline y of a compound node's heading label. */
    private static double labelY(ElkNode n) {
        return absY(n) + (n.getLabels().isEmpty() ? 18 : n.getLabels().get(0).getY() + 12);
    }

    /** The y of a node's top-left corner in the picture. */
    private static double absY(ElkNode n) {
        double y = 0;
        for (ElkNode at = n; at != null; at = at.getParent()) {
            y += at.getY();
        }
        return y;
    }

    private static void appendLane(StringBuilder out, Lane lane) {
        PhasesReport.Row p = lane.phase;
        String cls = "lane" + (p.manual() ? " manual" : "") + (p.detached() ? " detached" : "")
                + (p.enabled() ? "" : " phase-disabled");
        double x = absX(lane.node);
        double y = absY(lane.node);
        out.append("<g class=\"").append(cls).append("\" data-phase=\"").append(esc(p.phase())).append("\">")
                .append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(lane.node.getWidth())).append("\" height=\"").append(num(lane.node.getHeight())).append("\" rx=\"6\"/>")
                .append("<text x=\"").append(num(labelX(lane.node))).append("\" y=\"").append(num(labelY(lane.node)))
                .append("\">").append(esc(lane.label)).append("</text></g>\n");
    }

    private static void appendSystem(StringBuilder out, Box b, PhasesReport.Row phase,
                                     boolean skippedByCondition) {
        SystemsReport.Row s = b.system;
        boolean disabled = !s.enabled() || (phase != null && !phase.enabled());
        String cls = "system" + (disabled ? " disabled" : "") + (s.conditional() ? " conditional" : "")
                + (skippedByCondition ? " condition-skipped" : "") + (s.commitBefore() ? " barrier-before" : "")
                + (s.commitAfter() ? " barrier-after" : "");
        double x = absX(b.node);
        double y = absY(b.node);
        out.append("<g class=\"").append(cls).append("\" data-system=\"").append(esc(s.system())).append("\">")
                .append("<title>").append(esc(s.system())).append(" (plugin ").append(esc(s.plugin())).append(", phase ")
                .append(esc(s.phase())).append(disabled ? ", disabled" : "")
                .append(s.conditional() ? ", has a run condition" : "")
                .append(skippedByCondition ? ", skipped by a condition" : "")
                .append(s.commitBefore() ? ", publishes the phase's structural changes before its turn" : "")
                .append(s.commitAfter() ? ", publishes them after its turn" : "").append(")</title>")
                .append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(b.node.getWidth())).append("\" height=\"").append(num(b.node.getHeight())).append("\" rx=\"4\"/>")
                .append("<text x=\"").append(num(x + 10)).append("\" y=\"").append(num(y + 18)).append("\">")
                .append(esc(s.system())).append("</text>");
        // a barrier: a thick bar on the edge of the box where the system publishes
        if (s.commitBefore()) {
            out.append("<line class=\"barrier\" x1=\"").append(num(x)).append("\" y1=\"").append(num(y - 3))
                    .append("\" x2=\"").append(num(x + b.node.getWidth())).append("\" y2=\"").append(num(y - 3)).append("\"/>");
        }
        if (s.commitAfter()) {
            double bottom = y + b.node.getHeight() + 3;
            out.append("<line class=\"barrier\" x1=\"").append(num(x)).append("\" y1=\"").append(num(bottom))
                    .append("\" x2=\"").append(num(x + b.node.getWidth())).append("\" y2=\"").append(num(bottom)).append("\"/>");
        }
        out.append("</g>\n");
    }

    /** One edge as ELK routed it: its sections' start, bend and end points, relative to the edge's container. */
    private static void appendEdge(StringBuilder out, ScheduleView.EdgeView e, ElkEdge routed) {
        out.append("<g class=\"edge\" data-from=\"").append(esc(e.from())).append("\" data-to=\"").append(esc(e.to()))
                .append("\"><title>").append(esc(String.join("\n", e.provenance()))).append("</title>");
        ElkNode container = routed.getContainingNode();
        double ox = container == null ? 0 : absX(container);
        double oy = container == null ? 0 : absY(container);
        StringBuilder d = new StringBuilder();
        for (ElkEdgeSection sec : routed.getSections()) {
            d.append('M').append(num(ox + sec.getStartX())).append(',').append(num(oy + sec.getStartY()));
            for (ElkBendPoint bp : sec.getBendPoints()) {
                d.append(" L").append(num(ox + bp.getX())).append(',').append(num(oy + bp.getY()));
            }
            d.append(" L").append(num(ox + sec.getEndX())).append(',').append(num(oy + sec.getEndY())).append(' ');
        }
        out.append("<path data-sections=\"").append(routed.getSections().size()).append("\" d=\"")
                .append(d.toString().trim()).append("\"/>");
        out.append("</g>\n");
    }

    private static String num(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }

    /** Escapes text for XML content and attribute values. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** One phase's lane: its compound node in the ELK graph. */
    private static final class Lane {
        final PhasesReport.Row phase;
        final String label;
        final ElkNode node;
        final List<Box> boxes = new ArrayList<>();

        Lane(PhasesReport.Row phase, String label, ElkNode node) {
            this.phase = phase;
            this.label = label;
            this.node = node;
        }
    }

    /** One system's box, a node of its lane. */
    private static final class Box {
        final SystemsReport.Row system;
        final ElkNode node;

        Box(SystemsReport.Row system, ElkNode node) {
            this.system = system;
            this.node = node;
        }
    }
}
