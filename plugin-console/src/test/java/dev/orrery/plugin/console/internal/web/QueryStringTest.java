package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Strict query decoding: what a front end hands the handler, and the one-line faults. */
class QueryStringTest {
    @Test
    @DisplayName("decodes escapes, + as space, UTF-8; the first of a repeated name wins")
    void decodes() throws MalformedRequestException {
        assertEquals(Map.of("system", "example/clock", "a", "b c d", "e", "\u00e9", "flag", ""),
                QueryString.parse("system=example%2Fclock&a=b+c%20d&e=%C3%A9&flag&&a=again"));
        assertEquals(Map.of(), QueryString.parse(null));
        assertEquals(Map.of(), QueryString.parse(""));
        assertEquals("/orrery/a+b c", QueryString.decodePath("/orrery/a+b%20c"));
    }

    @Test
    @DisplayName("bad percent escapes, invalid UTF-8 and raw non-ASCII are one-line faults")
    void faults() {
        assertEquals("bad percent escape '%zz' in the request URL",
                assertThrows(MalformedRequestException.class, () -> QueryString.parse("schedule=%zz")).getMessage());
        assertEquals("bad percent escape '%4' in the request URL",
                assertThrows(MalformedRequestException.class, () -> QueryString.parse("schedule=%4")).getMessage());
        assertEquals("bad percent escape '%' in the request URL",
                assertThrows(MalformedRequestException.class, () -> QueryString.parse("schedule=%")).getMessage());
        for (String bad : new String[] {"schedule=%ff", "s=%C3%28", "s=%ED%A0%80", "%80=1", "s=%F0%9F%98"}) {
            assertEquals("the request URL's percent escapes are not valid UTF-8",
                    assertThrows(MalformedRequestException.class, () -> QueryString.parse(bad)).getMessage(), bad);
        }
        assertEquals("the request URL has a raw character U+00E9 (encode it as %XX UTF-8 bytes)",
                assertThrows(MalformedRequestException.class, () -> QueryString.parse("s=\u00e9")).getMessage());
        assertThrows(MalformedRequestException.class, () -> QueryString.decodePath("/orrery/%zz"));
        assertThrows(MalformedRequestException.class, () -> QueryString.decodePath("/orrery/a b"));
    }
}
