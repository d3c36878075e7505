package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The interactive shell on a real (pseudo) terminal: {@code ./orrery-demo --interactive} run under
 * {@code script}, whose terminal, fed from a pipe, reports a size of 0 columns and 0 rows (JLine 3.21
 * then showed no prompt and spun at about 93 % CPU; the launcher now sets 80x24 first). The prompt
 * appears, and {@code exit 7} typed at it stops the host and ends the process with that code, without
 * a stack trace.
 */
class ShellIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @Test
    @DisplayName("under script (a 0x0 terminal): the size is set, the g! prompt appears, exit 7 stops the host with code 7")
    void exitAtThePromptOnAZeroSizedTerminal() throws Exception {
        List<String> command = List.of("script", "-q", "-e", "-c", "./orrery-demo --interactive --seed 3", "/dev/null");
        try (DemoProcess p = DemoProcess.start(command, DemoProcess.REPO, Map.of(), true)) {
            p.awaitLine(l -> l.contains("orrery: the terminal reports a size of 0; set it for the shell: stty cols 80 rows 24"), TIMEOUT);
            p.awaitLine(l -> l.contains(">>> Your move, "), TIMEOUT);
            p.awaitLine(l -> l.contains("g! "), TIMEOUT);
            Readme.assertAppearsIn(Readme.example("interactive"), p.lines());
            p.send("exit 7\r");
            assertEquals(7, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertTrue(lines.stream().anyMatch(l -> l.matches(".*\\[dev\\.orrery\\.host\\] Orrery host stopped after \\d+ frames.*")),
                    p.text());
            assertTrue(lines.stream().anyMatch(l -> l.contains("orrery: framework stopped")), p.text());
            assertTrue(lines.stream().noneMatch(l -> l.contains("Exception") || l.contains("Cannot coerce")
                    || l.contains("FAILED TO STOP")), p.text());
        }
    }
}
