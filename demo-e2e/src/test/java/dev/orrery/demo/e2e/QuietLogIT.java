package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A whole headless demo run, in both modes, prints nothing a user cannot act on: no stack trace (no
 * {@code at pkg.Class...} line, no {@code Caused by:}), and none of the lines of a small deny list of
 * noise seen before (an empty access check, two colour resets, a web console for a run of under a
 * second, a doubled {@code step:}, an exception's class name instead of a sentence).
 */
class QuietLogIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    /** A stack frame line, as Throwable.printStackTrace prints it. */
    private static final Pattern FRAME = Pattern.compile("^\\s*at [\\w$./]+\\.[\\w$<>]+\\(");
    /** Lines a user can do nothing with, each seen in a demo run before. */
    private static final List<String> DENIED = List.of(
            "access check: 0 unordered read(s), 0 unordered conflicting pair(s)",
            "\u001b[0m\u001b[0m",
            "web console at",
            "step: step:",
            "Exception:",
            "Caused by:",
            "jpms.jarname");

    @ParameterizedTest(name = "./orrery-demo --seed 7 {0}")
    @ValueSource(strings = {"", "--jpms"})
    void aWholeDemoRunHasNoStackTraceAndNoNoise(String mode) throws Exception {
        String[] args = mode.isEmpty() ? new String[] {"--seed", "7"} : new String[] {"--seed", "7", mode};
        try (DemoProcess p = DemoProcess.start(Map.of(), args)) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> lines = p.lines();
            assertEquals(List.of(), lines.stream().filter(l -> FRAME.matcher(l).find()).toList(), "stack frames in:\n" + p.text());
            assertEquals(List.of(), lines.stream().filter(l -> DENIED.stream().anyMatch(l::contains)).toList(),
                    "lines a user cannot act on, in:\n" + p.text());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("[dnd] === Victory")), "the battle ran:\n" + p.text());
        }
    }
}
