package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.console.ConsoleHttpServer;
import dev.orrery.plugin.console.RawHttp;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.testsupport.host.FakeGameHost;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The README's console security claims hold: the token sentence of "Web console" is run against the
 * JDK server, and the numbers of "Console security" are the code's.
 */
class ReadmeConsoleSecurityTest {
    private static String readme() throws Exception {
        Path p = Path.of("..", "README.md");
        assertTrue(Files.isRegularFile(p), "README.md of the reactor, from the module folder: " + p.toAbsolutePath());
        return Files.readString(p).replaceAll("\\s+", " ");
    }

    private static String section(String readme) {
        int start = readme.indexOf("### Console security");
        assertTrue(start >= 0, "README has a section 'Console security'");
        int end = readme.indexOf(" ## ", start);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    @Test
    @DisplayName("README: 'no token is issued to such a page: /api/token answers it 403' (foreign Origin, Sec-Fetch-Site cross-site, rebinding Host)")
    void noTokenForAnotherSite() throws Exception {
        assertTrue(readme().contains("no token is issued to such a page: `/api/token` answers it 403"), "the sentence");
        FakeGameHost host = new FakeGameHost();
        try (ConsoleHttpServer server = ConsoleHttpServer.start(() -> host, () -> TimingsFeed.NONE,
                new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0))) {
            int port = server.address().getPort();
            String own = "127.0.0.1:" + port;
            for (String[] request : new String[][] {{own, "Origin: http://evil.example"}, {own, "Sec-Fetch-Site: cross-site"},
                    {"127.attacker.example:" + port, "Accept: */*"}}) {
                RawHttp.Answer a = RawHttp.send(port, "GET", "/orrery/api/token", request[0], request[1]);
                assertEquals(403, a.status(), String.join(" ", request));
                assertFalse(a.body().contains("\"token\""), a.body());
            }
            assertEquals(200, RawHttp.send(port, "GET", "/orrery/api/token", own).status(), "the console's own page gets one");
        }
    }

    @Test
    @DisplayName("README 'Console security': its limits are the code's (streams, Retry-After, step frames, token lifetime)")
    void numbersAreTheCodes() throws Exception {
        String s = section(readme());
        assertTrue(s.contains("At most " + EventStream.MAX_STREAMS + " event streams"), s);
        assertTrue(s.contains("`Retry-After: " + EventStream.RETRY_AFTER_SECONDS + "`"), s);
        assertTrue(s.contains("at most " + ConsoleHandler.MAX_STEP_FRAMES + " frames"), s);
        assertTrue(s.contains("valid for " + SessionTokens.LIFETIME_MINUTES + " minutes"), s);
        assertTrue(s.contains("`frame-ancestors 'none'`") && SecurityHeaders.CONTENT_SECURITY_POLICY.endsWith("frame-ancestors 'none'"), s);
        assertTrue(s.contains("`X-Frame-Options: DENY`") && SecurityHeaders.ALL.get("X-Frame-Options").equals("DENY"), s);
        assertTrue(s.contains("logger `" + ConsoleHandler.LOGGER + "`"), s);
    }
}
