package dev.orrery.world.snapshot;

import dev.orrery.world.Tree;
import java.util.Objects;

/**
 * Saved data of a trait the running code cannot decode: no definition of that id is known, or the data
 * is of a newer version than the definition. Kept as it was read and written back unchanged by the
 * next save, until {@link WorldSnapshot#rehydrate} finds a definition that reads it.
 *
 * @param id the trait's stable id (its name); not null
 * @param version the version that wrote the data, {@code >= 1}
 * @param value the data; not null
 *
 * @since 0.4
 */
public record OpaqueTrait(String id, int version, Tree value) {
    /**
     * @throws NullPointerException if {@code id} or {@code value} is null
     * @throws IllegalArgumentException if {@code version < 1}
     */
    public OpaqueTrait {
        Objects.requireNonNull(id, "OpaqueTrait: id is null");
        Objects.requireNonNull(value, "OpaqueTrait: value is null");
        if (version < 1) {
            throw new IllegalArgumentException("OpaqueTrait '" + id + "': version " + version + " is below 1");
        }
    }
}
