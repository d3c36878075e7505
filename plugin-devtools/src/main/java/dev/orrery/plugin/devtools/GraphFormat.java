package dev.orrery.plugin.devtools;

import java.util.Locale;

/**
 * The text formats {@link GraphRenderer} writes.
 *
 * @since 0.1
 */
public enum GraphFormat {
    /** Graphviz DOT: {@code dot -Tsvg schedule.dot > schedule.svg}. */
    DOT,
    /** Mermaid flowchart text, e.g. for a Markdown code block tagged {@code mermaid}. */
    MERMAID;

    /**
     * @param name {@code dot} or {@code mermaid}, in any case
     * @return the format
     * @throws IllegalArgumentException if the name is neither; the message names it and the choices
     */
    public static GraphFormat parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "dot", "graphviz" -> DOT;
            case "mermaid" -> MERMAID;
            default -> throw new IllegalArgumentException("unknown graph format '" + name + "'; use dot or mermaid");
        };
    }
}
