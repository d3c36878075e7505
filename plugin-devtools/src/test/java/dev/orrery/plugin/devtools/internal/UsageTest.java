package dev.orrery.plugin.devtools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How a command line's words bind to a command's arguments, by position and by option. */
class UsageTest {
    private static Usage.Bound bind(String command, String[] words, String... named) {
        return Usage.bind(command, words, named);
    }

    @Test
    @DisplayName("the usage lines, built from each command's arguments")
    void usageLines() {
        assertEquals("usage: explain <system a> <system b> [schedule]", Usage.of("explain"));
        assertEquals("usage: graph [dot|mermaid] [schedule]", Usage.of("graph"));
        assertEquals("usage: plugins", Usage.of("plugins"));
        assertEquals("devtools: no shell command 'nope'",
                assertThrows(IllegalArgumentException.class, () -> Usage.of("nope")).getMessage());
    }

    @Test
    @DisplayName("positional words fill the required arguments, then the optional ones no option gave; absent ones are null")
    void binding() {
        assertEquals(Arrays.asList((String) null), bind("systems", new String[0], "").values());
        assertEquals(Arrays.asList("turn"), bind("systems", new String[] {"turn"}, "").values());
        assertEquals(Arrays.asList("turn"), bind("systems", new String[0], "turn").values());
        assertEquals(Arrays.asList("a", "b", null), bind("explain", new String[] {"a", "b"}, (String) null).values());
        assertEquals(Arrays.asList("a", "b", "turn"), bind("explain", new String[] {"a", "b"}, "turn").values());
        assertEquals(Arrays.asList("mermaid", "turn"), bind("graph", new String[] {"turn"}, "mermaid", "").values());
        assertEquals(Arrays.asList("mermaid", "turn"), bind("graph", new String[] {"mermaid"}, "", "turn").values());
        assertEquals(Arrays.asList(), bind("plugins", new String[0]).values());
        assertNull(bind("plugins", new String[0]).problem());
    }

    @Test
    @DisplayName("too few or too many arguments, counting options, and a required one missing beside options: one line with the usage")
    void problems() {
        assertEquals("plugins: takes no arguments, got 1; usage: plugins", bind("plugins", new String[] {"x"}).problem().message());
        assertEquals("systems: takes 0 or 1 argument, got 2; usage: systems [schedule]",
                bind("systems", new String[] {"a"}, "b").problem().message());
        assertEquals("enable: <system> is missing (the options give only optional arguments); usage: enable <system> [schedule]",
                bind("enable", new String[0], "main").problem().message());
        assertEquals("devtools: graph has 2 optional arguments, got 1 option values",
                assertThrows(IllegalArgumentException.class, () -> bind("graph", new String[0], "")).getMessage());
    }
}
