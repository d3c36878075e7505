package dev.orrery.plugin.prefab;

import dev.orrery.world.Trait;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A prefab with its parent chain flattened: every trait, root first, each with the factory of the
 * nearest prefab in the chain that declares it. Cached by {@link PrefabRegistry} until it changes.
 */
final class ResolvedPrefab {
    final String name;
    final Trait<?>[] traits;
    final Supplier<?>[] factories;
    private final Map<Trait<?>, Integer> indexOf = new IdentityHashMap<>();

    ResolvedPrefab(String name, Map<Trait<?>, Supplier<?>> merged) {
        this.name = name;
        this.traits = merged.keySet().toArray(new Trait<?>[0]);
        this.factories = merged.values().toArray(new Supplier<?>[0]);
        for (int i = 0; i < traits.length; i++) {
            indexOf.put(traits[i], i);
        }
    }

    /** @return the index of the trait in {@link #traits}, or -1 */
    int indexOf(Trait<?> trait) {
        Integer i = indexOf.get(trait);
        return i == null ? -1 : i;
    }

    String traitNames() {
        return Prefab.traitNames(List.of(traits));
    }
}
