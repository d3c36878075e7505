package dev.orrery.world.snapshot;

import dev.orrery.world.Trait;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The opaque data an entity or the world holds ({@link OpaqueTrait}), by trait id: the value of
 * {@link #TRAIT}, as an entity trait (on the entity whose data it is) or a world trait (for world
 * traits' data). Restores put it there; saves write its entries back next to the entity's decoded
 * traits; {@link WorldSnapshot#rehydrate} turns entries into traits once a definition is known.
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.4
 */
public final class OpaqueTraits {
    /** No opaque data. */
    public static final OpaqueTraits EMPTY = new OpaqueTraits(new TreeMap<>());

    /** The trait that holds an entity's or the world's opaque data (transient itself: saves expand it). */
    public static final Trait<OpaqueTraits> TRAIT = Trait.withDefault("orrery/opaque traits", EMPTY);

    private final Map<String, OpaqueTrait> byId;

    private OpaqueTraits(TreeMap<String, OpaqueTrait> byId) {
        this.byId = Collections.unmodifiableMap(byId);
    }

    /**
     * @param entries opaque data, at most one per id
     * @return the set
     * @throws IllegalArgumentException if an id is given twice
     */
    public static OpaqueTraits of(Collection<OpaqueTrait> entries) {
        TreeMap<String, OpaqueTrait> m = new TreeMap<>();
        for (OpaqueTrait e : entries) {
            if (m.put(e.id(), e) != null) {
                throw new IllegalArgumentException("OpaqueTraits: trait '" + e.id() + "' is given twice");
            }
        }
        return m.isEmpty() ? EMPTY : new OpaqueTraits(m);
    }

    /** @return the entries by trait id, sorted by id; unmodifiable */
    public Map<String, OpaqueTrait> byId() {
        return byId;
    }

    /** @return whether there is no entry */
    public boolean isEmpty() {
        return byId.isEmpty();
    }

    /** @return a copy without the entry of that id */
    OpaqueTraits without(String id) {
        TreeMap<String, OpaqueTrait> m = new TreeMap<>(byId);
        m.remove(id);
        return m.isEmpty() ? EMPTY : new OpaqueTraits(m);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OpaqueTraits t && t.byId.equals(byId);
    }

    @Override
    public int hashCode() {
        return byId.hashCode();
    }

    @Override
    public String toString() {
        return "OpaqueTraits" + byId.keySet();
    }
}
