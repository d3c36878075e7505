package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.BindException;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BindFailureFilterTest {
    private static LogRecord record(String message, Throwable t) {
        LogRecord r = new LogRecord(Level.SEVERE, message);
        r.setThrown(t);
        return r;
    }

    @Test
    @DisplayName("a bind failure keeps its line without the stack trace; Felix's follow-up NPE is dropped")
    void bindFailure() {
        BindFailureFilter f = new BindFailureFilter();
        LogRecord bind = record("Failed to start Connector: ServerConnector{127.0.0.1:8420}",
                new IOException("Failed to bind to /127.0.0.1:8420", new BindException("Address already in use")));
        assertTrue(f.isLoggable(bind));
        assertNull(bind.getThrown());
        assertTrue(f.isLoggable(record("Jetty stopped (no connectors available)", null)));
        assertFalse(f.isLoggable(record("Exception while initializing Jetty", new NullPointerException("server is null"))));
    }

    @Test
    @DisplayName("other records pass unchanged, the NPE too when no bind failed")
    void others() {
        BindFailureFilter f = new BindFailureFilter();
        NullPointerException npe = new NullPointerException();
        LogRecord r = record("Exception while initializing Jetty", npe);
        assertTrue(f.isLoggable(r));
        assertSame(npe, r.getThrown());
        IllegalStateException other = new IllegalStateException("x");
        LogRecord o = record("Failed to start Connector", other);
        assertTrue(f.isLoggable(o));
        assertSame(other, o.getThrown());
    }
}
