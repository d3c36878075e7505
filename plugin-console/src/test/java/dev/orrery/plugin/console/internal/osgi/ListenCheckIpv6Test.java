package dev.orrery.plugin.console.internal.osgi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The console served on {@code ::1} is seen as served: Felix HTTP Jetty publishes that endpoint without brackets. */
class ListenCheckIpv6Test {
    @Test
    @DisplayName("orrery.console.host=::1: Jetty's endpoint http://::1:8420/ is on the console's port")
    void unbracketedIpv6Endpoint() {
        assertTrue(ListenCheck.listensOn(List.of("http://::1:8420/"), 8420));
        assertTrue(ListenCheck.listensOn(List.of("http://[::1]:8420/"), 8420));
        assertTrue(ListenCheck.listensOn(List.of("http://0:0:0:0:0:0:0:1:8420/"), 8420));
        assertFalse(ListenCheck.listensOn(List.of("http://::1:8421/"), 8420));
        assertFalse(ListenCheck.listensOn(List.of("http://::1/"), 8420), "no port given: the last group is the address's");
        assertFalse(ListenCheck.listensOn(List.of("not a url at all"), 8420));
    }
}
