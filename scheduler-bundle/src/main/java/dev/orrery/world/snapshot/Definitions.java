package dev.orrery.world.snapshot;

import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The persistent trait definitions a restore or rehydration decodes with, by id: the given ones
 * first, then those the world knows.
 */
final class Definitions {
    private final Map<String, Trait<?>> byId;

    private Definitions(Map<String, Trait<?>> byId) {
        this.byId = byId;
    }

    /**
     * @throws IllegalArgumentException if two different given traits, or two the world knows and none
     *     given, share an id; the message names it
     */
    static Definitions of(World world, List<Trait<?>> given, String operation) {
        Map<String, Trait<?>> byId = new HashMap<>();
        for (Trait<?> t : given) {
            Trait<?> old = byId.put(t.name(), t);
            if (old != null && old != t) {
                throw new IllegalArgumentException(operation + ": two given traits have the id '" + t.name() + "'");
            }
        }
        Map<String, Trait<?>> known = new HashMap<>();
        for (Trait<?> t : world.knownTraits()) {
            if (!t.isPersistent() || byId.containsKey(t.name())) {
                continue;
            }
            Trait<?> old = known.put(t.name(), t);
            if (old != null && old != t) {
                throw new IllegalArgumentException(operation + ": the world knows two persistent traits with the id '"
                        + t.name() + "'; pass the one to decode with in SnapshotOptions.traits");
            }
        }
        byId.putAll(known);
        return new Definitions(byId);
    }

    /** @return the definition of that id, or null */
    Trait<?> get(String id) {
        return byId.get(id);
    }
}
