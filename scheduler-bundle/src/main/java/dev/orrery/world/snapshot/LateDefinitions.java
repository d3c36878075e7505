package dev.orrery.world.snapshot;

import dev.orrery.world.Persistence;
import dev.orrery.world.Trait;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Decodes opaque world data for persistent world traits whose definition a world meets only on first
 * use: state a library creates lazily (a schedule's state record, the pass clock, fixed-step clocks,
 * virtual time, a run condition's timer), which a restore into a world that has not used it yet keeps
 * as {@link OpaqueTraits opaque data} because no definition was known then.
 *
 * <p>Call {@link #worldValue} where such a trait is found absent, before creating its default; it is
 * one world-trait read when the world holds no opaque data. Unlike {@link WorldSnapshot#rehydrate} it
 * touches only the world's value of one trait, so it may run inside a schedule's run call (world traits
 * are not staged).
 *
 * @since 0.4
 */
public final class LateDefinitions {
    private static final System.Logger LOG = System.getLogger("dev.orrery.world.snapshot");

    private LateDefinitions() {
    }

    /**
     * If the world holds opaque data of {@code trait}'s id, of a version the trait reads, decodes it
     * (migrations first), sets it as the world's value of {@code trait} and removes the opaque entry.
     * Data the trait cannot read (a newer version) stays opaque; a decoding failure leaves it opaque and
     * logs one WARNING naming the trait. World thread only.
     *
     * @param world the world; not null
     * @param trait a persistent world trait; a transient one finds nothing
     * @param <T> the value type
     * @return the decoded value, now the world's value of {@code trait}, or null when there was nothing
     *     to decode (the world's value is then unchanged)
     */
    public static <T> T worldValue(World world, Trait<T> trait) {
        OpaqueTraits opaque = world.get(OpaqueTraits.TRAIT);
        if (opaque == null) {
            return null;
        }
        Objects.requireNonNull(trait, "LateDefinitions.worldValue: trait is null");
        OpaqueTrait entry = opaque.byId().get(trait.name());
        Persistence<T> p = trait.persistence().orElse(null);
        if (entry == null || p == null || !p.canRead(entry.version())) {
            return null;
        }
        T value;
        try {
            Tree current = p.upgrade(entry.version(), entry.value());
            value = p.codec().decode(current);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "trait '" + trait.name() + "' of the world (version " + entry.version()
                    + ") stays opaque: " + e.getMessage());
            return null;
        }
        if (value == null) {
            return null;
        }
        List<OpaqueTrait> rest = new ArrayList<>(opaque.byId().values());
        rest.remove(entry);
        world.set(trait, value);
        if (rest.isEmpty()) {
            world.remove(OpaqueTraits.TRAIT);
        } else {
            world.set(OpaqueTraits.TRAIT, OpaqueTraits.of(rest));
        }
        return value;
    }
}
