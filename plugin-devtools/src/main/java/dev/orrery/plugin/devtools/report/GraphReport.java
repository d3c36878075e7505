package dev.orrery.plugin.devtools.report;

import dev.orrery.plugin.devtools.GraphFormat;
import java.util.Objects;

/**
 * A schedule drawn as graph text ({@code GraphRenderer}, with the disabled systems of the host's world
 * marked): what {@code orrery:graph} prints.
 *
 * @param schedule the schedule's name
 * @param format the text format
 * @param text the graph, ending with a newline
 * @since 0.1
 */
public record GraphReport(String schedule, GraphFormat format, String text) implements Report {
    /** Checks for nulls. */
    public GraphReport {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(text, "text");
    }
}
