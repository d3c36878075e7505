package dev.orrery.testkit.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** LogCapture from a level up, and its counting helpers (what host-itests assert with). */
class LogCaptureLevelTest {
    private static final String NAME = "dev.orrery.testkit.test.level";

    @Test
    void aCaptureFromInfoUpRecordsNoDebugLinesAndTheLoggerSeesDebugAsDisabled() {
        try (LogCapture log = LogCapture.of(NAME, System.Logger.Level.INFO)) {
            System.Logger logger = System.getLogger(NAME + ".child");
            logger.log(System.Logger.Level.DEBUG, "rebuild failure", new IllegalStateException("not counted"));
            logger.log(System.Logger.Level.WARNING, "plugin 'dup' left out");
            assertFalse(logger.isLoggable(System.Logger.Level.DEBUG));
            assertEquals(List.of("WARNING plugin 'dup' left out"), log.lines());
            assertEquals(0, log.stackTraces());
        }
    }

    @Test
    void linesWithLinesNamingAndStackTracesCountWhatATestAssertsOn() {
        try (LogCapture log = LogCapture.of(NAME, System.Logger.Level.INFO)) {
            System.Logger logger = System.getLogger(NAME);
            logger.log(System.Logger.Level.ERROR, "simulation paused: system 'boom/tick'", new IllegalStateException("boom"));
            logger.log(System.Logger.Level.WARNING, "observer 12 of bundle itest.fault quarantined");
            logger.log(System.Logger.Level.WARNING, "observer 123 of bundle itest.fault quarantined");
            logger.log(System.Logger.Level.INFO, "a trace written into the text:\n\tat com.example.X.run(X.java:1)");
            assertEquals(1, log.linesWith("system 'boom/tick'").size());
            assertEquals(List.of("WARNING observer 12 of bundle itest.fault quarantined"),
                    log.linesNaming(12, "itest.fault"));
            assertEquals(2, log.stackTraces());
            log.clear();
            assertEquals(List.of(), log.lines());
            assertEquals(0, log.stackTraces());
        }
    }

    @Test
    void closingRestoresTheLoggersLevel() {
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger(NAME + ".restore");
        jul.setLevel(java.util.logging.Level.WARNING);
        try (LogCapture log = LogCapture.of(NAME + ".restore", System.Logger.Level.TRACE)) {
            assertTrue(System.getLogger(NAME + ".restore").isLoggable(System.Logger.Level.TRACE));
            assertEquals(0, log.stackTraces(), "nothing was logged");
        }
        assertEquals(java.util.logging.Level.WARNING, jul.getLevel());
    }
}
