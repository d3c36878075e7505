package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.report.PhasesReport;
import dev.orrery.plugin.devtools.report.SystemsReport;
import dev.orrery.schedule.RunFailure;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ConsoleJsonTest {
    @Test
    @DisplayName("Json escapes quotes, control characters and HTML-significant characters; rejects other types")
    void escaping() {
        assertEquals("{\"a\\\"b\":[1,2.5,true,null,\"\\u003c/script\\u003e\\n\"]}",
                Json.write(Map.of("a\"b", Arrays.asList(1, 2.5, true, null, "</script>\n"))));
        assertEquals("null", Json.write(Double.NaN));
        assertEquals("Json: cannot write a java.lang.Object",
                assertThrows(IllegalArgumentException.class, () -> Json.write(new Object())).getMessage());
    }

    @Test
    @DisplayName("timings: µs values and skips by reason")
    void timings() {
        SystemTiming t = new SystemTiming("main", 0, "move", "OnUpdate", 4, 2_000, 10_000, 5_000, 1, 2, 3);
        assertEquals("{\"source\":\"devtools\",\"frames\":7,\"systems\":[{\"schedule\":\"main\",\"system\":\"move\","
                + "\"phase\":\"OnUpdate\",\"runs\":4,\"lastMicros\":2.0,\"meanMicros\":2.5,\"maxMicros\":5.0,"
                + "\"skipped\":{\"disabled\":1,\"condition\":2,\"phaseDisabled\":3}}]}",
                ConsoleJson.timings(TimingsFeed.Source.DEVTOOLS, 7, List.of(t)));
    }

    @Test
    @DisplayName("plugins: status with the fault, plugins with reasons, rebuilds newest first")
    void plugins() {
        SystemFault f = SystemFault.builder(SystemFault.Kind.SYSTEM).schedule("main").system("move", "demo")
                .stage(RunFailure.Stage.RUN, null).frame(12)
                .error("java.lang.IllegalStateException", "boom", "trace").build();
        PluginStatus ok = PluginStatus.builder().name("demo").schedule("main").bundle("demo.bundle/1.0.0").serviceId(5)
                .state(PluginState.ACTIVE).reason("").build();
        PluginStatus bad = PluginStatus.builder().name("late").schedule("main").bundle("late.bundle/1.0.0").serviceId(6)
                .state(PluginState.EXCLUDED).reason("cycle with demo").build();
        RebuildInfo r1 = RebuildInfo.builder().sequence(1).schedule("main").plugins(List.of("demo")).systems(3)
                .phases(9).buildNanos(2_000_000).joined(List.of("demo")).left(List.of()).replaced(List.of())
                .excluded(List.of()).swappedIn(Instant.parse("2026-11-30T21:00:00Z")).build();
        RebuildInfo r2 = RebuildInfo.builder().sequence(2).schedule("main").plugins(List.of("demo")).systems(3)
                .phases(9).buildNanos(1_000_000).joined(List.of()).left(List.of()).replaced(List.of())
                .excluded(List.of(bad)).swappedIn(Instant.parse("2026-11-30T21:00:01Z")).build();
        String json = ConsoleJson.plugins(HostStatus.builder().state(RunState.PAUSED).mode(FrameMode.FIXED).frames(12)
                .lastFault(f).build(), List.of(ok, bad), List.of(r1, r2));
        assertTrue(json.startsWith("{\"status\":{\"state\":\"PAUSED\",\"mode\":\"FIXED\",\"frames\":12,\"fault\":{\"schedule\":\"main\","
                + "\"system\":\"move\",\"plugin\":\"demo\",\"stage\":\"run\",\"frame\":12,\"error\":\"java.lang.IllegalStateException\","
                + "\"message\":\"boom\",\"text\":"), json);
        assertTrue(json.contains("{\"name\":\"late\",\"schedule\":\"main\",\"bundle\":\"late.bundle/1.0.0\",\"serviceId\":6,"
                + "\"state\":\"EXCLUDED\",\"reason\":\"cycle with demo\"}"), json);
        assertTrue(json.indexOf("\"sequence\":2") < json.indexOf("\"sequence\":1"), "newest first: " + json);
        assertTrue(json.contains("\"buildMicros\":2000.0,\"joined\":[\"demo\"]"), json);
    }

    @Test
    @DisplayName("plugins: a parked host's status names where and on what it waits")
    void parkedStatus() {
        ParkedFrame p = new ParkedFrame(4, "host", "main", "OnUpdate", "net/load", "net", "profile", "worker task",
                Instant.parse("2026-11-30T21:00:00Z"));
        String json = ConsoleJson.plugins(HostStatus.builder().state(RunState.PARKED).mode(FrameMode.FIXED).frames(3)
                .parked(p).build(), List.of(), List.of());
        assertTrue(json.startsWith("{\"status\":{\"state\":\"PARKED\",\"mode\":\"FIXED\",\"frames\":3,\"fault\":null,"
                + "\"parked\":{\"world\":\"host\",\"schedule\":\"main\",\"phase\":\"OnUpdate\",\"system\":\"net/load\","
                + "\"plugin\":\"net\",\"label\":\"profile\",\"stage\":\"worker task\",\"since\":\"2026-11-30T21:00:00Z\","
                + "\"text\":"), json);
    }

    @Test
    @DisplayName("schedules: the devtools' phase and system rows as the console's JSON (manual, detached, conditional), edges and observers")
    void schedules() {
        ScheduleView v = new ScheduleView("main", true,
                List.of(new PhasesReport.Row(1, "OnUpdate", PhasesReport.Mode.AUTO, true, 1, List.of(), List.of()),
                        new PhasesReport.Row(2, "Turn", PhasesReport.Mode.DETACHED, false, 1, List.of(), List.of())),
                List.of(new SystemsReport.Row(1, "OnUpdate", "move", true, false, List.of("sim"), List.of("sim"), "demo", false, false),
                        new SystemsReport.Row(2, "Turn", "act", false, false, List.of(), List.of(), "demo", false, false)),
                List.of(new ScheduleView.EdgeView("move", "act", List.of("'move' runs before 'act'"))),
                List.of(new ScheduleView.ObserverView("fx/smoke", "demo", List.of("onAdd(Burning)"), 3, List.of("move"))));
        assertEquals("{\"schedules\":[{\"name\":\"main\",\"main\":true,\"phases\":["
                + "{\"name\":\"OnUpdate\",\"manual\":false,\"detached\":false,\"enabled\":true},"
                + "{\"name\":\"Turn\",\"manual\":true,\"detached\":true,\"enabled\":false}],\"systems\":["
                + "{\"name\":\"move\",\"phase\":\"OnUpdate\",\"plugin\":\"demo\",\"enabled\":true,\"conditional\":true,\"commitBefore\":false,\"commitAfter\":false},"
                + "{\"name\":\"act\",\"phase\":\"Turn\",\"plugin\":\"demo\",\"enabled\":false,\"conditional\":false,\"commitBefore\":false,\"commitAfter\":false}],"
                + "\"edges\":[{\"from\":\"move\",\"to\":\"act\",\"provenance\":[\"'move' runs before 'act'\"]}],"
                + "\"observers\":[{\"name\":\"fx/smoke\",\"plugin\":\"demo\",\"triggers\":[\"onAdd(Burning)\"],\"fired\":3,"
                + "\"writers\":[\"move\"]}]}]}",
                ConsoleJson.schedules(List.of(v)));
    }

    @Test
    void commitsJsonCarriesTheCountersAndTheBarriers() {
        dev.orrery.world.World world = new dev.orrery.world.World();
        dev.orrery.schedule.EcsSystem spawn = dev.orrery.schedule.EcsSystem.builder("fx/spawn")
                .run((w, dt) -> w.spawn()).commitAfter().build();
        dev.orrery.schedule.Schedule s = dev.orrery.schedule.Schedule.builder("main").systems(spawn).build();
        s.run(world, 0.016);
        String json = ConsoleJson.commits(dev.orrery.plugin.devtools.report.CommitsReport.read(world, List.of(s)));
        assertTrue(json.startsWith("{\"publishes\":1,\"discards\":0,\"opsStaged\":1,\"opsApplied\":1,"), json);
        assertTrue(json.endsWith("\"barriers\":[{\"schedule\":\"main\",\"system\":\"fx/spawn\",\"before\":false,"
                + "\"after\":true}]}"), json);
    }
}
