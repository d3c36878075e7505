package dev.orrery.plugin.devtools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.RunState;
import dev.orrery.host.SystemFault;
import dev.orrery.plugin.devtools.Explanation;
import dev.orrery.plugin.devtools.GraphFormat;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.graph.AccessReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The text of every report as the shell prints it, from hand-made values (the commands' tests check the
 * same text from a running schedule).
 */
class ReportTextTest {
    @Test
    @DisplayName("systems: a header with the counts and an aligned table; conditions as own and set <name>, '-' for none")
    void systems() {
        SystemsReport r = new SystemsReport("main", List.of(
                new SystemsReport.Row(1, "OnUpdate", "physics/integrate", true, true, List.of("sim", "slow"), List.of("sim", "slow"), "physics", false, false),
                new SystemsReport.Row(2, "OnStore", "render/draw", false, false, List.of(), List.of(), "render", false, false)));
        assertEquals("""
                schedule main: 2 systems, 1 disabled
                #  phase     system             enabled  conditions              sets       plugin
                -  --------  -----------------  -------  ----------------------  ---------  -------
                1  OnUpdate  physics/integrate  yes      own, set sim, set slow  sim, slow  physics
                2  OnStore   render/draw        no       -                                  render
                """, ReportText.render(r));
        assertEquals("schedule main: 2 systems, 1 disabled", ReportText.summary(r));
    }

    @Test
    @DisplayName("phases: the mode in words, the enabled flag, systems right-aligned, declared edges")
    void phases() {
        PhasesReport r = new PhasesReport("turn", List.of(
                new PhasesReport.Row(1, "OnUpdate", PhasesReport.Mode.AUTO, true, 2, List.of("PreUpdate"), List.of()),
                new PhasesReport.Row(2, "Turn", PhasesReport.Mode.MANUAL, false, 1, List.of("OnUpdate"), List.of()),
                new PhasesReport.Row(3, "Replay", PhasesReport.Mode.DETACHED, true, 0, List.of(), List.of("X", "Y"))));
        assertEquals("""
                schedule turn: 3 phases, 1 disabled
                #  phase     mode               enabled  systems  after      before
                -  --------  -----------------  -------  -------  ---------  ------
                1  OnUpdate  auto               yes            2  PreUpdate
                2  Turn      manual             no             1  OnUpdate
                3  Replay    manual (detached)  yes            0             X, Y
                """, ReportText.render(r));
    }

    @Test
    @DisplayName("observers: none in one line; else a header with the quarantined count and a table")
    void observers() {
        assertEquals("no observers: the host tracks no ScheduleHooks service\n", ReportText.render(new ObserversReport(List.of())));
        ObserversReport r = new ObserversReport(List.of(
                ObserverStatus.builder().serviceId(7).bundle("b/1").quarantined(true).reason("threw").schedule("main").build()));
        assertEquals("""
                1 observer (ScheduleHooks services), 1 quarantined (never called again until registered anew)
                #  service  bundle  schedule  state        reason
                -  -------  ------  --------  -----------  ------
                1        7  b/1     main      quarantined  threw
                """, ReportText.render(r));
    }

    @Test
    @DisplayName("timings: none yet in one line; exact or sampled header; microseconds with one decimal")
    void timings() {
        assertEquals("no timings for schedule main yet: none of its systems has run since the devtools started"
                + " (paused? try step)\n", ReportText.render(new TimingsReport("main", List.of(), 1)));
        SystemTiming t = new SystemTiming("main", 0, "move", "OnUpdate", 4, 2_000, 10_000, 5_000, 1, 2, 3);
        String exact = """
                schedule main: timings of 1 system
                #  system  phase     runs  last µs  mean µs  max µs  skipped disabled  skipped condition  skipped phase off
                -  ------  --------  ----  -------  -------  ------  ----------------  -----------------  -----------------
                1  move    OnUpdate     4      2.0      2.5     5.0                 1                  2                  3
                """;
        assertEquals(exact, ReportText.render(new TimingsReport("main", List.of(t), 1)));
        assertEquals(exact.replace("timings of 1 system\n", "timings of 1 system, sampled: at least 1 frame in 256 is timed,"
                + " counts are sampled counts (exact: -Dorrery.devtools.timings.samplePeriod=1)\n"),
                ReportText.render(new TimingsReport("main", List.of(t), 256)));
    }

    @Test
    @DisplayName("access: the counts, then nothing when the report is empty")
    void access() {
        assertEquals("schedule main: 0 unordered reads, 0 unordered conflicting pairs\n",
                ReportText.render(new AccessCheckReport("main", AccessReport.empty())));
    }

    @Test
    @DisplayName("outcomes and problems: one line each")
    void oneLiners() {
        assertEquals("disabled a in schedule main\n", ReportText.render(new ToggleOutcome("a", "main", false, true)));
        assertEquals("a was already enabled in schedule main\n", ReportText.render(new ToggleOutcome("a", "main", true, false)));
        assertEquals("enabled phase Turn in schedule t\n", ReportText.render(new PhaseToggleOutcome("Turn", "t", true, true)));
        assertEquals("phase Turn was already disabled in schedule t\n",
                ReportText.render(new PhaseToggleOutcome("Turn", "t", false, false)));
        assertEquals("no schedule 'x'\n", ReportText.render(new CommandProblem("no schedule 'x'")));
        assertEquals("a runs before b: declaration order\n", ReportText.render(new ExplainReport("s", "a", "b", true,
                Explanation.Reason.DECLARATION_ORDER, List.of(), "a runs before b: declaration order")));
        assertEquals("digraph \"s\" {\n}\n", ReportText.render(new GraphReport("s", GraphFormat.DOT, "digraph \"s\" {\n}\n")));
    }

    @Test
    @DisplayName("pause and resume: the state and frame, and the last fault when there is one")
    void runState() {
        HostStatus paused = HostStatus.builder().state(RunState.PAUSED).mode(FrameMode.FIXED).frames(12).build();
        assertEquals("pause: paused at frame 12\n",
                ReportText.render(new RunStateOutcome(RunStateOutcome.Command.PAUSE, paused)));
        SystemFault fault = SystemFault.builder(SystemFault.Kind.SYSTEM).schedule("main").system("game/move", "game")
                .stage(RunFailure.Stage.RUN, null).frame(11).error("java.lang.IllegalStateException", "boom", "").build();
        HostStatus running = HostStatus.builder().state(RunState.RUNNING).mode(FrameMode.FIXED).frames(13)
                .lastFault(fault).build();
        assertEquals("resume: running at frame 13; last fault: system 'game/move' of plugin 'game' in schedule 'main'"
                + " threw java.lang.IllegalStateException: boom in frame 11\n",
                ReportText.render(new RunStateOutcome(RunStateOutcome.Command.RESUME, running)));
    }

    @Test
    @DisplayName("pause while parked: the state says parked, on what and where")
    void parked() {
        ParkedFrame p = new ParkedFrame(14, "host", "main", "OnUpdate", "net/load", "net", "profile", "worker task",
                Instant.parse("2026-01-01T00:00:00Z"));
        HostStatus parked = HostStatus.builder().state(RunState.PARKED).mode(FrameMode.FIXED).frames(13).parked(p).build();
        assertEquals("pause: parked at frame 13 (system 'net/load' of plugin 'net' in schedule 'main' (world 'host', phase"
                + " 'OnUpdate') is parked on 'profile' (worker task) since 2026-01-01T00:00:00Z (frame 14))\n",
                ReportText.render(new RunStateOutcome(RunStateOutcome.Command.PAUSE, parked)));
    }

    @Test
    @DisplayName("step: done, interrupted, or stuck with the time it waited; how many of the frames ran")
    void step() {
        Duration patience = Duration.ofMillis(200);
        assertEquals("stepped 1 frame; now at frame 8\n",
                ReportText.render(new StepOutcome(1, 1, 8, StepOutcome.End.DONE, patience)));
        assertEquals("step: interrupted; 2 of 1000 frames ran, the rest are cancelled; now at frame 2\n",
                ReportText.render(new StepOutcome(1000, 2, 2, StepOutcome.End.INTERRUPTED, patience)));
        assertEquals("step: no frame ended within 200 ms (is a system stuck in a frame?); 0 of 5 frames ran,"
                + " the rest are cancelled; now at frame 4\n",
                ReportText.render(new StepOutcome(5, 0, 4, StepOutcome.End.STUCK, patience)));
    }
}
