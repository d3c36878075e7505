package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleException;

/** FileInstall's lines as it prints them, without stack traces; its repeated resolution failures dropped. */
class FileInstallLogTest {
    private static LogRecord record(String message, Throwable t) {
        LogRecord r = new LogRecord(Level.WARNING, message);
        r.setThrown(t);
        return r;
    }

    @Test
    @DisplayName("a start failure for want of resolution is dropped (the host reports the bundle UNRESOLVED once)")
    void resolutionFailureDropped() {
        assertNull(FileInstallLog.line(record("Error while starting bundle: file:/x/needy.jar",
                new BundleException("Unable to resolve needy [9](R 9.0): missing requirement ...", BundleException.RESOLVE_ERROR))));
    }

    @Test
    @DisplayName("other lines keep one line each, a failure with its cause and no stack trace")
    void otherLines() {
        assertEquals("Installing bundle p / 1.0.0", FileInstallLog.line(record("Installing bundle p / 1.0.0", null)));
        assertEquals("Error while starting bundle: file:/x/a.jar: org.osgi.framework.BundleException: Activator start error"
                + " (caused by java.lang.IllegalStateException: no)", FileInstallLog.line(record(
                "Error while starting bundle: file:/x/a.jar", new BundleException("Activator start error",
                        BundleException.ACTIVATOR_ERROR, new IllegalStateException("no")))));
    }
}
