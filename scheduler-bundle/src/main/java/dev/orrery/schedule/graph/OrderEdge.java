package dev.orrery.schedule.graph;

import java.util.Objects;

/**
 * Beyond the spec (Orrery's own): one resolved ordering declaration of a built schedule, as published
 * by {@link OrderGraph}: {@code from} runs before {@code to}, with who declared it and how.
 *
 * <p>An endpoint is a system or a set ({@link BuildItem.Kind#SYSTEM}, {@link BuildItem.Kind#SET}); a
 * set stands for its members, in each phase separately (SCH-128..130). The endpoints are resolved: a
 * by-object entry names a declared system or set, a by-name entry
 * ({@link Declaration#BEFORE_IF_PRESENT}, {@link Declaration#AFTER_IF_PRESENT}) names one that is
 * present (an absent name yields no edge).
 *
 * @param from the system or set that runs first
 * @param to the system or set that runs after it
 * @param declaration which builder method declared it
 * @param declaredBy the system or set whose builder declared it: {@code from} for
 *     {@link Declaration#BEFORE}/{@link Declaration#BEFORE_IF_PRESENT}, {@code to} for
 *     {@link Declaration#AFTER}/{@link Declaration#AFTER_IF_PRESENT}; its source is the plugin (or
 *     the schedule) that declared the edge
 * @since 0.1
 */
public record OrderEdge(BuildItem from, BuildItem to, Declaration declaration, BuildItem declaredBy) {
    /** The builder method that declared an edge. */
    public enum Declaration {
        /** {@code declaredBy.before(to)}. */
        BEFORE,
        /** {@code declaredBy.after(from)}. */
        AFTER,
        /** {@code declaredBy.beforeIfPresent("to")}: by name, an edge only when {@code to} is present. */
        BEFORE_IF_PRESENT,
        /** {@code declaredBy.afterIfPresent("from")}: by name, an edge only when {@code from} is present. */
        AFTER_IF_PRESENT;

        /** @return true for {@link #BEFORE} and {@link #BEFORE_IF_PRESENT} (declared by {@code from}) */
        public boolean declaredByFrom() {
            return this == BEFORE || this == BEFORE_IF_PRESENT;
        }

        /** @return true for the by-name kinds {@link #BEFORE_IF_PRESENT} and {@link #AFTER_IF_PRESENT} */
        public boolean byName() {
            return this == BEFORE_IF_PRESENT || this == AFTER_IF_PRESENT;
        }
    }

    /**
     * Checks for nulls, the kinds of the endpoints and that {@code declaredBy} is the declaring side.
     *
     * @throws NullPointerException if a component is null
     * @throws IllegalArgumentException if an endpoint is neither a system nor a set, or
     *     {@code declaredBy} is not {@code from} (for the before kinds) or {@code to} (for the after
     *     kinds)
     */
    public OrderEdge {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(declaration, "declaration");
        Objects.requireNonNull(declaredBy, "declaredBy");
        requireNode(from, "from");
        requireNode(to, "to");
        if (!declaredBy.equals(declaration.declaredByFrom() ? from : to)) {
            throw new IllegalArgumentException("order edge " + from.name() + " -> " + to.name() + ": declaredBy "
                    + declaredBy.name() + " is not the side that declares a " + declaration);
        }
    }

    private static void requireNode(BuildItem item, String which) {
        if (item.kind() != BuildItem.Kind.SYSTEM && item.kind() != BuildItem.Kind.SET) {
            throw new IllegalArgumentException("order edge: " + which + " " + item + " is neither a system nor a set");
        }
    }

    /** @return the name of the plugin that declared the edge, or the schedule's name ({@code declaredBy().source()}) */
    public String source() {
        return declaredBy.source();
    }

    /** @return the system or set the declaring builder named: {@code to} for the before kinds, else {@code from} */
    public BuildItem named() {
        return declaration.declaredByFrom() ? to : from;
    }

    /**
     * @return the declaration as code, e.g. {@code a.before(b)}, {@code b.after(S)},
     *     {@code render.afterIfPresent("physics")}
     */
    public String code() {
        String method = switch (declaration) {
            case BEFORE -> "before";
            case AFTER -> "after";
            case BEFORE_IF_PRESENT -> "beforeIfPresent";
            case AFTER_IF_PRESENT -> "afterIfPresent";
        };
        String arg = declaration.byName() ? "\"" + named().name() + "\"" : named().name();
        return declaredBy.name() + "." + method + "(" + arg + ")";
    }

    /** @return {@code 'a'} for a system, {@code set 'S'} for a set */
    static String label(BuildItem node) {
        return (node.kind() == BuildItem.Kind.SET ? "set '" : "'") + node.name() + "'";
    }

    /** @return e.g. {@code 'a' runs before set 'S' (a.before(S), from 'physics')} */
    @Override
    public String toString() {
        return label(from) + " runs before " + label(to) + " (" + code() + ", from '" + source() + "')";
    }
}
