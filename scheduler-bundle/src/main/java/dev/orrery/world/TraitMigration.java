package dev.orrery.world;

/**
 * One step of a persistent trait's migration chain: rewrites the tree of a value stored by version
 * {@code n} of the trait into the tree version {@code n + 1} decodes. Steps run in order before
 * decoding, so data of version 1 reaches version 3 through the steps from 1 and from 2.
 *
 * <p>A migration must be a pure function: no side effects, the same output for the same input (it
 * may run on any thread).
 *
 * @since 0.4
 */
@FunctionalInterface
public interface TraitMigration {

    /**
     * @param tree the value's tree as the older version wrote it; not null
     * @return the tree for the next version; not null
     * @throws IllegalArgumentException if the tree cannot be migrated; the message says why
     */
    Tree migrate(Tree tree);
}
