package dev.orrery.schedule.graph;

import java.util.Objects;

/**
 * A declared item of a schedule, by name: a plugin, phase, set or system, and where it was declared.
 * The items a build problem names ({@code BuildProblem.items()}), the nodes of a failed build's cycles
 * ({@link BuildCycle}) and of a built schedule's order graph ({@link OrderGraph}: systems and sets) and
 * the systems of its {@link AccessReport}. Names are unique per kind in a schedule (SCH-023, SCH-138),
 * so kind and name identify an item; a system and a set may share a name.
 *
 * @param kind what the item is
 * @param name its name
 * @param source the name of the plugin that declared it, or the schedule's name when the schedule
 *     declared it itself; for an item that is referenced but declared nowhere (an unknown phase, set
 *     or system), the source of the item that refers to it; for a {@link Kind#PLUGIN} item, the
 *     plugin's own name
 * @since 0.1
 */
public record BuildItem(Kind kind, String name, String source) {
    /** What a {@link BuildItem} is. */
    public enum Kind {
        /** A plugin (a duplicate plugin problem); its source is its own name. */
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
