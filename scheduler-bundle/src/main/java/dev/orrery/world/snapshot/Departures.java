package dev.orrery.world.snapshot;

import dev.orrery.world.Entity;
import dev.orrery.world.Persistence;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the values of a departing persistent trait into opaque data ({@link WorldSnapshot#keepOpaque})
 * and the opaque data of one trait id back into values ({@link WorldSnapshot#adopt}).
 *
 * <p>Implementation notes. Both run in two steps: every value is encoded (or decoded) first, and the
 * world changes only once all of them succeeded, so a codec failure leaves the world as it was. The
 * opaque data holds trees only (the {@link Tree} types are the scheduler's, their leaves JDK strings
 * and numbers): nothing of the departing trait's classes, nor the {@link Trait} object, stays in the
 * world, so its class loader can be collected. The entities with a trait are found through a cached
 * query, which {@link World#forget} drops with the trait; the query over {@link OpaqueTraits#TRAIT} is
 * the scheduler's own and stays cached. No Jackson class is used here: a host without Jackson keeps
 * and adopts opaque data too (it cannot save it).
 */
final class Departures {
    private Departures() {
    }

    /** One value to put on an entity. */
    private record Change<V>(long entity, V value) {
    }

    static <T> int keepOpaque(World world, Trait<T> trait) {
        Persistence<T> p = trait.persistence().orElseThrow(() -> new IllegalArgumentException(
                "WorldSnapshot.keepOpaque: trait '" + trait.name() + "' is not persistent; forget it instead"));
        OpaqueTrait worldEntry = world.has(trait) ? encode(p, trait, world.get(trait), "the world") : null;
        List<Change<OpaqueTrait>> kept = new ArrayList<>();
        for (long e : world.query(Query.of(trait)).entities()) {
            kept.add(new Change<>(e, encode(p, trait, world.get(e, trait), "entity " + Entity.toString(e))));
        }
        world.forget(trait);
        if (worldEntry != null) {
            world.set(OpaqueTraits.TRAIT, with(world.has(OpaqueTraits.TRAIT) ? world.get(OpaqueTraits.TRAIT) : null, worldEntry));
        }
        for (Change<OpaqueTrait> c : kept) {
            OpaqueTraits old = world.has(c.entity(), OpaqueTraits.TRAIT) ? world.get(c.entity(), OpaqueTraits.TRAIT) : null;
            world.set(c.entity(), OpaqueTraits.TRAIT, with(old, c.value()));
        }
        return kept.size() + (worldEntry == null ? 0 : 1);
    }

    private static <T> OpaqueTrait encode(Persistence<T> p, Trait<T> trait, T value, String where) {
        Tree tree;
        try {
            tree = p.codec().encode(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("WorldSnapshot.keepOpaque: trait '" + trait.name() + "' of " + where
                    + ": its codec failed: " + e.getMessage(), e);
        }
        if (tree == null) {
            throw new IllegalArgumentException("WorldSnapshot.keepOpaque: trait '" + trait.name() + "' of " + where
                    + ": its codec returned null");
        }
        return new OpaqueTrait(trait.name(), p.version(), tree);
    }

    /** @return {@code old} (or none) with {@code entry} in place of any entry of its id */
    private static OpaqueTraits with(OpaqueTraits old, OpaqueTrait entry) {
        List<OpaqueTrait> entries = new ArrayList<>();
        if (old != null) {
            old.byId().values().stream().filter(o -> !o.id().equals(entry.id())).forEach(entries::add);
        }
        entries.add(entry);
        return OpaqueTraits.of(entries);
    }

    static <T> int adopt(World world, Trait<T> trait) {
        Persistence<T> p = trait.persistence().orElseThrow(() -> new IllegalArgumentException(
                "WorldSnapshot.adopt: trait '" + trait.name() + "' is not persistent; only persistent traits have opaque data"));
        String id = trait.name();
        OpaqueTraits worldOpaque = world.has(OpaqueTraits.TRAIT) ? world.get(OpaqueTraits.TRAIT) : OpaqueTraits.EMPTY;
        OpaqueTrait worldEntry = worldOpaque.byId().get(id);
        T worldValue = worldEntry == null ? null : decode(p, trait, worldEntry, "the world");
        List<Change<T>> decoded = new ArrayList<>();
        for (long e : world.query(Query.of(OpaqueTraits.TRAIT)).entities()) {
            OpaqueTrait entry = world.get(e, OpaqueTraits.TRAIT).byId().get(id);
            if (entry != null) {
                decoded.add(new Change<>(e, decode(p, trait, entry, "entity " + Entity.toString(e))));
            }
        }
        if (worldValue != null) {
            world.set(trait, worldValue);
            OpaqueTraits left = worldOpaque.without(id);
            if (left.isEmpty()) {
                world.remove(OpaqueTraits.TRAIT);
            } else {
                world.set(OpaqueTraits.TRAIT, left);
            }
        }
        for (Change<T> c : decoded) {
            world.set(c.entity(), trait, c.value());
            OpaqueTraits left = world.get(c.entity(), OpaqueTraits.TRAIT).without(id);
            if (left.isEmpty()) {
                world.remove(c.entity(), OpaqueTraits.TRAIT);
            } else {
                world.set(c.entity(), OpaqueTraits.TRAIT, left);
            }
        }
        return decoded.size() + (worldValue == null ? 0 : 1);
    }

    private static <T> T decode(Persistence<T> p, Trait<T> trait, OpaqueTrait entry, String where) {
        String what = "WorldSnapshot.adopt: trait '" + trait.name() + "' of " + where + " (version " + entry.version() + ")";
        if (entry.version() > p.version()) {
            throw new IllegalArgumentException(what + " was saved by a newer version than the running code's "
                    + p.version() + "; it stays opaque data, not downgraded");
        }
        T value;
        try {
            value = p.codec().decode(p.upgrade(entry.version(), entry.value()));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(what + " cannot be decoded, it stays opaque data: " + firstLine(e.getMessage()), e);
        }
        if (value == null) {
            throw new IllegalArgumentException(what + " cannot be decoded, it stays opaque data: the codec returned null");
        }
        return value;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no message";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
