package dev.orrery.world;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a query selects: entities that have every trait of {@link #allOf()} and none of
 * {@link #noneOf()}. A query with no traits selects every entity.
 *
 * <p>A query is an immutable description, independent of any world: define it once (e.g. as a
 * constant next to its system) and run it on any world with {@link World#query(Query)}, which keeps
 * the matching state per world and query. Two queries are equal when they have the same trait sets
 * (traits compared by identity, order ignored), so a query built anew each frame still hits the
 * world's cache; building it once avoids even that lookup's hashing.
 *
 * @since 0.1
 */
public final class Query {
    private final List<Trait<?>> allOf;
    private final List<Trait<?>> noneOf;
    private final Set<Trait<?>> allSet;
    private final Set<Trait<?>> noneSet;
    private final int hash;

    private Query(List<Trait<?>> allOf, List<Trait<?>> noneOf) {
        this.allOf = List.copyOf(allOf);
        this.noneOf = List.copyOf(noneOf);
        this.allSet = identitySet(allOf);
        this.noneSet = identitySet(noneOf);
        this.hash = 31 * allSet.hashCode() + noneSet.hashCode();
    }

    private static Set<Trait<?>> identitySet(List<Trait<?>> traits) {
        Set<Trait<?>> set = Collections.newSetFromMap(new IdentityHashMap<>());
        set.addAll(traits);
        return Collections.unmodifiableSet(set);
    }

    /**
     * A query for entities that have all the given traits.
     *
     * @param allOf the required traits; no nulls, no duplicates
     * @return the query
     * @throws NullPointerException if a trait is null
     * @throws IllegalArgumentException if a trait is given twice; the message names it
     */
    public static Query of(Trait<?>... allOf) {
        return builder().with(allOf).build();
    }

    /** @return a builder for a query with all-of and none-of traits */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the traits an entity must all have, in the order given (unmodifiable) */
    public List<Trait<?>> allOf() {
        return allOf;
    }

    /** @return the traits an entity must not have, in the order given (unmodifiable) */
    public List<Trait<?>> noneOf() {
        return noneOf;
    }

    /**
     * @param trait a trait
     * @return whether it is one of {@link #allOf()}
     */
    public boolean requires(Trait<?> trait) {
        return allSet.contains(trait);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Query q && hash == q.hash && allSet.equals(q.allSet) && noneSet.equals(q.noneSet);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("query [");
        for (int i = 0; i < allOf.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(allOf.get(i).name());
        }
        for (Trait<?> t : noneOf) {
            sb.append(sb.charAt(sb.length() - 1) == '[' ? "!" : ", !").append(t.name());
        }
        return sb.append(']').toString();
    }

    /** Builds a {@link Query}. Not thread-safe; each {@link #build()} returns a new query. */
    public static final class Builder {
        private final List<Trait<?>> allOf = new ArrayList<>();
        private final List<Trait<?>> noneOf = new ArrayList<>();

        private Builder() {
        }

        /**
         * @param traits traits an entity must all have; no nulls
         * @return this builder
         */
        public Builder with(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                allOf.add(Objects.requireNonNull(t, "Query.with: null trait"));
            }
            return this;
        }

        /**
         * @param traits traits an entity must not have; no nulls
         * @return this builder
         */
        public Builder without(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                noneOf.add(Objects.requireNonNull(t, "Query.without: null trait"));
            }
            return this;
        }

        /**
         * @return the immutable query
         * @throws IllegalArgumentException if a trait appears twice, or both in with and without; the
         *     message names the trait
         */
        public Query build() {
            Set<Trait<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Trait<?> t : allOf) {
                if (!seen.add(t)) {
                    throw new IllegalArgumentException("Query: trait '" + t.name() + "' is given twice in with");
                }
            }
            Set<Trait<?>> excluded = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Trait<?> t : noneOf) {
                if (seen.contains(t)) {
                    throw new IllegalArgumentException("Query: trait '" + t.name() + "' is in both with and without");
                }
                if (!excluded.add(t)) {
                    throw new IllegalArgumentException("Query: trait '" + t.name() + "' is given twice in without");
                }
            }
            return new Query(allOf, noneOf);
        }
    }
}
