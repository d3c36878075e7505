package dev.orrery.plugin.prefab;

import dev.orrery.world.TraitValue;
import java.util.List;
import java.util.Objects;

/**
 * A request to spawn one entity from a prefab, with values that replace the prefab's for some of its
 * traits. Immutable.
 *
 * @param prefab the prefab name; not empty
 * @param overrides values for traits the prefab (or an ancestor) declares; an unmodifiable copy
 */
public record SpawnRequest(String prefab, List<TraitValue<?>> overrides) {
    /**
     * @param prefab the prefab name; not empty
     * @param overrides values for traits the prefab declares; copied
     * @throws IllegalArgumentException if {@code prefab} is null or empty
     * @throws NullPointerException if {@code overrides} or an element is null
     */
    public SpawnRequest {
        if (prefab == null || prefab.isEmpty()) {
            throw new IllegalArgumentException("SpawnRequest: prefab name is missing or empty");
        }
        overrides = List.copyOf(Objects.requireNonNull(overrides, "SpawnRequest: overrides is null"));
    }

    /**
     * @param prefab the prefab name
     * @param overrides values that replace the prefab's
     * @return the request
     */
    public static SpawnRequest of(String prefab, TraitValue<?>... overrides) {
        return new SpawnRequest(prefab, List.of(overrides));
    }

    @Override
    public String toString() {
        return "spawn " + prefab + (overrides.isEmpty() ? "" : " " + overrides);
    }
}
