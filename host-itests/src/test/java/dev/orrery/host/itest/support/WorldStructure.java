package dev.orrery.host.itest.support;

import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The structure of a world at one moment: how many entities live and, for each live entity that has
 * traits, the names of its traits (its archetype). Taken inside a system it shows the committed
 * state, which is the state of the last publish (queries do not see what is staged); taken by a frame
 * task it shows the world as it is. Values are not part of it. Immutable.
 *
 * @param entityCount the live entities, those without traits included
 * @param traitsByEntity each live entity with traits (its handle) and its trait names, sorted
 */
public record WorldStructure(int entityCount, SortedMap<Long, List<String>> traitsByEntity) {
    /** Copies the map. */
    public WorldStructure {
        traitsByEntity = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(traitsByEntity));
    }

    /**
     * @param world the world; on its thread
     * @return its structure as its queries see it now
     */
    public static WorldStructure of(World world) {
        SortedMap<Long, List<String>> traits = new TreeMap<>();
        for (Trait<?> t : world.entityTraits()) {
            for (long e : world.query(Query.of(t)).entities()) {
                traits.computeIfAbsent(e, x -> new ArrayList<>()).add(t.name());
            }
        }
        traits.replaceAll((e, names) -> List.copyOf(new TreeSet<>(names)));
        return new WorldStructure(world.entityCount(), traits);
    }

    /** @return the distinct archetypes (sets of trait names) of the live entities with traits */
    public Set<List<String>> archetypes() {
        return Set.copyOf(traitsByEntity.values());
    }

    /**
     * @param other a later snapshot
     * @return what differs, one clause per entity, or "" when nothing does
     */
    public String differences(WorldStructure other) {
        StringBuilder sb = new StringBuilder();
        if (entityCount != other.entityCount) {
            sb.append("entity count ").append(entityCount).append(" -> ").append(other.entityCount).append("; ");
        }
        Set<Long> all = new TreeSet<>(traitsByEntity.keySet());
        all.addAll(other.traitsByEntity.keySet());
        for (long e : all) {
            List<String> a = traitsByEntity.get(e);
            List<String> b = other.traitsByEntity.get(e);
            if (!java.util.Objects.equals(a, b)) {
                sb.append("entity ").append(Long.toHexString(e)).append(' ').append(a == null ? "absent" : a)
                        .append(" -> ").append(b == null ? "absent" : b).append("; ");
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return entityCount + " entities, archetypes " + archetypes() + ", by entity " + Map.copyOf(traitsByEntity);
    }
}
