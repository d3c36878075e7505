package dev.orrery.plugin.console;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Draws a schedule ({@link ScheduleView}) as an SVG picture, laid out by the Eclipse Layout Kernel's
 * layered algorithm ({@code org.eclipse.elk.layered}). Beyond the spec (Orrery's own).
 *
 * <p>The picture: one lane per phase, in schedule order (SCH-102), the automatic phases first and the
 * manual ones after them, set apart below a "manual phases" heading (detached ones say so); in each lane the phase's
 * systems as boxes, placed by ELK's layered algorithm (left to right) from the ordering edges inside the
 * phase, and those edges routed by ELK. Edges between phases (they agree with the phase order, SCH-015)
 * are drawn straight from box to box. Every system is one {@code <g>} element with
 * {@code data-system="<name>"} and the classes {@code system}, {@code disabled} (its enabled flag is
 * off, or its phase's), {@code conditional} (it has a run condition) and {@code condition-skipped} (a
 * condition skipped it, as measured); its {@code <title>} names the system, plugin and phase. Every edge
 * is a {@code <g class="edge">} whose {@code <title>} lists its provenance (shown on hover).
 *
 * <p>Stateless; thread-safe (each call lays out its own graphs).
 */
public final class GraphSvg {
    private static final double NODE_HEIGHT = 28;
    private static final double CHAR_WIDTH = 7.2;
    private static final double LANE_GAP = 14;
    private static final double LANE_LABEL = 150;
    private static final double PAD = 12;
    private static final String LAYERED = "org.eclipse.elk.layered";

    static {
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
    public static String render(ScheduleView view, Set<String> conditionSkipped) {
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(conditionSkipped, "conditionSkipped");
        Map<String, ScheduleView.PhaseView> phases = new HashMap<>();
        for (ScheduleView.PhaseView p : view.phases()) {
            phases.put(p.name(), p);
        }
        List<Lane> lanes = new ArrayList<>();
        Map<String, Box> boxes = new HashMap<>();
        for (ScheduleView.PhaseView p : view.phases()) {
            if (!p.manual()) {
                lanes.add(layoutLane(view, p, boxes));
            }
        }
        for (ScheduleView.PhaseView p : view.phases()) {
            if (p.manual()) {
                lanes.add(layoutLane(view, p, boxes));
            }
        }
        StringBuilder body = new StringBuilder();
        double y = PAD + 24;
        double width = 400;
        boolean manualHeading = false;
        for (Lane lane : lanes) {
            if (lane.phase.manual() && !manualHeading) {
                manualHeading = true;
                y += 10;
                body.append("<text class=\"heading\" x=\"").append(num(PAD)).append("\" y=\"").append(num(y + 12))
                        .append("\">manual phases (run only when asked)</text>\n");
                y += 24;
            }
            lane.y = y;
            width = Math.max(width, LANE_LABEL + lane.width + 2 * PAD);
            y += lane.height + LANE_GAP;
        }
        double height = y + PAD;
        for (Lane lane : lanes) {
            appendLane(body, lane, width);
        }
        for (ScheduleView.EdgeView e : view.edges()) {
            appendEdge(body, e, boxes, lanes);
        }
        for (Lane lane : lanes) {
            for (Box b : lane.boxes) {
                appendSystem(body, b, lane, phases.get(b.system.phase()), conditionSkipped.contains(b.system.name()));
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
                        + ".lane.phase-disabled rect{fill:#eee;stroke:#999}.lane text,.heading{font:12px sans-serif;fill:#333}"
                        + ".system rect{fill:#fff;stroke:#3a6ea5;stroke-width:1.5}.system text{font:12px monospace;fill:#123}"
                        + ".system.conditional rect{stroke-dasharray:4 2}.system.condition-skipped rect{fill:#fff6d6}"
                        + ".system.disabled rect{fill:#e8e8e8;stroke:#999}.system.disabled text{fill:#888;text-decoration:line-through}"
                        + ".edge path,.edge line{stroke:#556;stroke-width:1.2;fill:none;marker-end:url(#arrow)}"
                        + ".edge:hover path,.edge:hover line{stroke:#d33;stroke-width:2.5}marker path{fill:#556}")
                .append("</style>\n")
                .append("<text class=\"heading\" x=\"").append(num(PAD)).append("\" y=\"").append(num(PAD + 10))
                .append("\">schedule ").append(esc(view.name())).append(view.main() ? " (main)" : "").append("</text>\n")
                .append(body).append("</svg>\n");
        return svg.toString();
    }

    /** Lays out one phase's systems and the edges between them with ELK; coordinates relative to the lane. */
    private static Lane layoutLane(ScheduleView view, ScheduleView.PhaseView phase, Map<String, Box> boxes) {
        Lane lane = new Lane(phase);
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LAYERED);
        root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
        root.setProperty(CoreOptions.PADDING, new ElkPadding(8));
        root.setProperty(CoreOptions.SPACING_NODE_NODE, 16.0);
        Map<String, ElkNode> nodes = new HashMap<>();
        for (ScheduleView.SystemView s : view.systems()) {
            if (s.phase().equals(phase.name())) {
                ElkNode n = ElkGraphUtil.createNode(root);
                n.setDimensions(Math.max(60, s.name().length() * CHAR_WIDTH + 20), NODE_HEIGHT);
                nodes.put(s.name(), n);
                Box b = new Box(s, n);
                lane.boxes.add(b);
                boxes.put(s.name(), b);
            }
        }
        for (ScheduleView.EdgeView e : view.edges()) {
            ElkNode from = nodes.get(e.from());
            ElkNode to = nodes.get(e.to());
            if (from != null && to != null) {
                lane.edges.put(e, ElkGraphUtil.createSimpleEdge(from, to));
            }
        }
        if (!nodes.isEmpty()) {
            Thread t = Thread.currentThread();
            ClassLoader before = t.getContextClassLoader();
            t.setContextClassLoader(GraphSvg.class.getClassLoader());
            try {
                new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
            } finally {
                t.setContextClassLoader(before);
            }
        }
        lane.width = nodes.isEmpty() ? 120 : root.getWidth();
        lane.height = Math.max(NODE_HEIGHT + 16, nodes.isEmpty() ? 0 : root.getHeight());
        for (Box b : lane.boxes) {
            b.lane = lane;
        }
        return lane;
    }

    private static void appendLane(StringBuilder out, Lane lane, double width) {
        ScheduleView.PhaseView p = lane.phase;
        String cls = "lane" + (p.manual() ? " manual" : "") + (p.detached() ? " detached" : "")
                + (p.enabled() ? "" : " phase-disabled");
        String label = p.name() + (p.detached() ? " (manual, detached)" : p.manual() ? " (manual)" : "")
                + (p.enabled() ? "" : " [disabled]");
        out.append("<g class=\"").append(cls).append("\" data-phase=\"").append(esc(p.name())).append("\">")
                .append("<rect x=\"").append(num(PAD)).append("\" y=\"").append(num(lane.y)).append("\" width=\"")
                .append(num(width - 2 * PAD)).append("\" height=\"").append(num(lane.height)).append("\" rx=\"6\"/>")
                .append("<text x=\"").append(num(PAD + 8)).append("\" y=\"").append(num(lane.y + 18)).append("\">")
                .append(esc(label)).append("</text></g>\n");
    }

    private static void appendSystem(StringBuilder out, Box b, Lane lane, ScheduleView.PhaseView phase,
                                     boolean skippedByCondition) {
        ScheduleView.SystemView s = b.system;
        boolean disabled = !s.enabled() || (phase != null && !phase.enabled());
        String cls = "system" + (disabled ? " disabled" : "") + (s.conditional() ? " conditional" : "")
                + (skippedByCondition ? " condition-skipped" : "");
        double x = b.x();
        double y = b.y();
        out.append("<g class=\"").append(cls).append("\" data-system=\"").append(esc(s.name())).append("\">")
                .append("<title>").append(esc(s.name())).append(" (plugin ").append(esc(s.plugin())).append(", phase ")
                .append(esc(s.phase())).append(disabled ? ", disabled" : "")
                .append(s.conditional() ? ", has a run condition" : "")
                .append(skippedByCondition ? ", skipped by a condition" : "").append(")</title>")
                .append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(b.node.getWidth())).append("\" height=\"").append(num(b.node.getHeight())).append("\" rx=\"4\"/>")
                .append("<text x=\"").append(num(x + 10)).append("\" y=\"").append(num(y + 18)).append("\">")
                .append(esc(s.name())).append("</text></g>\n");
    }

    private static void appendEdge(StringBuilder out, ScheduleView.EdgeView e, Map<String, Box> boxes, List<Lane> lanes) {
        Box from = boxes.get(e.from());
        Box to = boxes.get(e.to());
        if (from == null || to == null) {
            return;
        }
        out.append("<g class=\"edge\" data-from=\"").append(esc(e.from())).append("\" data-to=\"").append(esc(e.to()))
                .append("\"><title>").append(esc(String.join("\n", e.provenance()))).append("</title>");
        ElkEdge routed = from.lane == to.lane ? from.lane.edges.get(e) : null;
        if (routed != null && !routed.getSections().isEmpty()) {
            double ox = from.lane.originX();
            double oy = from.lane.y;
            StringBuilder d = new StringBuilder();
            for (ElkEdgeSection sec : routed.getSections()) {
                d.append('M').append(num(ox + sec.getStartX())).append(',').append(num(oy + sec.getStartY()));
                for (ElkBendPoint bp : sec.getBendPoints()) {
                    d.append(" L").append(num(ox + bp.getX())).append(',').append(num(oy + bp.getY()));
                }
                d.append(" L").append(num(ox + sec.getEndX())).append(',').append(num(oy + sec.getEndY())).append(' ');
            }
            out.append("<path d=\"").append(d.toString().trim()).append("\"/>");
        } else {
            // Between lanes: from the bottom of the earlier box to the top of the later one.
            out.append("<line x1=\"").append(num(from.x() + from.node.getWidth() / 2)).append("\" y1=\"")
                    .append(num(from.y() + from.node.getHeight())).append("\" x2=\"")
                    .append(num(to.x() + to.node.getWidth() / 2)).append("\" y2=\"").append(num(to.y())).append("\"/>");
        }
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

    /** One phase's lane: its laid-out graph and its place in the picture. */
    private static final class Lane {
        final ScheduleView.PhaseView phase;
        final List<Box> boxes = new ArrayList<>();
        final Map<ScheduleView.EdgeView, ElkEdge> edges = new HashMap<>();
        double width;
        double height;
        double y;

        Lane(ScheduleView.PhaseView phase) {
            this.phase = phase;
        }

        double originX() {
            return PAD + LANE_LABEL;
        }
    }

    /** One system's box, placed by ELK inside its lane. */
    private static final class Box {
        final ScheduleView.SystemView system;
        final ElkNode node;
        Lane lane;

        Box(ScheduleView.SystemView system, ElkNode node) {
            this.system = system;
            this.node = node;
        }

        double x() {
            return lane.originX() + node.getX();
        }

        double y() {
            return lane.y + node.getY();
        }
    }
}
