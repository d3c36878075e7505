package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The name and age rules of {@link MessageType}: like the names of traits, systems and plugins. */
@Tag("engine-independent")
class MessageTypeTest {
    @Test
    void aTypeHasItsNameAndADefaultMaximumAgeOfTwoFrames() {
        MessageType<String> damage = MessageType.of("combat/Damage");
        assertEquals("combat/Damage", damage.name());
        assertEquals(2, damage.maxAgeFrames());
        assertEquals(MessageType.DEFAULT_MAX_AGE_FRAMES, damage.maxAgeFrames());
        assertEquals("MessageType[combat/Damage]", damage.toString());
        assertEquals(5, MessageType.of("combat/Slow", 5).maxAgeFrames());
        assertNotSame(damage, MessageType.of("combat/Damage"), "compared by identity");
    }

    @Test
    void blankNamesAreRefused() {
        for (String bad : new String[] {null, "", "   "}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MessageType.of(bad));
            assertEquals("MessageType.of: name is missing or empty (or blank)", e.getMessage());
        }
    }

    @Test
    void controlCharactersAreRefusedShownEscaped() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MessageType.of("a\nb"));
        assertEquals("MessageType.of: name 'a\\u000ab' contains the control character \\u000a at index 1; a name may"
                + " contain any character except control characters (U+0000 to U+001F, U+007F to U+009F) and the line"
                + " and paragraph separators (U+2028, U+2029)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MessageType.of("a\u2028b", 3));
    }

    @Test
    void aMaximumAgeBelowOneIsRefusedNamingTheType() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MessageType.of("combat/Damage", 0));
        assertEquals("MessageType.of: maxAgeFrames of message type 'combat/Damage' must be at least 1, got 0",
                e.getMessage());
    }
}
