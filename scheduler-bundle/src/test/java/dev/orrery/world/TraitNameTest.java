package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Trait names follow the same rule as phase, system, set and plugin names: required and not blank. */
@Tag("engine-independent")
class TraitNameTest {
    @Test
    void missing_empty_or_blank_names_are_rejected_with_a_message_naming_Trait_of() {
        for (String bad : new String[] {null, "", " ", "\n\t", "\u2003"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Trait.of(bad, () -> 1), "name " + (bad == null ? "null" : "'" + bad + "'"));
            assertEquals("Trait.of: name is missing or empty (or blank)", e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Trait.withDefault(" ", 1));
        assertEquals("Trait.withDefault: name is missing or empty (or blank)", e.getMessage());
    }

    @Test
    void a_name_with_spaces_inside_is_kept_as_given() {
        assertEquals(" hit points ", Trait.of(" hit points ", () -> 1).name());
    }
}
