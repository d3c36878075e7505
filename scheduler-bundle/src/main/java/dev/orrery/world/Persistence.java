package dev.orrery.world;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How a persistent trait is saved: its current version, its codec and the migrations from older
 * versions ({@link Trait.Builder#persistent}, {@link Trait.Builder#migration}). The trait's
 * {@linkplain Trait#name() name} is its stable id in snapshots.
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the value type
 *
 * @since 0.4
 */
public final class Persistence<T> {
    private final int version;
    private final TraitCodec<T> codec;
    private final Map<Integer, TraitMigration> migrations;

    Persistence(int version, TraitCodec<T> codec, Map<Integer, TraitMigration> migrations) {
        this.version = version;
        this.codec = codec;
        this.migrations = Map.copyOf(migrations);
    }

    /** @return the version the running code writes and decodes, {@code >= 1} */
    public int version() {
        return version;
    }

    /** @return the codec */
    public TraitCodec<T> codec() {
        return codec;
    }

    /** @return the migrations by the version they start from (to that version plus one), in order */
    public Map<Integer, TraitMigration> migrations() {
        return new TreeMap<>(migrations);
    }

    /**
     * Whether data stored by {@code storedVersion} can be read: it is not newer than {@link #version()}
     * and every step up to it has a migration.
     *
     * @param storedVersion the version the data was written with
     * @return whether {@link #upgrade} succeeds for that version
     */
    public boolean canRead(int storedVersion) {
        if (storedVersion < 1 || storedVersion > version) {
            return false;
        }
        for (int v = storedVersion; v < version; v++) {
            if (!migrations.containsKey(v)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Runs the migrations from {@code storedVersion} up to {@link #version()}, in order.
     *
     * @param storedVersion the version the data was written with, {@code 1} to {@link #version()}
     * @param tree the stored tree; not null
     * @return the tree for the current version ({@code tree} itself when already current)
     * @throws IllegalArgumentException if the version is newer than the current one or below 1, a step
     *     has no migration, or a migration throws or returns null; the message names the step
     */
    public Tree upgrade(int storedVersion, Tree tree) {
        Objects.requireNonNull(tree, "Persistence.upgrade: tree is null");
        if (storedVersion < 1 || storedVersion > version) {
            throw new IllegalArgumentException("version " + storedVersion + " cannot be upgraded to version " + version);
        }
        Tree t = tree;
        for (int v = storedVersion; v < version; v++) {
            TraitMigration step = migrations.get(v);
            if (step == null) {
                throw new IllegalArgumentException("no migration from version " + v + " to " + (v + 1));
            }
            try {
                t = step.migrate(t);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("migration from version " + v + " to " + (v + 1) + " failed: " + e.getMessage(), e);
            }
            if (t == null) {
                throw new IllegalArgumentException("migration from version " + v + " to " + (v + 1) + " returned null");
            }
        }
        return t;
    }

    @Override
    public String toString() {
        return "Persistence[version " + version + ", " + codec + ", migrations from " + migrations().keySet() + "]";
    }
}
