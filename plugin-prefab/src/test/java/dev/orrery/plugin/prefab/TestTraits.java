package dev.orrery.plugin.prefab;

import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;

/** Traits shared by the prefab tests. */
final class TestTraits {
    static final Trait<String> NAME = Trait.withDefault("Name", "");
    static final Trait<Integer> HEALTH = Trait.withDefault("Health", 1);
    static final Trait<Integer> SPEED = Trait.withDefault("Speed", 1);
    static final Trait<List<String>> INVENTORY = Trait.of("Inventory", ArrayList::new);

    private TestTraits() {
    }
}
