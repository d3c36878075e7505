package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.BuildItem;
import dev.orrery.schedule.graph.OrderEdge;
import java.util.Objects;

/**
 * One ordering edge between two systems of a schedule, after set expansion (SCH-128, SCH-129):
 * {@code from} runs before {@code to}, together with who declared it.
 *
 * @param from the system that runs first
 * @param to the system that runs after it
 * @param kind which declaration produced the edge
 * @param declaredBy the name of the system or set whose {@code before}/{@code after} list holds the
 *     entry
 * @param via the set the entry named and that was expanded to reach {@code from} or {@code to}
 *     ({@link Kind#SYSTEM_BEFORE_SET}, {@link Kind#SYSTEM_AFTER_SET}), or the other set of a set-level
 *     edge ({@link Kind#SET_BEFORE}, {@link Kind#SET_AFTER}); null for a direct system edge
 * @param plugin the plugin that declared the system or set {@code declaredBy} (the schedule's name when
 *     the schedule declared it)
 * @param declared the scheduler's own record of the declaration (an edge of
 *     {@link dev.orrery.schedule.graph.OrderGraph}), which also tells by-name
 *     ({@code beforeIfPresent}/{@code afterIfPresent}) entries apart
 *
 * @since 0.1
 */
public record SystemEdge(EcsSystem from, EcsSystem to, Kind kind, String declaredBy, SystemSet via, String plugin,
                         OrderEdge declared) {
    /** Which declaration produced an edge. */
    public enum Kind {
        /** {@code from.before} lists {@code to}. */
        SYSTEM_BEFORE,
        /** {@code to.after} lists {@code from}. */
        SYSTEM_AFTER,
        /** {@code from.before} lists a set that {@code to} is a member of (SCH-128). */
        SYSTEM_BEFORE_SET,
        /** {@code to.after} lists a set that {@code from} is a member of (SCH-128). */
        SYSTEM_AFTER_SET,
        /** A set of {@code from} lists a set of {@code to} in its {@code before} (SCH-129). */
        SET_BEFORE,
        /** A set of {@code to} lists a set of {@code from} in its {@code after} (SCH-129). */
        SET_AFTER
    }

    /** Checks for nulls. */
    public SystemEdge {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(declaredBy, "declaredBy");
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(declared, "declared");
    }

    /**
     * @return the declaration in words, e.g. {@code system a: before b (plugin p)} or
     *     {@code set physics: before set render (plugin p)}
     */
    public String declaration() {
        if (declared.declaration().byName()) {
            // by name: say so, in the scheduler's code form
            return (declared.declaredBy().kind() == BuildItem.Kind.SET ? "set " : "system ") + declaredBy + ": "
                    + declared.code().substring(declaredBy.length() + 1) + " (plugin " + plugin + ")";
        }
        String what = switch (kind) {
            case SYSTEM_BEFORE -> "system " + declaredBy + ": before " + to.name();
            case SYSTEM_AFTER -> "system " + declaredBy + ": after " + from.name();
            case SYSTEM_BEFORE_SET -> "system " + declaredBy + ": before set " + via.name();
            case SYSTEM_AFTER_SET -> "system " + declaredBy + ": after set " + via.name();
            case SET_BEFORE -> "set " + declaredBy + ": before set " + via.name();
            case SET_AFTER -> "set " + declaredBy + ": after set " + via.name();
        };
        return what + " (plugin " + plugin + ")";
    }

    @Override
    public String toString() {
        return from.name() + " -> " + to.name() + "  " + declaration();
    }
}
