package dev.orrery.plugin.prefab;

import static dev.orrery.plugin.prefab.TestTraits.HEALTH;
import static dev.orrery.plugin.prefab.TestTraits.INVENTORY;
import static dev.orrery.plugin.prefab.TestTraits.NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PrefabTest {
    @Test
    void aPrefabKeepsItsNameParentAndEntriesInDeclarationOrder() {
        Prefab orc = Prefab.builder("dungeon/orc").parent("dungeon/monster")
                .with(NAME, "orc").withFactory(INVENTORY, ArrayList::new).withDefault(HEALTH).build();
        assertEquals("dungeon/orc", orc.name());
        assertEquals(Optional.of("dungeon/monster"), orc.parent());
        assertEquals(List.of(NAME, INVENTORY, HEALTH), orc.traits());
        assertEquals("orc", orc.entries().get(NAME).get());
        assertEquals(1, orc.entries().get(HEALTH).get());
        assertEquals("prefab dungeon/orc : dungeon/monster [Name, Inventory, Health]", orc.toString());
        assertEquals(Optional.empty(), Prefab.builder("x").build().parent());
    }

    @Test
    void aPrefabIsImmutableAndIndependentOfItsBuilder() {
        Prefab.Builder b = Prefab.builder("p").with(NAME, "a");
        Prefab p = b.build();
        b.with(HEALTH, 3);
        assertEquals(List.of(NAME), p.traits());
        assertThrows(UnsupportedOperationException.class, () -> p.entries().remove(NAME));
        assertThrows(UnsupportedOperationException.class, () -> p.traits().add(HEALTH));
    }

    @Test
    void badDefinitionsAreRejectedNamingThePrefab() {
        assertEquals("Prefab.builder: name is missing or empty",
                assertThrows(IllegalArgumentException.class, () -> Prefab.builder("")).getMessage());
        assertEquals("Prefab.builder: name is missing or empty",
                assertThrows(IllegalArgumentException.class, () -> Prefab.builder(null)).getMessage());
        assertEquals("prefab 'p': trait 'Name' is given twice", assertThrows(IllegalArgumentException.class,
                () -> Prefab.builder("p").with(NAME, "a").withDefault(NAME)).getMessage());
        assertEquals("prefab 'p': inheritance cycle p -> p", assertThrows(IllegalArgumentException.class,
                () -> Prefab.builder("p").parent("p")).getMessage());
        assertEquals("prefab 'p': parent name is missing or empty", assertThrows(IllegalArgumentException.class,
                () -> Prefab.builder("p").parent("")).getMessage());
        assertEquals("prefab 'p': value of trait 'Name' is null", assertThrows(NullPointerException.class,
                () -> Prefab.builder("p").with(NAME, null)).getMessage());
        assertEquals("prefab 'p': trait 'prefab/source' is set by prefab/spawn and may not be declared",
                assertThrows(IllegalArgumentException.class, () -> Prefab.builder("p").with(Prefab.SOURCE, "x")).getMessage());
    }

    @Test
    void sourceIsAStringTraitWhoseDefaultMeansNoPrefab() {
        Trait<String> source = Prefab.SOURCE;
        assertEquals("prefab/source", source.name());
        assertEquals("", source.createDefault());
    }
}
