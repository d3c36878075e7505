package dev.orrery.plugin.devtools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.plugin.devtools.report.CommandProblem;
import dev.orrery.plugin.devtools.report.ReportText;
import dev.orrery.plugin.devtools.report.SystemsReport;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.host.FakeGameHost;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The shell commands through the real Gogo runtime's method resolution (the same
 * {@code CommandProcessorImpl} the shell uses, without OSGi, with the devtools' {@link ReportConverter}
 * added as the OSGi runtime adds converter services): every command, with every number of arguments
 * from none to one too many, prints either what it does or its one-line usage, never Gogo's
 * {@code Cannot coerce} error; optional arguments also by option.
 */
class GogoCommandsTest {
    @org.junit.jupiter.api.io.TempDir
    static java.nio.file.Path saves; // save and load with every number of arguments write here, not in the working directory
    private final FakeGameHost host = new FakeGameHost().setSaveDirectory(saves);
    private final ThreadIOImpl threadIo = new ThreadIOImpl();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final SystemTimings timings = new SystemTimings();
    private CommandSession session;

    /** @return the distinct public method names of GogoCommands: the command functions it registers */
    private static Set<String> commandNames() {
        return Arrays.stream(GogoCommands.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @BeforeEach
    void shell() {
        host.put(Schedule.builder("main").systems(EcsSystem.define("a", (w, dt) -> { }),
                EcsSystem.define("b", (w, dt) -> { })).build());
        threadIo.start();
        CommandProcessorImpl processor = new CommandProcessorImpl(threadIo);
        processor.addConverter(new ReportConverter());
        GogoCommands commands = new GogoCommands(new DevtoolsCommands(host, () -> timings, Duration.ofSeconds(5)));
        for (String name : commandNames()) {
            processor.addCommand("orrery", commands, name);
        }
        session = processor.createSession(new ByteArrayInputStream(new byte[0]), printed, printed);
    }

    @AfterEach
    void close() {
        session.close();
        threadIo.stop();
    }

    /** Runs one command line and returns what the shell prints for its result (its INSPECT form). */
    private String run(String line) throws Exception {
        Object result = session.execute(line);
        return result == null ? "" : session.format(result, Converter.INSPECT).toString();
    }

    @Test
    @DisplayName("the registered command names and the usage table list the same commands")
    void usage_covers_every_command() {
        Set<String> usage = Usage.all().stream().map(Usage.Syntax::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(commandNames(), usage);
    }

    @Test
    @DisplayName("every command, with 0 up to one too many arguments: a wrong number gives the one-line usage, a right one never Gogo's coercion error")
    void every_command_every_arity() throws Exception {
        for (Usage.Syntax s : Usage.all()) {
            for (int n = 0; n <= s.max() + 1; n++) {
                String line = "orrery:" + s.name() + " x".repeat(n);
                String out = run(line);
                assertFalse(out.contains("Cannot coerce"), line + " -> " + out);
                if (n < s.min() || n > s.max()) {
                    assertEquals(Usage.wrongArity(s.name(), n) + "\n", out, line);
                    assertEquals(1, out.lines().count(), line + " -> " + out);
                    assertTrue(out.contains("usage: " + s.name()), out);
                } else {
                    assertNotEquals(Usage.wrongArity(s.name(), n) + "\n", out, line);
                }
            }
        }
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "the commands return their data, they print nothing");
    }

    @Test
    @DisplayName("explain with one argument, step with two, plugins with one: the usage; bad arguments name themselves with the usage")
    void wrong_and_bad_arguments() throws Exception {
        assertEquals("explain: takes 2 or 3 arguments, got 1; usage: explain <system a> <system b> [schedule]\n",
                run("explain a"));
        assertEquals("step: takes 0 or 1 argument, got 2; usage: step [n]\n", run("step 1 2"));
        assertEquals("plugins: takes no arguments, got 1; usage: plugins\n", run("plugins main"));
        assertEquals("graph: takes 0 to 2 arguments, got 3; usage: graph [dot|mermaid] [schedule]\n", run("graph dot main x"));
        assertEquals("step: n must be a whole number of frames from 1 to 9223372036854775807, got 'many'; usage: step [n]\n",
                run("step many"));
        assertEquals("graph: unknown graph format 'png'; use dot or mermaid; usage: graph [dot|mermaid] [schedule]\n",
                run("graph png"));
        String ab = run("explain a b");
        assertTrue(ab.startsWith("a runs before b"), ab);
        assertEquals(ab, run("explain a b main"));
        assertEquals("stepped 3 frames; now at frame 3\n", run("step 3"));
        assertEquals(List.of(3), host.stepRequests());
    }

    @Test
    @DisplayName("optional arguments by option (-s, -f, -n) with their absent defaults: the same as by position or left out")
    void options_and_their_defaults() throws Exception {
        String systems = run("systems");
        assertTrue(systems.startsWith("schedule main: 2 systems, 0 disabled\n"), systems);
        assertEquals(systems, run("systems main"));
        assertEquals(systems, run("systems -s main"));
        assertEquals(systems, run("orrery:systems --schedule main"));
        assertEquals("no schedule 'turn' in the host; schedules: [main]\n", run("timings -s turn"));
        assertEquals(run("explain a b"), run("explain -s main a b"));
        assertEquals(run("explain a b"), run("explain a -s main b"));
        assertEquals("disabled a in schedule main\n", run("disable -s main a"));
        assertEquals("enabled a in schedule main\n", run("enable a --schedule main"));
        assertTrue(run("graph -f mermaid").startsWith("flowchart TB\n"));
        assertTrue(run("graph --format mermaid main").startsWith("flowchart TB\n"));
        assertTrue(run("graph -s main").startsWith("digraph \"main\" {\n"));
        assertEquals("stepped 2 frames; now at frame 2\n", run("step -n 2"));
        assertEquals("stepped 1 frame; now at frame 3\n", run("step"));
        assertEquals(List.of(2, 1), host.stepRequests());
    }

    @Test
    @DisplayName("an argument given both by option and by position, or a required one missing beside options: the usage")
    void options_and_positions_that_do_not_fit() throws Exception {
        assertEquals("systems: takes 0 or 1 argument, got 2; usage: systems [schedule]\n", run("systems -s main main"));
        assertEquals("explain: <system b> is missing (the options give only optional arguments); usage: explain"
                + " <system a> <system b> [schedule]\n", run("explain -s main a"));
        assertEquals("graph: takes 0 to 2 arguments, got 3; usage: graph [dot|mermaid] [schedule]\n",
                run("graph -f dot -s main main"));
    }

    @Test
    @DisplayName("a command's result is its data: a report the shell formats, a table when inspected, its first line inside a line")
    void results_are_data() throws Exception {
        Object result = session.execute("systems");
        SystemsReport report = assertInstanceOf(SystemsReport.class, result);
        assertEquals(List.of("a", "b"), report.rows().stream().map(SystemsReport.Row::system).toList());
        assertEquals("schedule main: 2 systems, 0 disabled", session.format(result, Converter.LINE).toString());
        assertEquals("schedule main: 2 systems, 0 disabled", session.format(result, Converter.PART).toString());
        assertEquals(ReportText.render(report), session.format(result, Converter.INSPECT).toString());
        assertInstanceOf(CommandProblem.class, session.execute("disable nope"));
        // as the README shows: a report kept in a variable, its fields read by name
        session.execute("r = (orrery:systems)");
        assertEquals(report.rows(), session.execute("$r rows"));
        assertNull(new ReportConverter().format("not a report", Converter.INSPECT, null));
        assertNull(new ReportConverter().convert(SystemsReport.class, "systems"));
    }
}
