package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@link EcsSystem.Builder} and {@link SystemSet.Builder} share: the ordering and the run
 * conditions of a node of the order graph ({@link NodeConfig}). Each method adds to what earlier calls
 * gave, in call order; none replaces it. Not thread-safe, like the builders.
 *
 * <p>Only the two builders of this package extend it.
 *
 * @param <T> what {@code before}/{@code after} may name: {@link OrderTarget} (systems and sets) for a
 *     system, {@link SystemSet} for a set
 * @param <B> the builder itself, returned by every method for chaining
 * @since 0.1
 */
public abstract class NodeBuilder<T extends OrderTarget, B extends NodeBuilder<T, B>> {
    /** The node in messages, e.g. {@code defineSystem 'move'} or {@code defineSet 'physics'}. */
    private final String owner;
    private final List<T> before = new ArrayList<>();
    private final List<T> after = new ArrayList<>();
    private final List<String> beforeIfPresent = new ArrayList<>();
    private final List<String> afterIfPresent = new ArrayList<>();
    private final List<Condition> conditions = new ArrayList<>();

    NodeBuilder(String owner) {
        this.owner = owner;
    }

    /** @return this builder, as its own type */
    abstract B self();

    /**
     * The node runs before each target: a system runs before those systems and before every member of
     * those sets (SCH-013, SCH-128); every member of a set runs before every member of those sets
     * (SCH-129).
     *
     * @param targets the targets; no nulls
     * @return this builder
     * @throws NullPointerException if a target is null; the message names the node
     */
    @SafeVarargs
    public final B before(T... targets) {
        for (T t : targets) {
            before.add(Objects.requireNonNull(t, () -> owner + ": null in before"));
        }
        return self();
    }

    /**
     * The node runs after each target (the mirror of {@link #before}).
     *
     * @param targets the targets; no nulls
     * @return this builder
     * @throws NullPointerException if a target is null; the message names the node
     */
    @SafeVarargs
    public final B after(T... targets) {
        for (T t : targets) {
            after.add(Objects.requireNonNull(t, () -> owner + ": null in after"));
        }
        return self();
    }

    /**
     * Adds a run condition (SCH-118, SCH-132). Each call adds one: all must hold (AND), tested in the
     * order of the calls, short-circuiting; a system's own conditions are tested after those of its
     * sets.
     *
     * @param condition the condition; not null
     * @return this builder
     * @throws NullPointerException if {@code condition} is null; the message names the node
     */
    public final B runIf(Condition condition) {
        conditions.add(Objects.requireNonNull(condition, () -> owner + ": runIf condition is null"));
        return self();
    }

    /**
     * Beyond the spec (Orrery's optional ordering, after the coroutine-pipeline reference): the node
     * runs before the system or set of that name when the schedule has one; the entry adds nothing (no
     * problem, no waiting) when it has none. A name matching both a system and a set orders against
     * both. Within a phase the edge acts like a {@link #before} entry; against the phase order it is a
     * build problem like any edge (SCH-016). A set's entry joins its members per phase (SCH-129,
     * SCH-130).
     *
     * @param name the name of a system or set that may be absent; not null or blank
     * @return this builder
     * @throws IllegalArgumentException if the name is null, empty or blank, or contains a character
     *     {@link ItemNames} forbids; the message names the node
     */
    public final B beforeIfPresent(String name) {
        beforeIfPresent.add(RequiredName.check(name, owner + ": beforeIfPresent"));
        return self();
    }

    /**
     * Beyond the spec (Orrery's optional ordering): the node runs after the system or set of that name
     * when the schedule has one; nothing when it has none (see {@link #beforeIfPresent}).
     *
     * @param name the name of a system or set that may be absent; not null or blank
     * @return this builder
     * @throws IllegalArgumentException if the name is null, empty or blank, or contains a character
     *     {@link ItemNames} forbids; the message names the node
     */
    public final B afterIfPresent(String name) {
        afterIfPresent.add(RequiredName.check(name, owner + ": afterIfPresent"));
        return self();
    }

    /** @return what was given so far, as an immutable value */
    final NodeConfig<T> config() {
        return new NodeConfig<>(before, after, beforeIfPresent, afterIfPresent, conditions);
    }
}
