package dev.orrery.plugin.devtools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.plugin.devtools.Explainer;
import dev.orrery.plugin.devtools.Explanation;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.World;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The reports as data: what the factories read from a schedule and a host's lists, and what the values refuse. */
class ReportsTest {
    private static final RunFunction NOOP = (w, dt) -> { };

    private final World world = new World();
    private final Phase turn = Phase.builder("Turn").dependsOn(Phase.ON_UPDATE).manual(true).build();
    private final Phase replay = Phase.define("Replay");
    private final SystemSet sim = SystemSet.builder("sim").runIf(w -> true).build();
    private final SystemSet quiet = SystemSet.define("quiet");
    private final EcsSystem integrate = EcsSystem.builder("physics/integrate").sets(sim, quiet).run(NOOP).build();
    private final EcsSystem draw = EcsSystem.builder("render/draw").phase(Phase.ON_STORE).runIf(w -> true).run(NOOP).build();
    private final EcsSystem act = EcsSystem.define("turn/act", turn, NOOP);
    private final Schedule schedule = Schedule.builder("main")
            .plugins(Plugin.builder("physics").sets(sim, quiet).systems(integrate).build(),
                    Plugin.builder("render").systems(draw).build(),
                    Plugin.builder("turns").phases(turn, replay).systems(act).build())
            .build();

    @Test
    @DisplayName("SystemsReport.read: execution order, enabled flags of the world, own and set conditions, sets, plugin")
    void systemsRead() {
        schedule.disable(world, draw);
        SystemsReport r = SystemsReport.read(schedule, world);
        assertEquals("main", r.schedule());
        assertEquals(List.of(
                new SystemsReport.Row(1, "OnUpdate", "physics/integrate", true, false, List.of("sim"), List.of("sim", "quiet"), "physics", false, false),
                new SystemsReport.Row(2, "Turn", "turn/act", true, false, List.of(), List.of(), "turns", false, false),
                new SystemsReport.Row(3, "OnStore", "render/draw", false, true, List.of(), List.of(), "render", false, false)), r.rows());
        assertEquals(1, r.disabled());
        assertTrue(r.rows().get(0).conditional());
        assertFalse(r.rows().get(1).conditional());
        assertTrue(r.rows().get(2).conditional());
    }

    @Test
    @DisplayName("PhasesReport.read: phase order, auto, manual or detached, phase flags of the world, systems, declared edges")
    void phasesRead() {
        schedule.disablePhase(world, Phase.ON_STORE);
        PhasesReport r = PhasesReport.read(schedule, world);
        assertEquals(11, r.rows().size());
        assertEquals(1, r.disabled());
        PhasesReport.Row onUpdate = r.rows().get(4);
        assertEquals(new PhasesReport.Row(5, "OnUpdate", PhasesReport.Mode.AUTO, true, 1, List.of(), List.of()),
                onUpdate);
        PhasesReport.Row t = r.rows().get(5);
        assertEquals(new PhasesReport.Row(6, "Turn", PhasesReport.Mode.MANUAL, true, 1, List.of("OnUpdate"), List.of()), t);
        assertTrue(t.manual());
        assertFalse(t.detached());
        PhasesReport.Row last = r.rows().get(10);
        assertEquals("Replay", last.phase());
        assertEquals(PhasesReport.Mode.DETACHED, last.mode());
        assertTrue(last.manual() && last.detached());
        assertFalse(r.rows().get(9).enabled(), "OnStore is disabled");
    }

    @Test
    @DisplayName("PluginsReport.of: the main schedule's group first, the others by name, build order kept; the latest rebuild per schedule")
    void pluginsOf() {
        PluginStatus turnPlugin = plugin("dnd-turn", "dnd/turn");
        PluginStatus prefab = plugin("prefab", "main");
        PluginStatus dnd = plugin("dnd", "main");
        PluginStatus zeta = plugin("z", "zeta");
        RebuildInfo first = rebuild(1, "main");
        RebuildInfo turnRebuild = rebuild(2, "dnd/turn");
        RebuildInfo second = rebuild(3, "main");
        PluginsReport r = PluginsReport.of("main", List.of(turnPlugin, prefab, dnd, zeta), List.of(first, turnRebuild, second));
        assertEquals(List.of(new PluginsReport.Group("main", List.of(prefab, dnd)),
                new PluginsReport.Group("dnd/turn", List.of(turnPlugin)),
                new PluginsReport.Group("zeta", List.of(zeta))), r.schedules());
        assertEquals(List.of(turnRebuild, second), r.lastRebuilds());
        assertEquals(4, r.total());
        assertEquals(List.of(), PluginsReport.of("main", List.of(), List.of()).schedules());
    }

    @Test
    @DisplayName("ExplainReport.of keeps the explanation's names, reason, chain and text, without its system objects")
    void explainOf() {
        EcsSystem a = EcsSystem.define("a", NOOP);
        EcsSystem b = EcsSystem.builder("b").after(a).run(NOOP).build();
        Explanation e = new Explainer(Schedule.builder("s").systems(a, b).build()).explain("b", "a");
        ExplainReport r = ExplainReport.of(e);
        assertEquals("s", r.schedule());
        assertEquals("a", r.first());
        assertEquals("b", r.second());
        assertFalse(r.asAsked());
        assertEquals(Explanation.Reason.EDGE_CHAIN, r.reason());
        assertEquals(List.of("a -> b  system b: after a (plugin s)"), r.chain());
        assertEquals(e.text(), r.text());
    }

    @Test
    @DisplayName("values copy their lists and refuse nulls and impossible numbers with one line naming the value")
    void valuesRefuseBadData() {
        List<SystemsReport.Row> rows = new ArrayList<>();
        SystemsReport r = new SystemsReport("main", rows);
        rows.add(new SystemsReport.Row(1, "OnUpdate", "a", true, false, List.of(), List.of(), "p", false, false));
        assertEquals(List.of(), r.rows(), "a copy");
        assertThrows(UnsupportedOperationException.class, () -> r.rows().add(null));
        assertThrows(NullPointerException.class, () -> new CommandProblem(null));
        assertThrows(NullPointerException.class, () -> new ToggleOutcome(null, "main", true, true));
        assertEquals("TimingsReport: samplePeriod 0 is below 1",
                assertThrows(IllegalArgumentException.class, () -> new TimingsReport("main", List.of(), 0)).getMessage());
        assertEquals("StepOutcome: 3 of 2 frames ran; asked must be at least 1 and ran within 0 to asked",
                assertThrows(IllegalArgumentException.class,
                        () -> new StepOutcome(2, 3, 0, StepOutcome.End.DONE, Duration.ofSeconds(1))).getMessage());
        assertEquals("StepOutcome: patience must be positive, got PT0S",
                assertThrows(IllegalArgumentException.class,
                        () -> new StepOutcome(1, 1, 0, StepOutcome.End.DONE, Duration.ZERO)).getMessage());
    }

    private static PluginStatus plugin(String name, String schedule) {
        return PluginStatus.builder().name(name).schedule(schedule).bundle("b/1.0.0").serviceId(name.length())
                .state(PluginState.ACTIVE).reason("").build();
    }

    private static RebuildInfo rebuild(long sequence, String schedule) {
        return RebuildInfo.builder().sequence(sequence).schedule(schedule).plugins(List.of()).systems(0).phases(9)
                .buildNanos(1_000).joined(List.of()).left(List.of()).replaced(List.of()).excluded(List.of()).build();
    }
}
