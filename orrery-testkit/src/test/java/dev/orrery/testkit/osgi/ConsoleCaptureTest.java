package dev.orrery.testkit.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleCaptureTest {
    @Test
    void recordsOutAndErrOfAnyThreadAndPutsTheStreamsBackOnClose() throws Exception {
        PrintStream out = System.out;
        PrintStream err = System.err;
        try (ConsoleCapture console = ConsoleCapture.open()) {
            System.out.println("SCR: activate failed");
            Thread other = new Thread(() -> System.err.println("\tat com.example.Plugin.activate(Plugin.java:9)"));
            other.start();
            other.join();
            assertEquals(List.of("SCR: activate failed", "\tat com.example.Plugin.activate(Plugin.java:9)"),
                    console.lines());
        }
        assertSame(out, System.out);
        assertSame(err, System.err);
    }
}
