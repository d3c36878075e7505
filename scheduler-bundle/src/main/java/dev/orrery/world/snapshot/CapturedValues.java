package dev.orrery.world.snapshot;

import dev.orrery.world.Entity;
import dev.orrery.world.Persistence;
import dev.orrery.world.TableCopy;
import dev.orrery.world.Trait;
import dev.orrery.world.Tree;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a capture keeps of a world's values, made on the world's thread: per entity table the value
 * references of its persistent columns (and its opaque data), each value shared, copied or encoded as
 * its codec allows ({@link dev.orrery.world.TraitCodec#canCopy()}); the world traits' values in the
 * same way; the ids seen, their versions and the transient traits skipped.
 *
 * <p>Implementation notes. The columns are the world's arrays copied by
 * {@link dev.orrery.world.World#copyTables}; a column whose codec cannot copy has its values replaced
 * by their trees in place ({@link Table#encoded}), so the writer tells the two apart per column, not
 * per value. Opaque data ({@link OpaqueTraits}) is immutable and shared. Nothing here refers to the
 * world afterwards, so the writer may run on any thread.
 */
final class CapturedValues {
    /** One captured table: handles by row, its traits in column order, columns (null: not captured). */
    record Table(long[] entities, List<Trait<?>> traits, Object[][] columns, boolean[] encoded) {
    }

    /** A world trait's value: shared, copied, or its tree ({@code encoded}). */
    record WorldValue(Trait<?> trait, Object value, boolean encoded) {
    }

    private final Map<String, Trait<?>> owners = new HashMap<>();
    /** The versions of the persistent traits seen (opaque data's versions are added by the writer). */
    final TreeMap<String, Integer> versions = new TreeMap<>();
    final TreeSet<String> skipped = new TreeSet<>();

    /** Checks, copies or encodes a copied table's persistent columns in place. */
    Table table(TableCopy copy) {
        List<Trait<?>> traits = copy.traits();
        Object[][] columns = new Object[traits.size()][];
        boolean[] encoded = new boolean[traits.size()];
        for (int c = 0; c < columns.length; c++) {
            Trait<?> t = traits.get(c);
            Object[] column = copy.column(c);
            if (t == OpaqueTraits.TRAIT) {
                columns[c] = column;
            } else if (persistence(t) == null) {
                skipped.add(t.name());
            } else {
                encoded[c] = keep(t, column, copy.entities());
                columns[c] = column;
            }
        }
        return new Table(copy.entities(), traits, columns, encoded);
    }

    /** @return the world trait's value as kept, or null for a transient one (then skipped) */
    WorldValue worldValue(Trait<?> t, Object value) {
        if (t == OpaqueTraits.TRAIT) {
            return new WorldValue(t, value, false);
        }
        if (persistence(t) == null) {
            skipped.add(t.name());
            return null;
        }
        Object[] one = {value};
        boolean encoded = keep(t, one, null);
        return new WorldValue(t, one[0], encoded);
    }

    @SuppressWarnings("unchecked")
    private static Persistence<Object> persistence(Trait<?> t) {
        return ((Trait<Object>) t).persistence().orElse(null);
    }

    /**
     * Registers a persistent trait and replaces each value by its copy, or by its tree if the codec
     * cannot copy.
     *
     * @param entities the handles by row, or null for the world
     * @return whether the values were replaced by trees
     */
    private boolean keep(Trait<?> trait, Object[] values, long[] entities) {
        Persistence<Object> p = persistence(trait);
        Trait<?> owner = owners.putIfAbsent(trait.name(), trait);
        if (owner != null && owner != trait) {
            throw new IllegalArgumentException("WorldSnapshot.capture: two different persistent traits have the id '"
                    + trait.name() + "' (from " + owner.origin().getName() + " and " + trait.origin().getName()
                    + "); give each a unique name");
        }
        versions.merge(trait.name(), p.version(), Math::max);
        var codec = p.codec();
        boolean copies = codec.canCopy();
        for (int i = 0; i < values.length; i++) {
            Object kept;
            try {
                kept = copies ? codec.copy(values[i]) : codec.encode(values[i]);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("WorldSnapshot.capture: trait '" + trait.name() + "' of "
                        + where(entities, i) + ": its codec failed" + (copies ? " to copy" : "") + ": " + e.getMessage(), e);
            }
            if (kept == null) {
                throw new IllegalArgumentException("WorldSnapshot.capture: trait '" + trait.name() + "' of "
                        + where(entities, i) + ": its codec returned null" + (copies ? " from copy" : ""));
            }
            values[i] = kept;
        }
        return !copies;
    }

    static String where(long[] entities, int row) {
        return entities == null ? "the world" : "entity " + Entity.toString(entities[row]);
    }

    /** @return an entry of a world's or entity's trait map: its version and value */
    static Tree entry(int version, Tree value) {
        return Tree.obj("version", Tree.of(version), "value", value);
    }
}
