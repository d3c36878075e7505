package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How {@link Readme} compares an example with real output. */
class ReadmeMatchTest {
    private static final List<String> OUTPUT = List.of(
            "\u001b[?1h\u001b=orrery-demo: starting the host (headless, seed 42): /home/me/orrery/app-launcher/target/orrery/bin/orrery",
            "19:00:56.700 INFO    [dev.orrery.host] schedule 'main' rebuilt (#1) in 70.21 ms: plugins [prefab, dnd]; left []",
            "[dnd] -- Round 1 --",
            "[dnd] Turn 1: Cyl (wizard) 14/14 HP at (0,1)   ");

    @Test
    @DisplayName("lines in order, others between; '...' stands for any text; times, dates, rebuild times and escape codes do not count")
    void matches() {
        Readme.assertAppearsIn(List.of(
                "orrery-demo: starting the host (headless, seed 42): .../app-launcher/target/orrery/bin/orrery",
                "...",
                "... INFO    [dev.orrery.host] schedule 'main' rebuilt (#1) in 1.16 ms: plugins [prefab, dnd]; left []",
                "[dnd] Turn 1: Cyl (wizard) 14/14 HP at (0,1)"), OUTPUT);
    }

    @Test
    @DisplayName("a changed line, a line out of order, or a changed rebuild number is reported")
    void mismatches() {
        assertThrows(AssertionError.class, () -> Readme.assertAppearsIn(List.of("[dnd] Turn 1: Cyl (wizard) 13/14 HP at (0,1)"), OUTPUT));
        assertThrows(AssertionError.class, () -> Readme.assertAppearsIn(List.of("[dnd] Turn 1: ...", "[dnd] -- Round 1 --"), OUTPUT));
        assertThrows(AssertionError.class, () -> Readme.assertAppearsIn(
                List.of("... schedule 'main' rebuilt (#2) in 1.16 ms: plugins [prefab, dnd]; left []"), OUTPUT));
    }
}
