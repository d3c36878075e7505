package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GraphSvgTest {
    private static final Phase TURN = Phase.builder("Turn").dependsOn(Phase.ON_UPDATE).manual(true).build();

    private static Schedule schedule() {
        EcsSystem input = EcsSystem.builder("input").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
        EcsSystem move = EcsSystem.builder("move").phase(Phase.ON_UPDATE).after(input).run((w, dt) -> { }).build();
        EcsSystem collide = EcsSystem.builder("collide").phase(Phase.ON_UPDATE).after(move).run((w, dt) -> { }).build();
        EcsSystem render = EcsSystem.builder("render").phase(Phase.ON_STORE).after(collide).run((w, dt) -> { }).build();
        EcsSystem maybe = EcsSystem.builder("maybe").phase(Phase.ON_STORE).runIf(w -> false).run((w, dt) -> { }).build();
        EcsSystem act = EcsSystem.builder("act").phase(TURN).run((w, dt) -> { }).build();
        return Schedule.builder("main").phases(TURN).systems(input, move, collide, render, maybe, act).build();
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    @DisplayName("one element with data-system per system; the whole picture laid out by ELK (lanes as compound nodes in phase order, manual set apart, every edge routed)")
    void nodeCountEqualsSystemCount() {
        Schedule s = schedule();
        World world = new World();
        s.disable(world, s.systems().stream().filter(x -> x.name().equals("render")).findFirst().orElseThrow());
        ScheduleView view = ScheduleView.of(s, world, true);
        String svg = GraphSvg.render(view, Set.of("maybe"), GraphSvg.EmptyLanes.SHOWN);

        assertEquals(s.systems().size(), count(svg, "data-system=\""), svg);
        for (EcsSystem sys : s.systems()) {
            assertTrue(svg.contains("data-system=\"" + sys.name() + "\""), sys.name());
        }
        assertEquals(s.phases().size(), count(svg, "data-phase=\""), svg);
        // phases in schedule order: OnUpdate's lane above OnStore's, the manual one last, after the heading
        double onUpdate = laneY(svg, "OnUpdate");
        double onStore = laneY(svg, "OnStore");
        Matcher h = Pattern.compile("y=\"([0-9.]+)\">manual phases").matcher(svg);
        assertTrue(h.find(), svg);
        double heading = Double.parseDouble(h.group(1));
        double turn = laneY(svg, "Turn");
        assertTrue(onUpdate < onStore && onStore < heading && heading < turn, svg);
        assertTrue(svg.contains("class=\"lane manual\" data-phase=\"Turn\""), svg);
        assertTrue(svg.contains("class=\"system disabled\" data-system=\"render\""), svg);
        assertTrue(svg.contains("class=\"system conditional condition-skipped\" data-system=\"maybe\""), svg);
        // an ELK-routed edge inside OnUpdate, with its provenance as the hover title
        assertTrue(svg.contains("data-from=\"input\" data-to=\"move\"><title>'input' runs before 'move' (move.after(input), from 'main')</title><path data-sections=\"1\" d=\"M"),
                svg);
        // every edge, inside a phase or across phases, is a path made of ELK's edge sections; none is drawn by hand
        assertEquals(view.edges().size(), count(svg, "<g class=\"edge\""), svg);
        assertEquals(view.edges().size(), count(svg, "</title><path data-sections=\"[1-9][0-9]*\" d=\"M[0-9.]+,[0-9.]+( L[0-9.]+,[0-9.]+)+\"/></g>"), svg);
        assertEquals(0, count(svg, "<line"), svg);
        // the cross-phase edge, routed by ELK through the lanes (compound nodes): from collide's bottom to render's top
        Matcher cross = Pattern.compile("data-from=\"collide\" data-to=\"render\"><title>[^<]*</title><path data-sections=\"[0-9]+\""
                + " d=\"M([0-9.]+),([0-9.]+).* L([0-9.]+),([0-9.]+)\"/>").matcher(svg);
        assertTrue(cross.find(), svg);
        double[] collide = box(svg, "collide");
        double[] render = box(svg, "render");
        assertEquals(collide[1] + collide[3], Double.parseDouble(cross.group(2)), 0.11, svg);
        assertEquals(render[1], Double.parseDouble(cross.group(4)), 0.11, svg);
        assertTrue(Double.parseDouble(cross.group(1)) >= collide[0] && Double.parseDouble(cross.group(1)) <= collide[0] + collide[2], svg);
        assertTrue(Double.parseDouble(cross.group(3)) >= render[0] && Double.parseDouble(cross.group(3)) <= render[0] + render[2], svg);
        // every system box lies inside its phase's lane (ELK placed it in the compound node)
        for (EcsSystem sys : s.systems()) {
            double[] b = box(svg, sys.name());
            double[] lane = lane(svg, sys.phase().name());
            assertTrue(b[0] >= lane[0] && b[1] >= lane[1] && b[0] + b[2] <= lane[0] + lane[2] + 0.11
                    && b[1] + b[3] <= lane[1] + lane[3] + 0.11, sys.name() + " in " + sys.phase().name() + "\n" + svg);
        }
        // ELK placed move below input (layered, top to bottom)
        assertTrue(box(svg, "move")[1] > box(svg, "input")[1], svg);
    }

    private static double laneY(String svg, String phase) {
        Matcher m = Pattern.compile("data-phase=\"" + phase + "\"><rect x=\"[0-9.]+\" y=\"([0-9.]+)\"").matcher(svg);
        assertTrue(m.find(), phase);
        return Double.parseDouble(m.group(1));
    }

    /** x, y, width, height of a system's box. */
    private static double[] box(String svg, String system) {
        Matcher m = Pattern.compile("data-system=\"" + system + "\"><title>[^<]*</title><rect x=\"([0-9.]+)\" y=\"([0-9.]+)\""
                + " width=\"([0-9.]+)\" height=\"([0-9.]+)\"").matcher(svg);
        assertTrue(m.find(), system);
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
            Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))};
    }

    /** x, y, width, height of a phase's lane. */
    private static double[] lane(String svg, String phase) {
        Matcher m = Pattern.compile("data-phase=\"" + phase + "\"><rect x=\"([0-9.]+)\" y=\"([0-9.]+)\""
                + " width=\"([0-9.]+)\" height=\"([0-9.]+)\"").matcher(svg);
        assertTrue(m.find(), phase);
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
            Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))};
    }

    @Test
    @DisplayName("an empty schedule gives lanes and no system")
    void emptySchedule() {
        Schedule s = Schedule.builder("empty").build();
        String svg = GraphSvg.render(ScheduleView.of(s, new World(), false), Set.of());
        assertEquals(0, count(svg, "data-system=\""));
        assertTrue(svg.startsWith("<svg "), svg);
    }

    @Test
    @DisplayName("names are escaped in attributes and text")
    void escapes() {
        EcsSystem odd = EcsSystem.builder("a<b>&\"c\"").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
        Schedule s = Schedule.builder("x").systems(odd).build();
        String svg = GraphSvg.render(ScheduleView.of(s, new World(), false), Set.of());
        assertTrue(svg.contains("data-system=\"a&lt;b&gt;&amp;&quot;c&quot;\""), svg);
        assertEquals(1, count(svg, "data-system=\""));
    }

    @Test
    @DisplayName("a system's declared barriers are marked: a bar on the side where it publishes, the title says so")
    void barriersAreMarked() {
        EcsSystem spawn = EcsSystem.builder("fx/spawn").run((w, dt) -> { }).commitAfter().build();
        EcsSystem read = EcsSystem.builder("fx/read").after(spawn).commitBefore().run((w, dt) -> { }).build();
        EcsSystem plain = EcsSystem.builder("fx/plain").after(read).run((w, dt) -> { }).build();
        String svg = GraphSvg.render(ScheduleView.of(Schedule.builder("x").systems(spawn, read, plain).build(),
                new World(), false), Set.of());
        assertTrue(svg.contains("class=\"system barrier-after\" data-system=\"fx/spawn\""), svg);
        assertTrue(svg.contains("class=\"system barrier-before\" data-system=\"fx/read\""), svg);
        assertTrue(svg.contains("class=\"system\" data-system=\"fx/plain\""), svg);
        assertEquals(2, count(svg, "<line class=\"barrier\""));
        assertTrue(svg.contains("publishes the phase's structural changes before its turn"), svg);
    }

    @Test
    @DisplayName("a detached chain (the demo's dnd/turn) is drawn in chain order with one arrow per edge; its empty builtin lanes are left out and counted; lanes stay compact")
    void aDetachedChainReadsInItsOrder() {
        Schedule turn = Schedule.builder("dnd/turn").plugins(dev.orrery.demo.dnd.TurnSystems.PLUGIN).build();
        String svg = GraphSvg.render(ScheduleView.of(turn, new World(), false), Set.of());
        List<String> chain = List.of("StartOfTurn", "Move", "Act", "Resolve", "EndOfTurn");
        assertEquals(chain.size(), count(svg, "data-phase=\""), "no lane for the nine empty builtin phases");
        assertTrue(svg.contains(">schedule dnd/turn \u00b7 9 empty builtin phases not drawn</text>"), svg);
        for (int i = 1; i < chain.size(); i++) {
            double[] above = lane(svg, chain.get(i - 1));
            double[] below = lane(svg, chain.get(i));
            assertTrue(above[1] + above[3] < below[1], chain.get(i - 1) + " above " + chain.get(i) + "\n" + svg);
            Matcher edge = Pattern.compile("<g class=\"phase-edge\" data-from=\"" + chain.get(i - 1) + "\" data-to=\""
                    + chain.get(i) + "\"><title>phase " + chain.get(i) + " runs after " + chain.get(i - 1)
                    + " \\(" + chain.get(i) + ".dependsOn\\(" + chain.get(i - 1) + "\\)\\)</title><path data-sections=\"1\""
                    + " d=\"M([0-9.]+),([0-9.]+).* L([0-9.]+),([0-9.]+)\"/></g>").matcher(svg);
            assertTrue(edge.find(), chain.get(i - 1) + " -> " + chain.get(i) + "\n" + svg);
            assertEquals(above[1] + above[3], Double.parseDouble(edge.group(2)), 1.5, "starts on the lane above");
            assertEquals(below[1], Double.parseDouble(edge.group(4)), 1.5, "ends on the lane below");
        }
        assertEquals(chain.size() - 1, count(svg, "<g class=\"phase-edge\""), svg);
        for (String phase : chain) {
            assertTrue(lane(svg, phase)[3] < 80, phase + ": a lane of one system is one box high, plus its heading\n" + svg);
        }
        String all = GraphSvg.render(ScheduleView.of(turn, new World(), false), Set.of(), GraphSvg.EmptyLanes.SHOWN);
        assertEquals(turn.phases().size(), count(all, "data-phase=\""), "every lane when asked for");
    }

    @Test
    @DisplayName("the view box holds every rectangle and path drawn")
    void theViewBoxHoldsEverything() {
        Schedule s = schedule();
        String svg = GraphSvg.render(ScheduleView.of(s, new World(), true), Set.of(), GraphSvg.EmptyLanes.SHOWN);
        Matcher vb = Pattern.compile("viewBox=\"([-0-9.]+) ([-0-9.]+) ([0-9.]+) ([0-9.]+)\"").matcher(svg);
        assertTrue(vb.find(), svg);
        double x0 = Double.parseDouble(vb.group(1));
        double y0 = Double.parseDouble(vb.group(2));
        double x1 = x0 + Double.parseDouble(vb.group(3));
        double y1 = y0 + Double.parseDouble(vb.group(4));
        Matcher rect = Pattern.compile("<rect x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\"").matcher(svg);
        int rects = 0;
        while (rect.find()) {
            rects++;
            assertTrue(Double.parseDouble(rect.group(1)) >= x0 && Double.parseDouble(rect.group(2)) >= y0
                    && Double.parseDouble(rect.group(1)) + Double.parseDouble(rect.group(3)) <= x1
                    && Double.parseDouble(rect.group(2)) + Double.parseDouble(rect.group(4)) <= y1, rect.group() + "\n" + svg);
        }
        assertTrue(rects > s.systems().size(), svg);
        Matcher point = Pattern.compile("[ML]([0-9.]+),([0-9.]+)").matcher(svg);
        while (point.find()) {
            assertTrue(Double.parseDouble(point.group(1)) <= x1 && Double.parseDouble(point.group(2)) <= y1, point.group());
        }
    }

    @Test
    @DisplayName("observers: a box each below the lanes, with a dashed edge from every system that writes what it reacts to")
    void observersBesideTheirWriters() {
        Trait<Integer> health = Trait.withDefault("Health", 10);
        EcsSystem hit = EcsSystem.builder("hit").phase(Phase.ON_UPDATE).writes(health).run((w, dt) -> { }).build();
        EcsSystem heal = EcsSystem.builder("heal").phase(Phase.ON_STORE).writes(health).run((w, dt) -> { }).build();
        EcsSystem idle = EcsSystem.builder("idle").phase(Phase.ON_STORE).run((w, dt) -> { }).build();
        EcsObserver flash = EcsObserver.builder("ui/flash").onChange(health).run((w, e) -> { });
        EcsObserver nobody = EcsObserver.builder("ui/nobody").onAdd(Trait.withDefault("Other", 0)).run((w, e) -> { });
        Schedule s = Schedule.builder("main").systems(hit, heal, idle).observers(flash, nobody).build();
        ScheduleView view = ScheduleView.of(s, new World(), true);
        assertEquals(List.of("hit", "heal"), view.observers().get(0).writers());
        assertEquals(List.of(), view.observers().get(1).writers());
        String svg = GraphSvg.render(view, Set.of());
        assertEquals(2, count(svg, "<g class=\"observer\" data-observer="), svg);
        assertTrue(svg.contains(">ui/flash \u00b7 onChange(Health)</text>"), svg);
        assertEquals(1, count(svg, "<g class=\"hears\" data-from=\"hit\" data-observer=\"ui/flash\""), svg);
        assertEquals(1, count(svg, "<g class=\"hears\" data-from=\"heal\" data-observer=\"ui/flash\""), svg);
        assertEquals(2, count(svg, "<g class=\"hears\""), svg);
        // the observers' group lies below every lane
        Matcher group = Pattern.compile("<g class=\"observer-group\"><rect x=\"[0-9.]+\" y=\"([0-9.]+)\"").matcher(svg);
        assertTrue(group.find(), svg);
        double groupY = Double.parseDouble(group.group(1));
        assertTrue(groupY > laneY(svg, "OnStore") && groupY > laneY(svg, "OnUpdate"), svg);
    }

    static Condition never() {
        return w -> false;
    }
}
