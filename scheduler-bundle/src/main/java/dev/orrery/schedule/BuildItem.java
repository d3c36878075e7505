package dev.orrery.schedule;

import java.util.Objects;

/**
 * One item named by a {@link BuildProblem}: a plugin, phase, set or system, and where it was declared.
 *
 * @param kind what the item is
 * @param name its name
 * @param source the name of the plugin that declared it, or the schedule's name when the schedule
 *     declared it itself; for an item that is referenced but declared nowhere (an unknown phase, set
 *     or system), the source of the item that refers to it; for a {@link Kind#PLUGIN} item, the
 *     plugin's own name
 */
public record BuildItem(Kind kind, String name, String source) {
    /** What a {@link BuildItem} is. */
    public enum Kind {
        /** A plugin ({@link BuildProblem.Kind#DUPLICATE_PLUGIN}); its source is its own name. */
        PLUGIN,
        /** A phase. */
        PHASE,
        /** A system set. */
        SET,
        /** A system. */
        SYSTEM
    }

    /** Checks for nulls. */
    public BuildItem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + " '" + name + "' (from " + source + ")";
    }
}
