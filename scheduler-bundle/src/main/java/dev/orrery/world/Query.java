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
 * <p><b>Change filters.</b> {@link Builder#added} and {@link Builder#changed} narrow a query to the
 * entities whose trait was added, or changed (an add is also a change), <em>since the querying system
 * last ran in this world</em>: a system's first run sees every entity that has the trait; a system
 * that was skipped by its run condition or disabled sees everything since its previous run. Changes
 * are {@link World#set(long, Trait, Object) sets} of the entity's value, adds (published by the
 * transaction that stages them) and {@link World#markChanged(long, Trait)} of a value changed in
 * place. What a system changes itself while it runs (value writes, {@code markChanged}) is not
 * reported to it on its next run; what it stages is, once published. Outside a system (tools, tests,
 * code between run calls) a change query iterated with {@code forEach} or {@code entities()} sees the
 * changes since the previous such iteration of the same query in the same world ({@code count()} and
 * {@code isEmpty()} look without moving that window). A change filter's trait is also required, as if
 * given to {@link Builder#with}. The world tracks a trait from the first time a query filters on it;
 * entities that already have it then count as added and changed at that moment.
 *
 * <p>A query is an immutable description, independent of any world: define it once (e.g. as a
 * constant next to its system) and run it on any world with {@link World#query(Query)}, which keeps
 * the matching state per world and query. Two queries are equal when they have the same trait sets
 * and change filters (traits compared by identity, order ignored), so a query built anew each frame still hits the
 * world's cache; building it once avoids even that lookup's hashing.
 *
 * @since 0.1
 */
public final class Query {
    private final List<Trait<?>> allOf;
    private final List<Trait<?>> noneOf;
    private final List<Trait<?>> added;
    private final List<Trait<?>> changed;
    private final Set<Trait<?>> allSet;
    private final Set<Trait<?>> noneSet;
    private final Set<Trait<?>> addedSet;
    private final Set<Trait<?>> changedSet;
    private final int hash;

    private Query(List<Trait<?>> allOf, List<Trait<?>> noneOf, List<Trait<?>> added, List<Trait<?>> changed) {
        this.allOf = List.copyOf(allOf);
        this.noneOf = List.copyOf(noneOf);
        this.added = List.copyOf(added);
        this.changed = List.copyOf(changed);
        this.allSet = identitySet(allOf);
        this.noneSet = identitySet(noneOf);
        this.addedSet = identitySet(added);
        this.changedSet = identitySet(changed);
        this.hash = 31 * (31 * (31 * allSet.hashCode() + noneSet.hashCode()) + addedSet.hashCode())
                + changedSet.hashCode();
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

    /**
     * @return the traits an entity must all have, in the order given (unmodifiable): those given to
     *     {@link Builder#with}, then the traits of change filters not given there
     */
    public List<Trait<?>> allOf() {
        return allOf;
    }

    /** @return the traits whose add the query filters on ({@link Builder#added}), in the order given (unmodifiable) */
    public List<Trait<?>> added() {
        return added;
    }

    /** @return the traits whose change the query filters on ({@link Builder#changed}), in the order given (unmodifiable) */
    public List<Trait<?>> changed() {
        return changed;
    }

    /** @return whether the query has a change filter ({@link #added()} or {@link #changed()} not empty) */
    public boolean hasChangeFilter() {
        return !added.isEmpty() || !changed.isEmpty();
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
        return o == this || o instanceof Query q && hash == q.hash && allSet.equals(q.allSet) && noneSet.equals(q.noneSet)
                && addedSet.equals(q.addedSet) && changedSet.equals(q.changedSet);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("query [");
        for (int i = 0; i < allOf.size(); i++) {
            Trait<?> t = allOf.get(i);
            String filter = addedSet.contains(t) ? (changedSet.contains(t) ? "added, changed " : "added ")
                    : changedSet.contains(t) ? "changed " : "";
            sb.append(i == 0 ? "" : ", ").append(filter).append(t.name());
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
        private final List<Trait<?>> added = new ArrayList<>();
        private final List<Trait<?>> changed = new ArrayList<>();

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
         * Selects only entities whose trait was added since the querying system last ran (see the
         * class Javadoc, "Change filters"); the trait is also required.
         *
         * @param traits the traits; no nulls
         * @return this builder
         */
        public Builder added(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                added.add(Objects.requireNonNull(t, "Query.added: null trait"));
            }
            return this;
        }

        /**
         * Selects only entities whose trait was changed (set, added, or marked changed) since the
         * querying system last ran (see the class Javadoc, "Change filters"); the trait is also
         * required.
         *
         * @param traits the traits; no nulls
         * @return this builder
         */
        public Builder changed(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                changed.add(Objects.requireNonNull(t, "Query.changed: null trait"));
            }
            return this;
        }

        /**
         * @return the immutable query
         * @throws IllegalArgumentException if a trait appears twice in one list, or both in with (or a
         *     change filter) and without; the message names the trait
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
            List<Trait<?>> all = new ArrayList<>(allOf);
            filterTraits(added, "added", seen, excluded, all);
            filterTraits(changed, "changed", seen, excluded, all);
            return new Query(all, noneOf, added, changed);
        }

        private static void filterTraits(List<Trait<?>> filter, String kind, Set<Trait<?>> required,
                                         Set<Trait<?>> excluded, List<Trait<?>> all) {
            Set<Trait<?>> given = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Trait<?> t : filter) {
                if (!given.add(t)) {
                    throw new IllegalArgumentException("Query: trait '" + t.name() + "' is given twice in " + kind);
                }
                if (excluded.contains(t)) {
                    throw new IllegalArgumentException("Query: trait '" + t.name() + "' is in both " + kind
                            + " and without");
                }
                if (required.add(t)) {
                    all.add(t);
                }
            }
        }
    }
}
