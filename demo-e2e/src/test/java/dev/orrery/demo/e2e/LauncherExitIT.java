package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How the launcher ends: a bad host setting, and a signal without a shell. */
class LauncherExitIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @Test
    @DisplayName("a bad host setting: one line naming it and the allowed values, no stack trace, exit code 2")
    void badHostSetting() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.host.mode=bogus"), "--seed", "1")) {
            assertEquals(2, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertTrue(lines.contains("orrery: cannot start: host configuration: orrery.host.mode must be 'realtime'"
                    + " or 'fixed', got 'bogus' (-Dorrery.host.mode)"), p.text());
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception")), p.text());
            assertTrue(lines.stream().noneMatch(l -> l.contains("[dnd]")), "nothing ran: " + p.text());
        }
    }

    @Test
    @DisplayName("SIGTERM without a shell stops the framework cleanly, logs the host's closing line, exit code 0")
    void signalWithoutShell() throws Exception {
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.demo.exitWhenOver=false -Dorrery.shell=false"),
                "--realtime", "--seed", "7")) {
            p.awaitLine(l -> l.contains("[dnd] -- Round 1 --"), TIMEOUT);
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertTrue(lines.contains("orrery: stopping"), p.text());
            assertTrue(lines.stream().anyMatch(l -> l.matches(".*\\[dev\\.orrery\\.host\\] Orrery host stopped after \\d+ frames")),
                    p.text());
            assertTrue(lines.contains("orrery: framework stopped"), p.text());
        }
    }
}
