package dev.orrery.testkit.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class LogCaptureTest {
    private static final String NAME = "dev.orrery.testkit.test.capture";

    @Test
    void recordsSystemLoggerLinesOfTheNameAndItsChildrenWithParametersFilledIn() throws Exception {
        try (LogCapture log = LogCapture.of(NAME)) {
            System.getLogger(NAME).log(System.Logger.Level.WARNING, "plugin ''{0}'' left out", "score");
            System.getLogger(NAME + ".child").log(System.Logger.Level.DEBUG, "detail");
            assertEquals(List.of("WARNING plugin 'score' left out", "FINE detail"), log.lines());
        }
    }

    @Test
    void awaitReturnsALineLoggedLaterByAnotherThread() throws Exception {
        try (LogCapture log = LogCapture.of(NAME)) {
            CompletableFuture<Void> other = CompletableFuture.runAsync(
                    () -> System.getLogger(NAME).log(System.Logger.Level.INFO, "rebuilt"));
            assertEquals("INFO rebuilt", log.await(l -> l.endsWith("rebuilt"), Duration.ofSeconds(10)));
            other.join();
        }
    }

    @Test
    void awaitFailsAfterTheTimeoutListingWhatWasRecorded() {
        try (LogCapture log = LogCapture.of(NAME)) {
            System.getLogger(NAME).log(System.Logger.Level.INFO, "something else");
            AssertionError e = assertThrows(AssertionError.class,
                    () -> log.await(l -> l.contains("never"), Duration.ofMillis(20)));
            assertEquals("no matching log line of '" + NAME + "' within PT0.02S; recorded: [INFO something else]",
                    e.getMessage());
        }
    }

    @Test
    void closeRestoresTheLoggerAndStopsRecording() {
        Logger logger = Logger.getLogger(NAME);
        Level before = logger.getLevel();
        LogCapture log = LogCapture.of(NAME);
        assertEquals(Level.ALL, logger.getLevel());
        log.close();
        assertEquals(before, logger.getLevel());
        assertTrue(logger.getUseParentHandlers());
        logger.setUseParentHandlers(false); // keep this line off the console
        System.getLogger(NAME).log(System.Logger.Level.WARNING, "after close");
        logger.setUseParentHandlers(true);
        assertEquals(List.of(), log.lines());
    }
}
