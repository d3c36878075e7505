package dev.orrery.plugin.devtools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.devtools.SystemTimings;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The shell commands through the real Gogo runtime's method resolution (the same
 * {@code CommandProcessorImpl} the shell uses, without OSGi): every command, with every number of
 * arguments from none to one too many, prints either what it does or its one-line usage, never Gogo's
 * {@code Cannot coerce} error.
 */
class GogoCommandsTest {
    private final FakeGameHost host = new FakeGameHost();
    private final ThreadIOImpl threadIo = new ThreadIOImpl();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
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
        GogoCommands commands = new GogoCommands(new DevtoolsCommands(host, new SystemTimings(), Duration.ofSeconds(5)));
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

    private String run(String line) throws Exception {
        Object result = session.execute(line);
        return result == null ? "" : result.toString();
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
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "the commands return their text, they print nothing");
    }

    @Test
    @DisplayName("explain with one argument, step with two, and other bad arguments name themselves with the usage")
    void wrong_argument_counts_and_values() throws Exception {
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
}
