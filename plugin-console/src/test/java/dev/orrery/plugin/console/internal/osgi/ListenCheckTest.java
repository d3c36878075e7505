package dev.orrery.plugin.console.internal.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.console.ConsoleSettings;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ListenCheckTest {
    private static final ConsoleSettings SETTINGS = new ConsoleSettings(true, "127.0.0.1", 8420);

    @Test
    @DisplayName("an endpoint counts only when it is on the console's port (Felix HTTP Jetty's osgi.http.endpoint form)")
    void listensOn() {
        assertTrue(ListenCheck.listensOn(List.of("http://127.0.0.1:8420/"), 8420));
        assertTrue(ListenCheck.listensOn(List.of("http://192.168.1.5:9000/", "http://[::1]:8420/"), 8420));
        assertFalse(ListenCheck.listensOn(List.of("http://127.0.0.1:8421/"), 8420));
        assertFalse(ListenCheck.listensOn(List.of(), 8420));
        assertFalse(ListenCheck.listensOn(List.of("not a url"), 8420));
        assertTrue(ListenCheck.listensOn(List.of("http://127.0.0.1/"), 80));
        assertTrue(ListenCheck.listensOn(List.of("https://127.0.0.1/"), 443));
    }

    @Test
    @DisplayName("port 0 (any free port): the first endpoint gives the port bound, and the INFO line names it")
    void anyFreePort() {
        assertEquals(java.util.OptionalInt.of(43121),
                ListenCheck.boundPort(List.of("not a url", "http://127.0.0.1:43121/"), 0));
        assertEquals(java.util.OptionalInt.of(8420), ListenCheck.boundPort(List.of("http://::1:8420/"), 0));
        assertEquals(java.util.OptionalInt.empty(), ListenCheck.boundPort(List.of(), 0));
        assertEquals(java.util.OptionalInt.empty(), ListenCheck.boundPort(List.of("http://127.0.0.1:8421/"), 8420));
        assertEquals("web console at http://127.0.0.1:43121/orrery/",
                ListenCheck.serving(new ConsoleSettings(true, "127.0.0.1", 0), 43121).message());
    }

    @Test
    @DisplayName("serving: one INFO line with the URL")
    void serving() {
        ListenCheck.Outcome o = ListenCheck.serving(SETTINGS);
        assertEquals(Level.INFO, o.level());
        assertEquals("web console at http://127.0.0.1:8420/orrery/", o.message());
    }

    @Test
    @DisplayName("port taken: one ERROR line naming host:port, the cause and the setting; never 'web console at'")
    void portTaken() {
        ListenCheck.Outcome o = ListenCheck.notListening(SETTINGS, List.of(),
                new BindException("Address already in use (Bind failed)"));
        assertEquals(Level.ERROR, o.level());
        assertEquals("web console: cannot listen on 127.0.0.1:8420: address already in use; set orrery.console.port"
                + " (or orrery.console.host)", o.message());
    }

    @Test
    @DisplayName("a real port clash gives the JDK's cause in the line")
    void realClash() throws IOException {
        try (ServerSocket held = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
             ServerSocket second = new ServerSocket()) {
            IOException e = null;
            try {
                second.bind(new InetSocketAddress("127.0.0.1", held.getLocalPort()));
            } catch (IOException x) {
                e = x;
            }
            ListenCheck.Outcome o = ListenCheck.notListening(
                    new ConsoleSettings(true, "127.0.0.1", held.getLocalPort()), List.of(), e);
            assertEquals(Level.ERROR, o.level());
            assertTrue(o.message().startsWith("web console: cannot listen on 127.0.0.1:" + held.getLocalPort()
                    + ": address already in use"), o.message());
        }
    }

    @Test
    @DisplayName("the HTTP server on another port, or none at all: a WARNING saying so")
    void elsewhereOrNone() {
        ListenCheck.Outcome other = ListenCheck.notListening(SETTINGS, List.of("http://127.0.0.1:8080/"), null);
        assertEquals(Level.WARNING, other.level());
        assertEquals("web console: not served on 127.0.0.1:8420: the HTTP server listens on http://127.0.0.1:8080/;"
                + " set org.osgi.service.http.port to orrery.console.port's value", other.message());
        ListenCheck.Outcome none = ListenCheck.notListening(SETTINGS, List.of(), null);
        assertEquals(Level.WARNING, none.level());
        assertTrue(none.message().startsWith("web console: not served on 127.0.0.1:8420: no HTTP server listens there"),
                none.message());
    }

    @Test
    @DisplayName("IPv6 hosts are bracketed")
    void ipv6() {
        assertEquals("web console at http://[::1]:8420/orrery/",
                ListenCheck.serving(new ConsoleSettings(true, "::1", 8420)).message());
    }
}
