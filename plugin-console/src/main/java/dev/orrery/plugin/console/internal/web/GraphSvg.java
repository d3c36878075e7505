package dev.orrery.plugin.console.internal.web;

import dev.orrery.plugin.devtools.report.PhasesReport;
import dev.orrery.plugin.devtools.report.SystemsReport;
import dev.orrery.schedule.Phase;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
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
import org.eclipse.elk.core.math.KVector;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.HierarchyHandling;
import org.eclipse.elk.core.options.SizeConstraint;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
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
 * phases", after all automatic lanes. Inside that group each chain reads in its order: every
 * {@code dependsOn}/{@code before} edge of the phase graph between two manual phases is an ELK edge
 * between the two lanes, drawn as a {@code <g class="phase-edge" data-from data-to>} (phase names), so
 * ELK layers the chain top to bottom. Builtin phases without systems are left out unless
 * asked for ({@link EmptyLanes#SHOWN}); the heading says how many were left out. Every ordering edge
 * between systems, inside a phase or between phases (they agree with the phase order, SCH-015), is
 * routed by ELK: its SVG path is ELK's edge sections with their bend points. Every system is one
 * {@code <g>} element with {@code data-system="<name>"} and the classes {@code system}, {@code disabled}
 * (its enabled flag is off, or its phase's), {@code conditional} (it has a run condition),
 * {@code condition-skipped} (a condition skipped it, as measured) and
 * {@code barrier-before}/{@code barrier-after} (it declares a structural barrier there, drawn as a bar
 * on that side of its box); its {@code <title>} names the system, plugin and phase. Every edge is a
 * {@code <g class="edge">} whose {@code <title>} lists its provenance (shown on hover). The SVG's
 * {@code viewBox} holds every element drawn (lanes, boxes, edges with their arrow heads, headings).
 *
 * <p>Stateless; thread-safe (each call lays out its own graph).
 *
 * <p>Implementation notes: with {@code INCLUDE_CHILDREN} and direction DOWN, ELK 0.10 applies a
 * compound node's minimum size and the size of its node labels transposed (a long heading made a tall
 * lane, not a wide one: lanes of a turn pipeline came out hundreds of pixels high). So headings are
 * drawn as SVG text in room kept by the top padding, and the minimum size is given as (height, width).
 * Chain edges attach to the lanes themselves, not to ports: a lane with port constraints makes ELK
 * route the system edges that cross its border out of its sides. Partitions are numbered once for the whole picture, the manual lanes after the
 * automatic ones, since ELK lays out the hierarchy as one graph.
 */
final class GraphSvg {
    private static final double NODE_HEIGHT = 28;
    private static final double CHAR_WIDTH = 7.2;
    private static final double LANE_GAP = 20;
    private static final double LABEL_CHAR_WIDTH = 6.6;
    private static final String MANUAL_HEADING = "manual phases (run only when asked)";
    private static final String OBSERVERS_HEADING = "observers (run at each publish)";
    private static final double PAD = 12;
    /** Room at the top of a compound node for its heading. */
    private static final double HEADING_ROOM = 26;
    private static final String LAYERED = "org.eclipse.elk.layered";
    /** Room for an arrow head beyond an edge's end point, and for a barrier bar beyond a box. */
    private static final double OVERHANG = 8;
    private static final double HEADING_CHAR_WIDTH = 7.0;
    private static final Set<String> BUILTIN = builtinNames();

    /** Whether builtin phases without systems get a lane. */
    enum EmptyLanes {
        /** Left out; the heading counts them (the console's default). */
        HIDDEN,
        /** Drawn like every other phase. */
        SHOWN
    }

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

    private static Set<String> builtinNames() {
        Set<String> names = new HashSet<>();
        Phase.BUILTIN.forEach(p -> names.add(p.name()));
        return Set.copyOf(names);
    }

    /**
     * The picture with the empty builtin lanes left out ({@link EmptyLanes#HIDDEN}).
     *
     * @param view the schedule; not null
     * @param conditionSkipped names of systems a run condition skipped at least once (marked); not null
     * @return a standalone SVG document (UTF-8 text)
     */
    static String render(ScheduleView view, Set<String> conditionSkipped) {
        return render(view, conditionSkipped, EmptyLanes.HIDDEN);
    }

    /**
     * @param view the schedule; not null
     * @param conditionSkipped names of systems a run condition skipped at least once (marked); not null
     * @param emptyLanes whether builtin phases without systems get a lane; not null
     * @return a standalone SVG document (UTF-8 text)
     */
    static String render(ScheduleView view, Set<String> conditionSkipped, EmptyLanes emptyLanes) {
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(conditionSkipped, "conditionSkipped");
        Objects.requireNonNull(emptyLanes, "emptyLanes");
        Map<String, PhasesReport.Row> phases = new HashMap<>();
        List<PhasesReport.Row> drawn = new ArrayList<>();
        List<String> hidden = new ArrayList<>();
        for (PhasesReport.Row p : view.phases()) {
            phases.put(p.phase(), p);
            if (emptyLanes == EmptyLanes.HIDDEN && p.systems() == 0 && BUILTIN.contains(p.phase())) {
                hidden.add(p.phase());
            } else {
                drawn.add(p);
            }
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
        Map<String, Lane> laneOf = new HashMap<>();
        Map<String, Box> boxes = new HashMap<>();
        int partition = 0;
        for (PhasesReport.Row p : drawn) {
            if (!p.manual()) {
                lanes.add(lane(root, view, p, partition++, boxes));
            }
        }
        ElkNode manualGroup = null;
        if (drawn.stream().anyMatch(PhasesReport.Row::manual)) {
            manualGroup = compound(root, partition, MANUAL_HEADING);
            manualGroup.setProperty(CoreOptions.PARTITIONING_ACTIVATE, false);
            // one partition numbering for the whole picture: ELK lays out the hierarchy as one graph
            int inner = partition;
            for (PhasesReport.Row p : drawn) {
                if (p.manual()) {
                    lanes.add(lane(manualGroup, view, p, inner++, boxes));
                }
            }
        }
        ElkNode observerGroup = null;
        Map<ScheduleView.ObserverView, ElkNode> observerNodes = new LinkedHashMap<>();
        if (!view.observers().isEmpty()) {
            int last = lanes.size() + 1; // after every lane's partition
            observerGroup = compound(root, last, OBSERVERS_HEADING);
            observerGroup.setProperty(CoreOptions.PARTITIONING_ACTIVATE, false);
            for (ScheduleView.ObserverView o : view.observers()) {
                ElkNode n = ElkGraphUtil.createNode(observerGroup);
                n.setProperty(CoreOptions.PARTITIONING_PARTITION, last);
                n.setDimensions(Math.max(60, observerLabel(o).length() * CHAR_WIDTH + 20), NODE_HEIGHT);
                observerNodes.put(o, n);
            }
        }
        lanes.forEach(l -> laneOf.put(l.phase.phase(), l));
        Map<PhaseEdge, ElkEdge> chainEdges = new LinkedHashMap<>();
        for (PhaseEdge pe : chainEdges(drawn, phases)) {
            ElkEdge edge = ElkGraphUtil.createSimpleEdge(laneOf.get(pe.from()).node, laneOf.get(pe.to()).node);
            ElkGraphUtil.updateContainment(edge);
            chainEdges.put(pe, edge);
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
        Map<String[], ElkEdge> hears = new LinkedHashMap<>(); // {system, observer} -> edge
        for (Map.Entry<ScheduleView.ObserverView, ElkNode> o : observerNodes.entrySet()) {
            for (String writer : o.getKey().writers()) {
                Box from = boxes.get(writer);
                if (from != null) {
                    ElkEdge edge = ElkGraphUtil.createSimpleEdge(from.node, o.getValue());
                    ElkGraphUtil.updateContainment(edge);
                    hears.put(new String[] {writer, o.getKey().name()}, edge);
                }
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
        String heading = "schedule " + view.name() + (view.main() ? " (main)" : "")
                + (hidden.isEmpty() ? "" : " \u00b7 " + hidden.size() + " empty builtin phase"
                + (hidden.size() == 1 ? "" : "s") + " not drawn");
        Extent extent = new Extent();
        extent.include(0, 0, PAD + heading.length() * HEADING_CHAR_WIDTH + PAD, root.getHeight());
        extent.include(0, 0, root.getWidth(), root.getHeight());
        StringBuilder body = new StringBuilder();
        if (manualGroup != null) {
            double gx = absX(manualGroup);
            double gy = absY(manualGroup);
            extent.include(gx, gy, gx + manualGroup.getWidth(), gy + manualGroup.getHeight());
            body.append("<g class=\"manual-group\"><rect x=\"").append(num(gx)).append("\" y=\"").append(num(gy))
                    .append("\" width=\"").append(num(manualGroup.getWidth())).append("\" height=\"")
                    .append(num(manualGroup.getHeight())).append("\" rx=\"8\"/><text class=\"heading\" x=\"")
                    .append(num(labelX(manualGroup))).append("\" y=\"").append(num(labelY(manualGroup)))
                    .append("\">").append(MANUAL_HEADING).append("</text></g>\n");
        }
        for (Lane lane : lanes) {
            appendLane(body, lane, extent);
        }
        if (observerGroup != null) {
            double gx = absX(observerGroup);
            double gy = absY(observerGroup);
            extent.include(gx, gy, gx + observerGroup.getWidth(), gy + observerGroup.getHeight());
            body.append("<g class=\"observer-group\"><rect x=\"").append(num(gx)).append("\" y=\"").append(num(gy))
                    .append("\" width=\"").append(num(observerGroup.getWidth())).append("\" height=\"")
                    .append(num(observerGroup.getHeight())).append("\" rx=\"8\"/><text class=\"heading\" x=\"")
                    .append(num(labelX(observerGroup))).append("\" y=\"").append(num(labelY(observerGroup)))
                    .append("\">").append(OBSERVERS_HEADING).append("</text></g>\n");
        }
        for (Map.Entry<PhaseEdge, ElkEdge> e : chainEdges.entrySet()) {
            PhaseEdge pe = e.getKey();
            body.append("<g class=\"phase-edge\" data-from=\"").append(esc(pe.from())).append("\" data-to=\"")
                    .append(esc(pe.to())).append("\"><title>").append(esc(pe.why())).append("</title>");
            appendPath(body, e.getValue(), extent);
            body.append("</g>\n");
        }
        for (Map.Entry<ScheduleView.EdgeView, ElkEdge> e : edges.entrySet()) {
            appendEdge(body, e.getKey(), e.getValue(), extent);
        }
        for (Map.Entry<String[], ElkEdge> e : hears.entrySet()) {
            body.append("<g class=\"hears\" data-from=\"").append(esc(e.getKey()[0])).append("\" data-observer=\"")
                    .append(esc(e.getKey()[1])).append("\"><title>").append(esc(e.getKey()[1])).append(" hears about what ")
                    .append(esc(e.getKey()[0])).append(" writes</title>");
            appendPath(body, e.getValue(), extent);
            body.append("</g>\n");
        }
        for (Map.Entry<ScheduleView.ObserverView, ElkNode> o : observerNodes.entrySet()) {
            appendObserver(body, o.getKey(), o.getValue(), extent);
        }
        for (Lane lane : lanes) {
            for (Box b : lane.boxes) {
                appendSystem(body, b, phases.get(b.system.phase()), conditionSkipped.contains(b.system.system()),
                        extent);
            }
        }
        // ELK places everything at non-negative coordinates; should a bend point stray left or up, the
        // view box grows that way rather than clip it
        double left = extent.minX < 0 ? Math.floor(extent.minX - PAD) : 0;
        double top = extent.minY < 0 ? Math.floor(extent.minY - PAD) : 0;
        double width = Math.ceil(Math.max(400, extent.maxX + PAD - left));
        double height = Math.ceil(extent.maxY + PAD - top);
        StringBuilder svg = new StringBuilder(body.length() + 1024);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"orrery-schedule\" data-schedule=\"")
                .append(esc(view.name())).append("\" width=\"").append(num(width)).append("\" height=\"").append(num(height))
                .append("\" viewBox=\"").append(num(left)).append(' ').append(num(top)).append(' ').append(num(width)).append(' ').append(num(height)).append("\">\n")
                .append("<title>schedule ").append(esc(view.name())).append("</title>\n")
                .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\""
                        + " markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker>"
                        + "<marker id=\"chain\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\""
                        + " markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n")
                .append("<style>")
                .append(".lane rect{fill:#f4f6fa;stroke:#c5cbd6}.lane.manual rect{fill:#fbf7ee;stroke-dasharray:5 3}"
                        + ".manual-group rect{fill:none;stroke:#b9a57a;stroke-dasharray:2 3}"
                        + ".lane.phase-disabled rect{fill:#eee;stroke:#999}.lane text,.heading{font:12px sans-serif;fill:#333}"
                        + ".system rect{fill:#fff;stroke:#3a6ea5;stroke-width:1.5}.system text{font:12px monospace;fill:#123}"
                        + ".system.conditional rect{stroke-dasharray:4 2}.system.condition-skipped rect{fill:#fff6d6}"
                        + ".system .barrier{stroke:#b03a2e;stroke-width:3}"
                        + ".system.disabled rect{fill:#e8e8e8;stroke:#999}.system.disabled text{fill:#888;text-decoration:line-through}"
                        + ".edge path{stroke:#556;stroke-width:1.2;fill:none;marker-end:url(#arrow)}"
                        + ".edge:hover path{stroke:#d33;stroke-width:2.5}marker path{fill:#556}"
                        + ".phase-edge path{stroke:#9a7b3c;stroke-width:2;fill:none;marker-end:url(#chain)}"
                        + "#chain path{fill:#9a7b3c}"
                        + ".observer-group rect{fill:#f3f9f1;stroke:#7fa873;stroke-dasharray:2 3}"
                        + ".observer rect{fill:#fff;stroke:#4d8a3f;stroke-width:1.5}.observer text{font:12px monospace;fill:#1d3a17}"
                        + ".hears path{stroke:#4d8a3f;stroke-width:1.2;stroke-dasharray:4 3;fill:none;marker-end:url(#arrow)}")
                .append("</style>\n")
                .append("<text class=\"heading\" x=\"").append(num(PAD)).append("\" y=\"").append(num(PAD + 10))
                .append("\">").append(esc(heading)).append("</text>\n")
                .append(body).append("</svg>\n");
        return svg.toString();
    }

    /**
     * A compound node of {@code parent} in the given partition, with room at the top for its heading
     * (drawn as SVG text, not an ELK label) and a minimum size that holds it.
     */
    private static ElkNode compound(ElkNode parent, int partition, String heading) {
        ElkNode n = ElkGraphUtil.createNode(parent);
        n.setProperty(CoreOptions.PARTITIONING_PARTITION, partition);
        n.setProperty(CoreOptions.PADDING, new ElkPadding(HEADING_ROOM, 10, 10, 10));
        n.setProperty(CoreOptions.NODE_SIZE_CONSTRAINTS, EnumSet.of(SizeConstraint.MINIMUM_SIZE));
        // (height, width): see the implementation notes
        n.setProperty(CoreOptions.NODE_SIZE_MINIMUM, new KVector(HEADING_ROOM + 10,
                heading.length() * LABEL_CHAR_WIDTH + 24));
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
                n.setProperty(CoreOptions.PARTITIONING_PARTITION, partition);
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

    /** The x of a compound node's heading text. */
    private static double labelX(ElkNode n) {
        return absX(n) + 8;
    }

    /** The baseline y of a compound node's heading text. */
    private static double labelY(ElkNode n) {
        return absY(n) + 18;
    }

    /** The y of a node's top-left corner in the picture. */
    private static double absY(ElkNode n) {
        double y = 0;
        for (ElkNode at = n; at != null; at = at.getParent()) {
            y += at.getY();
        }
        return y;
    }

    /**
     * The edges of the phase graph between two manual phases whose lanes are drawn (a chain's edges):
     * {@code a → p} for each {@code a} in {@code p.dependsOn}, {@code p → b} for each {@code b} in
     * {@code p.before}; each pair once, in phase order.
     */
    private static List<PhaseEdge> chainEdges(List<PhasesReport.Row> drawn, Map<String, PhasesReport.Row> phases) {
        Set<String> shown = new HashSet<>();
        drawn.forEach(p -> shown.add(p.phase()));
        Map<String, PhaseEdge> out = new LinkedHashMap<>();
        for (PhasesReport.Row p : drawn) {
            for (String a : p.after()) {
                if (shown.contains(a) && p.manual() && phases.get(a).manual()) {
                    out.putIfAbsent(a + "\u0000" + p.phase(), new PhaseEdge(a, p.phase(),
                            "phase " + p.phase() + " runs after " + a + " (" + p.phase() + ".dependsOn(" + a + "))"));
                }
            }
            for (String b : p.before()) {
                if (shown.contains(b) && p.manual() && phases.get(b).manual()) {
                    out.putIfAbsent(p.phase() + "\u0000" + b, new PhaseEdge(p.phase(), b,
                            "phase " + p.phase() + " runs before " + b + " (" + p.phase() + ".before(" + b + "))"));
                }
            }
        }
        return List.copyOf(out.values());
    }

    private static void appendLane(StringBuilder out, Lane lane, Extent extent) {
        PhasesReport.Row p = lane.phase;
        String cls = "lane" + (p.manual() ? " manual" : "") + (p.detached() ? " detached" : "")
                + (p.enabled() ? "" : " phase-disabled");
        double x = absX(lane.node);
        double y = absY(lane.node);
        extent.include(x, y, x + lane.node.getWidth(), y + lane.node.getHeight());
        extent.include(x, y, labelX(lane.node) + lane.label.length() * LABEL_CHAR_WIDTH, y);
        out.append("<g class=\"").append(cls).append("\" data-phase=\"").append(esc(p.phase())).append("\">")
                .append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(lane.node.getWidth())).append("\" height=\"").append(num(lane.node.getHeight())).append("\" rx=\"6\"/>")
                .append("<text x=\"").append(num(labelX(lane.node))).append("\" y=\"").append(num(labelY(lane.node)))
                .append("\">").append(esc(lane.label)).append("</text></g>\n");
    }

    private static void appendSystem(StringBuilder out, Box b, PhasesReport.Row phase,
                                     boolean skippedByCondition, Extent extent) {
        SystemsReport.Row s = b.system;
        boolean disabled = !s.enabled() || (phase != null && !phase.enabled());
        String cls = "system" + (disabled ? " disabled" : "") + (s.conditional() ? " conditional" : "")
                + (skippedByCondition ? " condition-skipped" : "") + (s.commitBefore() ? " barrier-before" : "")
                + (s.commitAfter() ? " barrier-after" : "");
        double x = absX(b.node);
        double y = absY(b.node);
        extent.include(x, y - 4, x + b.node.getWidth(), y + b.node.getHeight() + 4);
        extent.include(x, y, x + 10 + s.system().length() * CHAR_WIDTH, y);
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

    /** @return the text of an observer's box: its name and what it reacts to */
    private static String observerLabel(ScheduleView.ObserverView o) {
        return o.name() + " \u00b7 " + String.join(" ", o.triggers());
    }

    private static void appendObserver(StringBuilder out, ScheduleView.ObserverView o, ElkNode n, Extent extent) {
        double x = absX(n);
        double y = absY(n);
        String label = observerLabel(o);
        extent.include(x, y, x + Math.max(n.getWidth(), 10 + label.length() * CHAR_WIDTH), y + n.getHeight());
        out.append("<g class=\"observer\" data-observer=\"").append(esc(o.name())).append("\"><title>").append(esc(o.name()))
                .append(" (plugin ").append(esc(o.plugin())).append(", fired ").append(o.fired()).append(" times)</title>")
                .append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(n.getWidth())).append("\" height=\"").append(num(n.getHeight())).append("\" rx=\"10\"/>")
                .append("<text x=\"").append(num(x + 10)).append("\" y=\"").append(num(y + 18)).append("\">")
                .append(esc(label)).append("</text></g>\n");
    }

    /** One edge between systems as ELK routed it, with its provenance as its title. */
    private static void appendEdge(StringBuilder out, ScheduleView.EdgeView e, ElkEdge routed, Extent extent) {
        out.append("<g class=\"edge\" data-from=\"").append(esc(e.from())).append("\" data-to=\"").append(esc(e.to()))
                .append("\"><title>").append(esc(String.join("\n", e.provenance()))).append("</title>");
        appendPath(out, routed, extent);
        out.append("</g>\n");
    }

    /** An edge's path: its sections' start, bend and end points, relative to the edge's container. */
    private static void appendPath(StringBuilder out, ElkEdge routed, Extent extent) {
        ElkNode container = routed.getContainingNode();
        double ox = container == null ? 0 : absX(container);
        double oy = container == null ? 0 : absY(container);
        StringBuilder d = new StringBuilder();
        for (ElkEdgeSection sec : routed.getSections()) {
            d.append('M').append(num(ox + sec.getStartX())).append(',').append(num(oy + sec.getStartY()));
            extent.around(ox + sec.getStartX(), oy + sec.getStartY());
            for (ElkBendPoint bp : sec.getBendPoints()) {
                d.append(" L").append(num(ox + bp.getX())).append(',').append(num(oy + bp.getY()));
                extent.around(ox + bp.getX(), oy + bp.getY());
            }
            d.append(" L").append(num(ox + sec.getEndX())).append(',').append(num(oy + sec.getEndY())).append(' ');
            extent.around(ox + sec.getEndX(), oy + sec.getEndY());
        }
        out.append("<path data-sections=\"").append(routed.getSections().size()).append("\" d=\"")
                .append(d.toString().trim()).append("\"/>");
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

    /**
     * An edge of the phase graph drawn between two lanes.
     *
     * @param from the phase that runs first
     * @param to the phase that runs after it
     * @param why the declaration, as the edge's title
     */
    private record PhaseEdge(String from, String to, String why) {
    }

    /** The corners of everything drawn so far (the picture's bounds, padding aside). */
    private static final class Extent {
        double minX;
        double minY;
        double maxX;
        double maxY;

        void include(double x1, double y1, double x2, double y2) {
            minX = Math.min(minX, Math.min(x1, x2));
            minY = Math.min(minY, Math.min(y1, y2));
            maxX = Math.max(maxX, Math.max(x1, x2));
            maxY = Math.max(maxY, Math.max(y1, y2));
        }

        /** A point with room around it for an arrow head. */
        void around(double x, double y) {
            include(x, y, x + OVERHANG, y + OVERHANG);
        }
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
