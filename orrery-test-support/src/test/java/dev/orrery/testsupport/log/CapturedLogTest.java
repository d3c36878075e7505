package dev.orrery.testsupport.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class CapturedLogTest {
    @Test
    void anInjectedLoggerKeepsLevelMessageParametersAndThrowable() {
        CapturedLog log = CapturedLog.create();
        System.Logger logger = log.logger("dev.orrery.host");
        IllegalStateException boom = new IllegalStateException("boom");
        logger.log(Level.ERROR, "plugin {0} failed", "p");
        logger.log(Level.WARNING, "slow frame", boom);
        logger.log(Level.DEBUG, "detail");

        assertEquals(List.of("ERROR plugin p failed", "WARNING slow frame", "DEBUG detail"), log.lines());
        assertEquals(List.of("slow frame"), log.messagesAt(Level.WARNING));
        assertSame(boom, log.at(Level.WARNING).get(0).thrown());
        assertEquals("dev.orrery.host", log.records().get(0).logger());
        assertEquals(1, log.stackTraces());
        assertEquals(1, log.matching(m -> m.startsWith("plugin")).size());
        log.clear();
        assertEquals(List.of(), log.records());
    }

    @Test
    void anInjectedLoggerWithALeastLevelSaysLowerLevelsAreNotLoggable() {
        CapturedLog log = CapturedLog.create(Level.INFO);
        System.Logger logger = log.logger();
        assertFalse(logger.isLoggable(Level.DEBUG));
        assertTrue(logger.isLoggable(Level.INFO));
        logger.log(Level.DEBUG, "dropped");
        logger.log(Level.INFO, "kept");
        assertEquals(List.of("INFO kept"), log.lines());
    }

    @Test
    void anAttachedCaptureTakesTheRecordsOfAJulLoggerAndItsChildrenOffTheConsoleUntilClosed() {
        Logger jul = Logger.getLogger("dev.orrery.testsupport.attached");
        boolean parents = jul.getUseParentHandlers();
        try (CapturedLog log = CapturedLog.attach("dev.orrery.testsupport.attached")) {
            assertFalse(jul.getUseParentHandlers(), "off the console while attached");
            System.getLogger("dev.orrery.testsupport.attached.child").log(Level.WARNING, "schedule {0}: slow", "main");
            System.getLogger("dev.orrery.testsupport.attached").log(Level.ERROR, "failed");
            System.getLogger("dev.orrery.testsupport.attached").log(Level.DEBUG, "below the logger's INFO");
            assertEquals(List.of("WARNING schedule main: slow", "ERROR failed"), log.lines());
            assertEquals("dev.orrery.testsupport.attached.child", log.records().get(0).logger());
        }
        assertEquals(parents, jul.getUseParentHandlers(), "restored on close");
        assertEquals(0, jul.getHandlers().length);
    }

    @Test
    void anAttachedCaptureWithALevelSetsTheLoggersLevelWhileOpenAndRestoresIt() {
        Logger jul = Logger.getLogger("dev.orrery.testsupport.levelled");
        java.util.logging.Level before = jul.getLevel();
        try (CapturedLog log = CapturedLog.attach("dev.orrery.testsupport.levelled", Level.DEBUG)) {
            assertEquals(java.util.logging.Level.FINE, jul.getLevel());
            System.getLogger("dev.orrery.testsupport.levelled").log(Level.DEBUG, "now recorded");
            System.getLogger("dev.orrery.testsupport.levelled").log(Level.TRACE, "still below");
            assertEquals(List.of("DEBUG now recorded"), log.lines());
        }
        assertEquals(before, jul.getLevel());
    }

    @Test
    void awaitWakesUpOnTheRecordItWaitsForAndFailsNamingWhatCame() throws Exception {
        CapturedLog log = CapturedLog.create();
        System.Logger logger = log.logger();
        CompletableFuture<LogLine> seen = CompletableFuture.supplyAsync(() -> {
            try {
                return log.await(l -> l.contains("swapped"), Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        logger.log(Level.INFO, "rebuilt");
        logger.log(Level.INFO, "swapped in");
        assertEquals("INFO swapped in", seen.get().toString());

        AssertionError e = assertThrows(AssertionError.class, () -> log.await(l -> l.contains("never"), Duration.ZERO));
        assertEquals("no matching log line of 'captured' within PT0S; recorded: [INFO rebuilt, INFO swapped in]",
                e.getMessage());
    }

    @Test
    void closingTwiceIsHarmless() {
        CapturedLog log = CapturedLog.attach("dev.orrery.testsupport.twice");
        log.close();
        log.close();
        CapturedLog.create().close();
    }
}
