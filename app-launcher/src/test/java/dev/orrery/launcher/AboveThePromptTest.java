package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AboveThePromptTest {
    /** Shaped like JLine's LineReader: printAbove(String). */
    public static final class Reader {
        final List<String> above = new ArrayList<>();

        public void printAbove(String line) {
            above.add(line);
        }
    }

    @Test
    @DisplayName("with a line reader each complete line goes through printAbove; without one bytes go straight through")
    void linesGoAboveThePrompt() {
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        AtomicReference<Object> reader = new AtomicReference<>();
        PrintStream out = new PrintStream(new AboveThePrompt(direct, reader::get, StandardCharsets.UTF_8), true, StandardCharsets.UTF_8);

        out.println("before the shell");
        Reader r = new Reader();
        reader.set(r);
        out.print("[dnd] Turn 1: Aria ");
        out.println("(fighter) 28/28 HP, ± ok");
        out.print("12:00:00.000 INFO    [dev.orrery.host] rebuilt\r\nsecond\npartial");
        assertEquals(List.of("[dnd] Turn 1: Aria (fighter) 28/28 HP, ± ok", "12:00:00.000 INFO    [dev.orrery.host] rebuilt",
                "second"), r.above);

        reader.set(null);
        out.println(" line");
        assertEquals("before the shell" + System.lineSeparator() + "partial line" + System.lineSeparator(),
                direct.toString(StandardCharsets.UTF_8));
    }
}
