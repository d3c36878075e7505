package dev.orrery.schedule;

import java.util.List;

/**
 * How a node of a schedule's order graph, a system or a set, is ordered and gated: what it runs before
 * and after, by object and by name, and its run conditions. {@link EcsSystem} and {@link SystemSet}
 * hold one each ({@link EcsSystem#config()}, {@link SystemSet#config()}); their builders write it
 * through the methods they share ({@link NodeBuilder}).
 *
 * <ul>
 *   <li>{@link #before()}/{@link #after()}: by object. A system names systems or sets (a set expands
 *       to all its members, SCH-128); a set names sets (SCH-129): the type parameter says which.</li>
 *   <li>{@link #beforeIfPresent()}/{@link #afterIfPresent()}: beyond the spec, by name, a system or a
 *       set; an edge only when the schedule has one of that name.</li>
 *   <li>{@link #conditions()}: the run conditions, one per {@code runIf}, in declaration order. All
 *       must hold (AND, short-circuiting, SCH-118); a set's gate each of its members (SCH-132). Beyond
 *       the spec, which has one condition per system or set: Orrery accumulates them as Bevy does.</li>
 * </ul>
 *
 * <p>Immutable; every list is an unmodifiable copy. Compared by identity, like the systems and sets
 * that hold it.
 *
 * @param <T> what {@code before}/{@code after} may name: {@link OrderTarget} for a system,
 *     {@link SystemSet} for a set
 * @since 0.1
 */
public final class NodeConfig<T extends OrderTarget> {
    private final List<T> before;
    private final List<T> after;
    private final List<String> beforeIfPresent;
    private final List<String> afterIfPresent;
    private final List<Condition> conditions;

    NodeConfig(List<T> before, List<T> after, List<String> beforeIfPresent, List<String> afterIfPresent,
               List<Condition> conditions) {
        this.before = List.copyOf(before);
        this.after = List.copyOf(after);
        this.beforeIfPresent = List.copyOf(beforeIfPresent);
        this.afterIfPresent = List.copyOf(afterIfPresent);
        this.conditions = List.copyOf(conditions);
    }

    /** @return what the node runs before, in declared order (unmodifiable) */
    public List<T> before() {
        return before;
    }

    /** @return what the node runs after, in declared order (unmodifiable) */
    public List<T> after() {
        return after;
    }

    /** @return names of systems or sets the node runs before when present, in declared order (unmodifiable) */
    public List<String> beforeIfPresent() {
        return beforeIfPresent;
    }

    /** @return names of systems or sets the node runs after when present, in declared order (unmodifiable) */
    public List<String> afterIfPresent() {
        return afterIfPresent;
    }

    /** @return the run conditions, in declaration order (unmodifiable; empty when none) */
    public List<Condition> conditions() {
        return conditions;
    }
}
