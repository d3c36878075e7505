package dev.orrery.launcher.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code Orrery-Plugin-Schedule} manifest header: provider class → schedule. */
class ProviderSchedulesTest {
    @Test
    void entriesAreClassEqualsScheduleSeparatedByCommas() {
        assertEquals(Map.of("a.B", "dnd/turn", "c.D", "other"),
                ProviderSchedules.parse(" a.B = dnd/turn , c.D=other"));
    }

    @Test
    void malformedEntriesAndNoHeaderGiveNothing() {
        assertEquals(Map.of(), ProviderSchedules.parse(null));
        assertEquals(Map.of(), ProviderSchedules.parse("a.B, =x, c.D= ,"));
    }

    @Test
    void aClassOutsideANamedModuleOrNotListedBelongsToTheMainSchedule() {
        assertNull(ProviderSchedules.of(ProviderSchedulesTest.class));
    }
}
