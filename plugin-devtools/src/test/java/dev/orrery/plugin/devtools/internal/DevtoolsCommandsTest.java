package dev.orrery.plugin.devtools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.plugin.devtools.report.CommandProblem;
import dev.orrery.plugin.devtools.report.Report;
import dev.orrery.plugin.devtools.report.ReportText;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.testsupport.host.HostCall;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The commands on a host without threads ({@link FakeGameHost}), checked through the text the shell prints
 * ({@link ReportText}); the reports' own data are checked by the tests of the report package.
 */
class DevtoolsCommandsTest {
    private static final RunFunction NOOP = (w, dt) -> { };

    private final FakeGameHost host = new FakeGameHost();
    private final SystemTimings timings = new SystemTimings();
    private final DevtoolsCommands commands = new DevtoolsCommands(host, () -> timings, Duration.ofSeconds(5));

    private final Phase turn = Phase.builder("Turn").dependsOn(Phase.ON_UPDATE).manual(true).build();
    private final Phase replay = Phase.define("Replay");
    private final SystemSet sim = SystemSet.builder("sim").runIf(w -> true).build();
    private final EcsSystem integrate = EcsSystem.builder("physics/integrate").sets(sim).run(NOOP).build();
    private final EcsSystem collide = EcsSystem.builder("physics/collide").sets(sim).after(integrate).run(NOOP).build();
    private final EcsSystem draw = EcsSystem.builder("render/draw").phase(Phase.ON_STORE).runIf(w -> true).run(NOOP).build();
    private final EcsSystem act = EcsSystem.define("turn/act", turn, NOOP);
    private final Plugin physics = Plugin.builder("physics").sets(sim).systems(integrate, collide).build();
    private final Plugin render = Plugin.builder("render").systems(draw).build();
    private final Plugin turns = Plugin.builder("turns").phases(turn, replay).systems(act).build();

    private static String text(Report report) {
        return ReportText.render(report);
    }

    private Schedule build(Schedule previous, Plugin... plugins) {
        return Schedule.builder("main").plugins(plugins).hooks(timings).adoptStateOf(previous).build();
    }

    @BeforeEach
    void start() {
        host.put(build(null, physics, render, turns));
    }

    @Test
    @DisplayName("systems: position, phase, system, enabled, conditions, sets and plugin, aligned")
    void systems_table() {
        text(commands.disable("render/draw", null));
        assertEquals("""
                schedule main: 4 systems, 1 disabled
                #  phase     system             enabled  conditions  sets  plugin
                -  --------  -----------------  -------  ----------  ----  -------
                1  OnUpdate  physics/integrate  yes      set sim     sim   physics
                2  OnUpdate  physics/collide    yes      set sim     sim   physics
                3  Turn      turn/act           yes      -                 turns
                4  OnStore   render/draw        no       own               render
                """, text(commands.systems(null)));
    }

    @Test
    @DisplayName("phases: order, manual (flag) or manual (detached), systems per phase, declared edges")
    void phases_table() {
        String out = text(commands.phases(null));
        assertTrue(out.startsWith("schedule main: 11 phases, 0 disabled\n #  phase       mode               enabled  systems  after     before\n"), out);
        assertTrue(out.contains(" 5  OnUpdate    auto               yes            2\n"), out);
        assertTrue(out.contains(" 6  Turn        manual             yes            1  OnUpdate\n"), out);
        assertTrue(out.contains("11  Replay      manual (detached)  yes            0\n"), out);
    }

    @Test
    @DisplayName("disablePhase and enablePhase go through the state trait on the frame thread, show in phases, are idempotent; the systems' own flags stay")
    void disable_enable_phase() {
        Schedule s = host.schedule("main").orElseThrow();
        assertEquals("disabled phase OnUpdate in schedule main\n", text(commands.disablePhase("OnUpdate", null)));
        assertFalse(s.isPhaseEnabled(host.world(), Phase.ON_UPDATE));
        assertEquals(List.of("OnUpdate"), host.world().get(s.state()).disabledPhases());
        assertTrue(s.isEnabled(host.world(), collide), "the system's own flag is untouched");
        assertEquals("phase OnUpdate was already disabled in schedule main\n", text(commands.disablePhase("OnUpdate", "main")));
        String out = text(commands.phases(null));
        assertTrue(out.startsWith("schedule main: 11 phases, 1 disabled\n"), out);
        assertTrue(out.contains(" 5  OnUpdate    auto               no             2\n"), out);

        assertEquals("stepped 2 frames; now at frame 2\n", text(commands.step(2)));
        String t = text(commands.timings(null));
        assertTrue(t.contains("skipped disabled  skipped condition  skipped phase off\n"), t);
        assertTrue(t.matches("(?s).*\\n1  physics/integrate  OnUpdate     0 +0\\.0 +0\\.0 +0\\.0 +0 +0 +2\\n.*"), t);

        assertEquals("enabled phase OnUpdate in schedule main\n", text(commands.enablePhase("OnUpdate", null)));
        assertTrue(s.isPhaseEnabled(host.world(), Phase.ON_UPDATE));
        assertEquals("phase OnUpdate was already enabled in schedule main\n", text(commands.enablePhase("OnUpdate", null)));
    }

    @Test
    @DisplayName("an unknown phase name prints a reason listing the phases and changes nothing")
    void unknown_phase_changes_nothing() {
        Schedule s = host.schedule("main").orElseThrow();
        text(commands.disablePhase("Turn", null));
        Object before = host.world().get(s.state());
        assertEquals("no phase 'OnUpdat' in schedule main; phases: [OnStart, OnLoad, PostLoad, PreUpdate, OnUpdate, "
                + "Turn, OnValidate, PostUpdate, PreStore, OnStore, Replay]; nothing changed\n",
                text(commands.disablePhase("OnUpdat", null)));
        assertTrue(before == host.world().get(s.state()), "the state record was not replaced");
        assertEquals("no schedule 'turn' in the host; schedules: [main]\n", text(commands.enablePhase("OnUpdate", "turn")));
    }

    @Test
    @DisplayName("a phase disabled from the shell stays disabled across rebuilds")
    void disabled_phase_survives_rebuilds() {
        text(commands.disablePhase("OnStore", null));
        Schedule rebuilt = build(host.schedule("main").orElseThrow(), physics, render, turns);
        host.put(rebuilt);
        assertFalse(rebuilt.isPhaseEnabled(host.world(), Phase.ON_STORE));
        assertTrue(text(commands.phases(null)).startsWith("schedule main: 11 phases, 1 disabled\n"));
    }

    @Test
    @DisplayName("disable and enable go through the state trait, say what they did, and are idempotent")
    void disable_enable() {
        Schedule s = host.schedule("main").orElseThrow();
        assertEquals("disabled physics/collide in schedule main\n", text(commands.disable("physics/collide", null)));
        assertFalse(s.isEnabled(host.world(), collide));
        assertEquals(List.of("physics/collide"), host.world().get(s.state()).disabled());
        assertEquals("physics/collide was already disabled in schedule main\n", text(commands.disable("physics/collide", "main")));
        assertEquals("enabled physics/collide in schedule main\n", text(commands.enable("physics/collide", null)));
        assertTrue(s.isEnabled(host.world(), collide));
    }

    @Test
    @DisplayName("an unknown system name prints a reason and changes nothing")
    void unknown_system_changes_nothing() {
        Schedule s = host.schedule("main").orElseThrow();
        text(commands.disable("render/draw", null));
        Object before = host.world().get(s.state());
        assertEquals("no system 'render/drwa' in schedule main; nothing changed\n", text(commands.disable("render/drwa", null)));
        assertEquals("no system 'nope' in schedule main; nothing changed\n", text(commands.enable("nope", null)));
        assertTrue(before == host.world().get(s.state()), "the state record was not replaced");
        assertEquals("no schedule 'turn' in the host; schedules: [main]\n", text(commands.disable("x", "turn")));
    }

    @Test
    @DisplayName("an unknown name that another schedule has is pointed out")
    void unknown_here_known_elsewhere() {
        Phase t = Phase.define("T");
        host.put(Schedule.builder("turn").phases(t).systems(EcsSystem.define("roll", t, NOOP)).build());
        assertEquals("no system 'roll' in schedule main (schedule turn has one); nothing changed\n",
                text(commands.disable("roll", null)));
        assertEquals("disabled roll in schedule turn\n", text(commands.disable("roll", "turn")));
    }

    @Test
    @DisplayName("a system disabled from the shell stays disabled across rebuilds, also after leaving and coming back")
    void disabled_survives_rebuilds() {
        text(commands.disable("render/draw", null));
        Schedule first = host.schedule("main").orElseThrow();
        Schedule without = build(first, physics, turns);
        host.put(without);
        assertTrue(text(commands.systems(null)).startsWith("schedule main: 3 systems, 0 disabled\n"));
        Schedule back = build(without, physics, render, turns);
        host.put(back);
        assertTrue(text(commands.systems(null)).contains("4  OnStore   render/draw        no "), text(commands.systems(null)));
        assertFalse(back.isEnabled(host.world(), draw));
    }

    @Test
    @DisplayName("step runs frames of the paused host; timings count them; step while running says why not")
    void step_and_timings() {
        text(commands.disable("render/draw", null));
        assertEquals("stepped 3 frames; now at frame 3\n", text(commands.step(3)));
        String t = text(commands.timings(null));
        assertTrue(t.startsWith("schedule main: timings of 4 systems\n"), t);
        assertTrue(t.matches("(?s).*\\n1  physics/integrate  OnUpdate     3 +[0-9.]+ +[0-9.]+ +[0-9.]+ +0 +0 +0\\n.*"), t);
        assertTrue(t.matches("(?s).*\\n4  render/draw        OnStore      0 +0\\.0 +0\\.0 +0\\.0 +3 +0 +0\\n.*"), t);
        assertTrue(t.contains("#  system             phase     runs  last µs  mean µs  max µs  skipped disabled  skipped condition  skipped phase off\n"), t);
        assertEquals("step: the number of frames must be at least 1, got 0; usage: step [n]\n", text(commands.step(0)));
        assertEquals("resume: running at frame 3\n", text(commands.resume()));
        assertEquals("step: the simulation is running; pause it first\n", text(commands.step(1)));
        assertEquals("pause: paused at frame 3\n", text(commands.pause()));
    }

    @Test
    @DisplayName("sampled timings say so in the header, with the period and how to get exact counts")
    void sampled_timings_header() {
        SystemTimings sampled = new SystemTimings(System::nanoTime, 4);
        DevtoolsCommands c = new DevtoolsCommands(host, () -> sampled, Duration.ofSeconds(5));
        host.put(Schedule.builder("main").plugins(physics, render, turns).hooks(sampled).build());
        assertEquals("stepped 8 frames; now at frame 8\n", text(c.step(8)));
        String t = text(c.timings(null));
        assertTrue(t.startsWith("schedule main: timings of 4 systems, sampled: at least 1 frame in 4 is timed, counts are sampled"
                + " counts (exact: -Dorrery.devtools.timings.samplePeriod=1)\n"), t);
        assertTrue(t.matches("(?s).*\\n1  physics/integrate  OnUpdate     2 +[0-9.]+ +[0-9.]+ +[0-9.]+ +0 +0 +0\\n.*"), t);

        // The host samples only its main schedule; another schedule (run by systems) is timed on every call.
        Schedule turn = Schedule.builder("turn").plugins(turns).hooks(sampled).build();
        host.put(turn);
        turn.runPhase(host.world(), this.turn, 0.0);
        String other = text(c.timings("turn"));
        assertTrue(other.startsWith("schedule turn: timings of 1 system\n"), other);
    }

    @Test
    @DisplayName("timings before the schedule ran say so")
    void timings_before_any_run() {
        assertEquals("no timings for schedule main yet: none of its systems has run since the devtools started (paused? try step)\n",
                text(commands.timings(null)));
    }

    @Test
    @DisplayName("explain and graph use the schedule in force; bad input gives a reason")
    void explain_and_graph() {
        assertEquals("physics/integrate runs before physics/collide: before/after chain in phase OnUpdate\n"
                + "  physics/integrate -> physics/collide   system physics/collide: after physics/integrate (plugin physics)\n",
                text(commands.explain("physics/integrate", "physics/collide", null)));
        assertEquals("schedule 'main' has no system 'nope'\n", text(commands.explain("nope", "render/draw", null)));
        text(commands.disable("render/draw", null));
        String dot = text(commands.graph(null, null));
        assertTrue(dot.startsWith("digraph \"main\" {\n"), dot);
        assertTrue(dot.contains("s3 [label=\"render/draw\\n(disabled)\""), dot);
        assertTrue(text(commands.graph("mermaid", null)).startsWith("flowchart TB\n"));
        assertEquals("graph: unknown graph format 'svg'; use dot or mermaid; usage: graph [dot|mermaid] [schedule]\n",
                text(commands.graph("svg", null)));
    }

    @Test
    @DisplayName("plugins: per schedule, main first, numbered in build order with state and reason, then the last rebuild of each schedule")
    void plugins_table() {
        host.addPlugin(PluginStatus.builder().name("physics").schedule("main").bundle("demo.physics/1.0.0")
                .serviceId(41).state(PluginState.ACTIVE).reason("").build());
        host.addPlugin(PluginStatus.builder().name("loop").schedule("main").bundle("demo.loop/1.0.0").serviceId(42)
                .state(PluginState.EXCLUDED).reason("cycle between systems loop/a, loop/b").build());
        host.addRebuild(RebuildInfo.builder().sequence(1).schedule("main").plugins(List.of("physics")).systems(2)
                .phases(9).buildNanos(1_500_000).joined(List.of("physics")).left(List.of()).replaced(List.of())
                .excluded(List.of()).build());
        String out = text(commands.plugins());
        assertEquals("""
                2 plugins in 1 schedule, each schedule's in the order the host builds it from
                schedule main (main: the frame loop runs it every frame): 2 plugins
                #  plugin   schedule  state     bundle              reason
                -  -------  --------  --------  ------------------  ------------------------------------
                1  physics  main      active    demo.physics/1.0.0
                2  loop     main      excluded  demo.loop/1.0.0     cycle between systems loop/a, loop/b
                last rebuild: schedule 'main' rebuilt (#1) in 1.50 ms: plugins [physics], 2 systems, 9 phases; joined [physics]; left []
                """, out);
        // Once swapped in, the rebuild's own time is shown (not when the schedule's systems first ran).
        java.time.Instant at = java.time.Instant.parse("2026-11-29T21:45:46.459Z");
        host.setRebuilds(List.of(RebuildInfo.builder().sequence(2).schedule("main").plugins(List.of()).systems(0).phases(9)
                .buildNanos(1_000_000).joined(List.of()).left(List.of("physics")).replaced(List.of())
                .excluded(List.of()).hooksChanged(true).build().withSwappedIn(at)));
        String expected = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
                .format(at.atZone(java.time.ZoneId.systemDefault()));
        assertTrue(text(commands.plugins()).endsWith("last rebuild: schedule 'main' rebuilt (#2) in 1.00 ms: plugins [], 0 systems,"
                + " 9 phases; joined []; left [physics]; hooks changed; running since " + expected + "\n"), text(commands.plugins()));
    }

    @Test
    @DisplayName("plugins with two schedules: the main schedule first and said to be it, each numbered from 1 in its build order")
    void plugins_of_two_schedules() {
        // As the host lists them for the demo with orrery.host.order = prefab,dnd,dnd-turn: by schedule name, then build order.
        host.addPlugin(PluginStatus.builder().name("dnd-turn").schedule("dnd/turn").bundle("demo.dnd/0.1.0")
                .serviceId(7).state(PluginState.ACTIVE).reason("").build());
        host.addPlugin(PluginStatus.builder().name("prefab").schedule("main").bundle("prefab/0.1.0").serviceId(5)
                .state(PluginState.ACTIVE).reason("").build());
        host.addPlugin(PluginStatus.builder().name("dnd").schedule("main").bundle("demo.dnd/0.1.0").serviceId(6)
                .state(PluginState.ACTIVE).reason("").build());
        assertEquals("""
                3 plugins in 2 schedules, each schedule's in the order the host builds it from
                schedule main (main: the frame loop runs it every frame): 2 plugins
                #  plugin  schedule  state   bundle          reason
                -  ------  --------  ------  --------------  ------
                1  prefab  main      active  prefab/0.1.0
                2  dnd     main      active  demo.dnd/0.1.0
                schedule dnd/turn (not run by the frame loop: systems step it): 1 plugin
                #  plugin    schedule  state   bundle          reason
                -  --------  --------  ------  --------------  ------
                1  dnd-turn  dnd/turn  active  demo.dnd/0.1.0
                no rebuild yet
                """, text(commands.plugins()));
    }

    @Test
    @DisplayName("observers: each ScheduleHooks service with bundle, schedule (or every schedule), called or quarantined and why")
    void observers_table() {
        assertEquals("no observers: the host tracks no ScheduleHooks service\n", text(commands.observers()));
        host.addObserver(ObserverStatus.builder().serviceId(12).bundle("dev.orrery.plugin.devtools/0.1.0")
                .quarantined(false).reason("").build());
        host.addObserver(ObserverStatus.builder().serviceId(57).bundle("demo.bad/1.0.0").schedule("main")
                .quarantined(true)
                .reason("afterSystem threw java.lang.IllegalStateException: boom in system physics/integrate").build());
        assertEquals("""
                2 observers (ScheduleHooks services), 1 quarantined (never called again until registered anew)
                #  service  bundle                            schedule          state        reason
                -  -------  --------------------------------  ----------------  -----------  -----------------------------------------------------------------------------------
                1       12  dev.orrery.plugin.devtools/0.1.0  (every schedule)  called
                2       57  demo.bad/1.0.0                    main              quarantined  afterSystem threw java.lang.IllegalStateException: boom in system physics/integrate
                """, text(commands.observers()));
    }

    @Test
    @DisplayName("step counts in longs: more than Integer.MAX_VALUE frames are asked for in consecutive requests, none wraps")
    void step_beyond_int() {
        host.setSteps(FakeGameHost.Steps.COUNT);
        assertEquals("stepped 2147483647 frames; now at frame 2147483647\n", text(commands.step("2147483647")));
        assertEquals("stepped 2147483647 frames; now at frame 4294967294\n", text(commands.step("2147483647")));
        assertEquals(List.of(Integer.MAX_VALUE, Integer.MAX_VALUE), host.stepRequests());
        assertEquals("stepped 4294967297 frames; now at frame 8589934591\n", text(commands.step("4294967297")));
        assertEquals(List.of(Integer.MAX_VALUE, Integer.MAX_VALUE, 3), host.stepRequests().subList(2, 5));
    }

    @Test
    @DisplayName("step with text that is not a whole number gives a usage message; a number works")
    void step_text() {
        assertEquals("step: n must be a whole number of frames from 1 to 9223372036854775807, got 'abc'; usage: step [n]\n",
                text(commands.step("abc")));
        assertEquals("step: n must be a whole number of frames from 1 to 9223372036854775807, got '9223372036854775808';"
                + " usage: step [n]\n", text(commands.step("9223372036854775808")));
        assertEquals("step: the number of frames must be at least 1, got -2; usage: step [n]\n", text(commands.step("-2")));
        assertTrue(host.stepRequests().isEmpty(), "bad counts ask the host for nothing");
        assertEquals("stepped 2 frames; now at frame 2\n", text(commands.step(" 2 ")));
    }

    /** Commands that wait at most 20 ms for a frame to end, on a host whose steps the test completes. */
    private DevtoolsCommands quick() {
        host.setSteps(FakeGameHost.Steps.HOLD);
        return new DevtoolsCommands(host, () -> timings, Duration.ofMillis(20));
    }

    @Test
    @DisplayName("step waits as long as frames keep running, however long that is, not a time that grows with n")
    void step_waits_while_frames_run() {
        DevtoolsCommands c = quick();
        // A frame ends between each two looks at the host: step sees progress after every timeout, for
        // eight timeouts, then the step completes. No sleeps: how long a timeout lasts changes nothing.
        host.whenStatusRead(h -> {
            List<CompletableFuture<Long>> held = h.heldSteps();
            if (!held.isEmpty() && !held.get(0).isDone()) {
                long now = h.advanceFrames(1);
                if (now == 8) {
                    held.get(0).complete(now);
                }
            }
        });
        assertEquals("stepped 1 frame; now at frame 8\n", text(c.step(1)));
    }

    @Test
    @DisplayName("step gives up when no frame ends within the timeout, says how far it got and cancels the rest")
    void step_stuck_frame() {
        DevtoolsCommands c = quick();
        host.setFrames(4);
        assertEquals("step: no frame ended within 20 ms (is a system stuck in a frame?); 0 of 5 frames ran,"
                + " the rest are cancelled; now at frame 4\n", text(c.step(5)));
        assertTrue(host.heldSteps().get(0).isCancelled());
    }

    @Test
    @DisplayName("an interrupt (Ctrl-C) ends step with how far it got, cancels the remaining frames, and is handled")
    void step_interrupted() throws Exception {
        DevtoolsCommands c = new DevtoolsCommands(host, () -> timings, Duration.ofSeconds(30));
        host.setSteps(FakeGameHost.Steps.HOLD);
        AtomicReference<String> out = new AtomicReference<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean(true);
        Thread shell = new Thread(() -> {
            out.set(text(c.step(1000)));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        shell.start();
        CompletableFuture<Long> held = host.awaitHeldStep(Duration.ofSeconds(30));
        host.setFrames(2);
        shell.interrupt();
        shell.join(30_000);
        assertEquals("step: interrupted; 2 of 1000 frames ran, the rest are cancelled; now at frame 2\n", out.get());
        assertTrue(held.isCancelled());
        assertFalse(stillInterrupted.get());
    }

    @Test
    @DisplayName("work the frame thread does not take in time is cancelled and the message says nothing was done")
    void stuck_frame_thread() {
        host.setHoldWork(true);
        DevtoolsCommands c = new DevtoolsCommands(host, () -> timings, Duration.ofMillis(20));
        assertEquals("the frame thread did not take the request within 20 ms (is a system stuck in a frame?);"
                + " the request is cancelled, nothing was done\n", text(c.disable("physics/integrate", null)));
        assertTrue(host.lastHeld().isCancelled());
    }

    @Test
    @DisplayName("while the world update is parked every command answers: reports from the world as the frame left it, changes queued")
    void parked_host_answers() {
        ParkedFrame at = new ParkedFrame(7, "host", "main", "OnUpdate", "physics/integrate", "physics", "profile",
                "worker task", Instant.parse("2026-01-01T00:00:00Z"));
        host.setStatus(HostStatus.builder().state(RunState.PARKED).mode(FrameMode.FIXED).frames(7).parked(at).build());
        host.setHoldWork(true); // the frame thread takes no work until the wait ends
        DevtoolsCommands c = new DevtoolsCommands(host, () -> timings, Duration.ofMillis(20));
        List<Report> reports = List.of(c.systems(null), c.phases(null), c.plugins(), c.observers(), c.commits(),
                c.messages(), c.clocks(), c.ecsObservers(null), c.timings(null), c.explain("physics/integrate",
                        "physics/collide", null), c.access(null), c.graph(null, null));
        for (Report r : reports) {
            assertFalse(r instanceof CommandProblem, text(r));
        }
        assertEquals(0, host.count(HostCall.Kind.SUBMIT), "no report waited for the frame thread");
        assertEquals("disable: queued for the next frame boundary: system 'render/draw' in schedule main; "
                + at.describe() + "\n", text(c.disable("render/draw", null)));
        assertTrue(text(c.enablePhase("Turn", null)).startsWith("enablePhase: queued for the next frame boundary: phase"
                + " 'Turn' in schedule main; "));
        assertEquals(2, host.count(HostCall.Kind.SUBMIT), "the changes wait for the frame boundary");
        assertTrue(text(c.disable("nope", null)).contains("nope"));
        assertEquals(2, host.count(HostCall.Kind.SUBMIT), "an unknown system is answered at once, nothing queued");
        assertEquals("pause: parked at frame 7 (" + at.describe() + ")\n", text(c.pause()));
        assertEquals("resume: parked at frame 7 (" + at.describe() + ")\n", text(c.resume()));
    }

    @Test
    @DisplayName("access: the schedule's access report, counts then one numbered line per finding")
    void access_report() {
        assertEquals("schedule main: 0 unordered reads, 0 unordered conflicting pairs\n", text(commands.access(null)));
        dev.orrery.world.Trait<int[]> position = dev.orrery.world.Trait.of("Position", () -> new int[1]);
        Plugin p = Plugin.builder("p").systems(
                EcsSystem.builder("move").writes(position).run(NOOP).build(),
                EcsSystem.builder("show").reads(position).run(NOOP).build()).build();
        host.put(Schedule.builder("other").plugins(p).build());
        assertEquals("""
                schedule other: 1 unordered read, 1 unordered conflicting pair
                  1. read: 'show' reads 'Position' written by 'move' earlier in phase 'OnUpdate' without an ordering path from 'move' to 'show'
                  1. conflict: 'move' and 'show' in phase 'OnUpdate' both access 'Position' (read/write) with no ordering path between them; their order rests on the declaration order
                """, text(commands.access("other")));
        assertTrue(text(commands.access("nope")).contains("nope"), text(commands.access("nope")));
    }

    @Test
    @DisplayName("commits: the world's transaction counters and the systems that declare barriers")
    void commits_report() {
        assertEquals("""
                world transactions: 0 publishes (0 discarded by a fault), 0 ops staged: 0 applied (0 coalesced), \
                0 skipped as dead, 0 discarded; 0 table moves, 0 spawns inserted, 0 entities removed; 0.000 ms publishing
                no system declares a barrier (commitBefore, commitAfter): every phase publishes once, at its end
                """, text(commands.commits()));
        EcsSystem spawn = EcsSystem.builder("fx/spawn").run((w, dt) -> w.spawn()).commitAfter().build();
        EcsSystem read = EcsSystem.builder("fx/read").after(spawn).commitBefore().commitAfter().run(NOOP).build();
        host.put(build(host.schedule("main").orElseThrow(), physics, Plugin.builder("fx").systems(spawn, read).build()));
        host.schedule("main").orElseThrow().run(host.world(), 0.016);
        String out = text(commands.commits());
        assertTrue(out.startsWith("world transactions: 1 publish (0 discarded by a fault), 1 op staged: 1 applied "
                + "(0 coalesced), 0 skipped as dead, 0 discarded; 0 table moves, 1 spawn inserted, 0 entities removed; "), out);
        assertTrue(out.endsWith("""
                2 systems with a barrier:
                schedule  system    publishes
                --------  --------  -------------------------
                main      fx/spawn  after its turn
                main      fx/read   before and after its turn
                """), out);
    }

    @Test
    @DisplayName("messages: the world's message types with their counters, one line per reader")
    void messages_report() {
        assertEquals("no message types: nothing was sent or read in this world yet\n", text(commands.messages()));
        dev.orrery.world.MessageType<String> damage = dev.orrery.world.MessageType.of("combat/Damage");
        EcsSystem hit = EcsSystem.define("fx/hit", (w, dt) -> w.send(damage, "7"));
        EcsSystem flash = EcsSystem.builder("fx/flash").after(hit).readsMessages(damage)
                .run((w, dt) -> w.messages(damage)).build();
        EcsSystem sound = EcsSystem.builder("fx/sound").after(hit).readsMessages(damage)
                .run((w, dt) -> w.messages(damage)).build();
        host.put(build(host.schedule("main").orElseThrow(), physics, Plugin.builder("fx").systems(hit, flash, sound).build()));
        host.schedule("main").orElseThrow().run(host.world(), 0.016);
        host.world().send(dev.orrery.world.MessageType.of("combat/Unheard"), "x");
        assertEquals("""
                2 message types (dropped: lost by a reader at the maximum age; expired: aged out with no reader)
                type             max age  sent  held  dropped  expired  reader         read  missed
                --------------  --------  ----  ----  -------  -------  -------------  ----  ------
                combat/Damage   2 frames     1     0        0        0  main/fx/flash     1       0
                                                                        main/fx/sound     1       0
                combat/Unheard  2 frames     1     1        0        0  (none)
                """, text(commands.messages()));
    }
    @Test
    @DisplayName("clocks: virtual time, and per fixed clock its rate, steps last frame, alpha and dropped steps")
    void clocks_report() {
        assertEquals("virtual time running, scale 1.0; no fixed clocks: no fixed-step phase has run in this world yet\n",
                text(commands.clocks()));
        EcsSystem step = EcsSystem.define("sim/step", dev.orrery.schedule.FixedPhases.FIXED_UPDATE, (w, dt) -> { });
        host.put(build(host.schedule("main").orElseThrow(), physics, Plugin.builder("sim").systems(step).build()));
        dev.orrery.schedule.VirtualTime.of(host.world()).scale(0.5);
        host.schedule("main").orElseThrow().run(host.world(), 0.1); // 50 ms of virtual time: 3 steps
        assertEquals("""
                virtual time running, scale 0.5; 1 fixed clock
                clock  rate Hz  steps last frame  max steps  tick  alpha  dropped  time debt ms
                -----  -------  ----------------  ---------  ----  -----  -------  ------------
                fixed   60.000                 3          8     3  0.000        0         0.000
                """, text(commands.clocks()));
    }

    @Test
    @DisplayName("ecsObservers: a schedule's observers in firing order with plugin, triggers and fire counts")
    void ecs_observers_report() {
        assertEquals("schedule main: no observers\n", text(commands.ecsObservers(null)));
        dev.orrery.world.Trait<String> burning = dev.orrery.world.Trait.withDefault("Burning", "hot");
        EcsSystem light = EcsSystem.define("fx/light", (w, dt) -> w.spawn(burning.with("lit")));
        Plugin fx = Plugin.builder("fx").systems(light).observers(
                dev.orrery.schedule.EcsObserver.builder("fx/smoke").onAdd(burning).onRemove(burning).run((w, e) -> { }),
                dev.orrery.schedule.EcsObserver.builder("fx/never").onChange(burning).run((w, e) -> { })).build();
        host.put(build(host.schedule("main").orElseThrow(), physics, fx));
        host.schedule("main").orElseThrow().run(host.world(), 0.016);
        host.schedule("main").orElseThrow().run(host.world(), 0.016);
        assertEquals("""
                schedule main: 2 observers (in firing order; fired: calls in this world)
                #  observer  plugin  reacts to                         fired
                -  --------  ------  --------------------------------  -----
                1  fx/smoke  fx      onAdd(Burning) onRemove(Burning)      2
                2  fx/never  fx      onChange(Burning)                     0
                """, text(commands.ecsObservers(null)));
        assertEquals("no schedule 'nope'", text(commands.ecsObservers("nope")).substring(0, 18));
    }
}
