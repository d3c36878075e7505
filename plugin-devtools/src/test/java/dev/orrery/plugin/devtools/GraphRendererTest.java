package dev.orrery.plugin.devtools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GraphRendererTest {
    private static final RunFunction NOOP = (w, dt) -> { };

    /** Builtins are all present; only OnUpdate, OnStore and a manual phase carry systems. */
    private static Schedule schedule() {
        Phase turn = Phase.define("Turn");
        SystemSet draw = SystemSet.define("draw");
        EcsSystem paint = EcsSystem.builder("paint").phase(Phase.ON_STORE).sets(draw).run(NOOP).build();
        EcsSystem move = EcsSystem.builder("move").before(draw).run(NOOP).build();
        EcsSystem say = EcsSystem.builder("say \"hi\"").after(move).run(NOOP).build();
        EcsSystem act = EcsSystem.define("act", turn, NOOP);
        return Schedule.builder("main").phases(turn).sets(draw).systems(paint, move, say, act).build();
    }

    @Test
    @DisplayName("DOT: a cluster per phase in order (manual dashed), phase-order arrows, system nodes, disabled marked, set edges labelled")
    void dot() {
        String expected = """
                digraph "main" {
                  compound=true;
                  rankdir=TB;
                  node [shape=box, style=rounded];
                  subgraph cluster_0 {
                    label="OnStart";
                    p0 [shape=point, style=invis];
                  }
                  subgraph cluster_1 {
                    label="OnLoad";
                    p1 [shape=point, style=invis];
                  }
                  subgraph cluster_2 {
                    label="PostLoad";
                    p2 [shape=point, style=invis];
                  }
                  subgraph cluster_3 {
                    label="PreUpdate";
                    p3 [shape=point, style=invis];
                  }
                  subgraph cluster_4 {
                    label="OnUpdate";
                    p4 [shape=point, style=invis];
                    s0 [label="move"];
                    s1 [label="say \\"hi\\"\\n(disabled)", style="rounded,dashed", color=gray50, fontcolor=gray50];
                  }
                  subgraph cluster_5 {
                    label="OnValidate";
                    p5 [shape=point, style=invis];
                  }
                  subgraph cluster_6 {
                    label="PostUpdate";
                    p6 [shape=point, style=invis];
                  }
                  subgraph cluster_7 {
                    label="PreStore";
                    p7 [shape=point, style=invis];
                  }
                  subgraph cluster_8 {
                    label="OnStore";
                    p8 [shape=point, style=invis];
                    s2 [label="paint"];
                  }
                  subgraph cluster_9 {
                    label="Turn (manual, detached)";
                    style=dashed;
                    p9 [shape=point, style=invis];
                    s3 [label="act"];
                  }
                  p0 -> p1 [ltail=cluster_0, lhead=cluster_1, style=bold, color=gray60];
                  p1 -> p2 [ltail=cluster_1, lhead=cluster_2, style=bold, color=gray60];
                  p2 -> p3 [ltail=cluster_2, lhead=cluster_3, style=bold, color=gray60];
                  p3 -> p4 [ltail=cluster_3, lhead=cluster_4, style=bold, color=gray60];
                  p4 -> p5 [ltail=cluster_4, lhead=cluster_5, style=bold, color=gray60];
                  p5 -> p6 [ltail=cluster_5, lhead=cluster_6, style=bold, color=gray60];
                  p6 -> p7 [ltail=cluster_6, lhead=cluster_7, style=bold, color=gray60];
                  p7 -> p8 [ltail=cluster_7, lhead=cluster_8, style=bold, color=gray60];
                  s0 -> s2 [label="set draw"];
                  s0 -> s1;
                }
                """;
        assertEquals(expected, GraphRenderer.render(schedule(), Set.of("say \"hi\"", "gone"), GraphFormat.DOT));
    }

    @Test
    @DisplayName("Mermaid: a subgraph per phase, phase-order arrows, system nodes, edges, disabled class, manual phase dashed")
    void mermaid() {
        String expected = """
                flowchart TB
                  %% schedule main
                  subgraph p0 ["OnStart"]
                  end
                  subgraph p1 ["OnLoad"]
                  end
                  subgraph p2 ["PostLoad"]
                  end
                  subgraph p3 ["PreUpdate"]
                  end
                  subgraph p4 ["OnUpdate"]
                    s0["move"]
                    s1["say #quot;hi#quot; (disabled)"]
                  end
                  subgraph p5 ["OnValidate"]
                  end
                  subgraph p6 ["PostUpdate"]
                  end
                  subgraph p7 ["PreStore"]
                  end
                  subgraph p8 ["OnStore"]
                    s2["paint"]
                  end
                  subgraph p9 ["Turn (manual, detached)"]
                    s3["act"]
                  end
                  p0 ==> p1
                  p1 ==> p2
                  p2 ==> p3
                  p3 ==> p4
                  p4 ==> p5
                  p5 ==> p6
                  p6 ==> p7
                  p7 ==> p8
                  s0 -->|"set draw"| s2
                  s0 --> s1
                  classDef disabled stroke-dasharray: 5 5,color:#888
                  class s1 disabled
                  style p9 stroke-dasharray: 5 5
                """;
        assertEquals(expected, GraphRenderer.render(schedule(), Set.of("say \"hi\""), GraphFormat.MERMAID));
    }

    /**
     * The dnd/turn shape: a detached chain StartOfTurn -> Move -> EndOfTurn, and a phase marked manual
     * that hangs off OnUpdate; a second detached phase of its own component.
     */
    private static Schedule turnSchedule() {
        Phase start = Phase.define("StartOfTurn");
        Phase move = Phase.builder("Move").dependsOn(start).build();
        Phase end = Phase.builder("EndOfTurn").dependsOn(move).build();
        Phase replay = Phase.builder("Replay").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Phase log = Phase.define("Log");
        return Schedule.builder("dnd/turn").phases(start, move, end, replay, log)
                .systems(EcsSystem.define("turn/begin", start, NOOP), EcsSystem.define("turn/end", end, NOOP)).build();
    }

    @Test
    @DisplayName("manual and detached phases are never chained to the automatic ones; a detached chain is linked in its own stepping order")
    void detached_chain_not_linked_to_automatic_phases() {
        Schedule s = turnSchedule();
        assertEquals("[OnStart, OnLoad, PostLoad, PreUpdate, OnUpdate, Replay, OnValidate, PostUpdate, PreStore, OnStore,"
                + " StartOfTurn, Move, EndOfTurn, Log]", s.phases().stream().map(Phase::name).toList().toString());
        String mermaid = GraphRenderer.render(s, Set.of(), GraphFormat.MERMAID);
        List<String> links = mermaid.lines().filter(l -> l.matches("  p\\d+ (==>|-\\.->) p\\d+")).toList();
        // automatic: OnStart(0) .. OnUpdate(4), OnValidate(6) .. OnStore(9), skipping Replay(5);
        // manual: StartOfTurn(10) -> Move(11) -> EndOfTurn(12); Replay and Log are chains of one.
        assertEquals(List.of("  p0 ==> p1", "  p1 ==> p2", "  p2 ==> p3", "  p3 ==> p4", "  p4 ==> p6", "  p6 ==> p7",
                "  p7 ==> p8", "  p8 ==> p9", "  p10 -.-> p11", "  p11 -.-> p12"), links);
        assertTrue(mermaid.contains("  subgraph p5 [\"Replay (manual)\"]\n"), mermaid);
        assertTrue(mermaid.contains("  subgraph p10 [\"StartOfTurn (manual, detached)\"]\n"), mermaid);

        String dot = GraphRenderer.render(s, Set.of(), GraphFormat.DOT);
        List<String> dotLinks = dot.lines().filter(l -> l.matches("  p\\d+ -> p\\d+ .*")).toList();
        assertEquals(10, dotLinks.size(), dot);
        assertTrue(dotLinks.contains("  p4 -> p6 [ltail=cluster_4, lhead=cluster_6, style=bold, color=gray60];"), dot);
        assertTrue(dotLinks.contains("  p10 -> p11 [ltail=cluster_10, lhead=cluster_11, style=\"bold,dashed\", color=gray60];"), dot);
        assertFalse(dot.contains("  p9 -> p10 "), dot);
        assertFalse(dot.contains(" -> p5 "), dot);
        assertTrue(dot.contains("label=\"Replay (manual)\";\n    style=dashed;"), dot);
    }

    @Test
    @DisplayName("phase chains: automatic in run order, one manual chain per component, detached only without a builtin")
    void phase_chains() {
        Schedule s = turnSchedule();
        PhaseChains chains = PhaseChains.of(s);
        assertEquals(9, chains.automatic().size());
        // components in the order of their first phase: Replay (#6) hangs off OnUpdate, then the turn chain, then Log
        assertEquals(List.of(List.of("Replay"), List.of("StartOfTurn", "Move", "EndOfTurn"), List.of("Log")),
                chains.manual().stream().map(c -> c.stream().map(Phase::name).toList()).toList());
        Phase replay = s.phases().get(5);
        assertFalse(chains.isDetached(replay));
        assertTrue(chains.isDetached(s.phases().get(10)));
        assertFalse(chains.isDetached(Phase.ON_UPDATE));
    }

    @Test
    @DisplayName("format names: dot, graphviz, mermaid in any case; anything else is refused by name")
    void formats() {
        assertEquals(GraphFormat.DOT, GraphFormat.parse("DOT"));
        assertEquals(GraphFormat.DOT, GraphFormat.parse("graphviz"));
        assertEquals(GraphFormat.MERMAID, GraphFormat.parse(" Mermaid "));
        assertEquals("unknown graph format 'png'; use dot or mermaid",
                assertThrows(IllegalArgumentException.class, () -> GraphFormat.parse("png")).getMessage());
    }

    @Test
    @DisplayName("graph draws the published order graph: by-name edges and, with the option, order through empty sets")
    void published_graph_edges() {
        SystemSet renderSet = SystemSet.define("Render");
        SystemSet physicsSet = SystemSet.builder("Physics").before(renderSet).build();
        SystemSet inputSet = SystemSet.builder("Input").before(physicsSet).build();
        EcsSystem draw = EcsSystem.builder("draw").sets(renderSet).run(NOOP).build();
        EcsSystem poll = EcsSystem.builder("poll").sets(inputSet).run(NOOP).build();
        EcsSystem hud = EcsSystem.builder("hud").afterIfPresent("draw").afterIfPresent("absent").run(NOOP).build();
        Schedule s = Schedule.builder("main").sets(inputSet, physicsSet, renderSet).systems(draw, poll, hud)
                .orderThroughEmptySets(true).build();
        String mermaid = GraphRenderer.render(s, Set.of(), GraphFormat.MERMAID);
        List<String> edges = mermaid.lines().filter(l -> l.matches("  s\\d+ -->.*")).toList();
        // poll (s0), draw (s1), hud (s2): hud after draw by name, then poll before draw through the empty
        // Physics (labelled with the set its first declaration names)
        assertEquals(List.of("  s1 --> s2", "  s0 -->|\"set Physics\"| s1"), edges);
    }
}
