package dev.orrery.plugin.devtools.report;

import dev.orrery.plugin.devtools.Explanation;
import java.util.List;
import java.util.Objects;

/**
 * Why one system runs before another, as names and text (an {@link Explanation} without its system
 * objects): what {@code orrery:explain} shows.
 *
 * @param schedule the schedule's name
 * @param first the name of the system that runs first
 * @param second the name of the system that runs after it
 * @param asAsked whether {@code first} is the one asked about first; false when the answer is that the
 *     second one asked about runs first
 * @param reason what decides the order
 * @param chain the edges of the explanation ({@link Explanation#chain()}), each as
 *     {@code from -> to  declaration}; empty unless the reason is an edge chain or a wait
 * @param text the explanation for a person, one or more lines
 * @since 0.1
 */
public record ExplainReport(String schedule, String first, String second, boolean asAsked, Explanation.Reason reason,
                            List<String> chain, String text) implements Report {
    /** Copies the chain and checks for nulls. */
    public ExplainReport {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        Objects.requireNonNull(reason, "reason");
        chain = List.copyOf(chain);
        Objects.requireNonNull(text, "text");
    }

    /**
     * @param e an explanation; not null
     * @return its names and text
     */
    public static ExplainReport of(Explanation e) {
        return new ExplainReport(e.schedule(), e.first().name(), e.second().name(), e.asAsked(), e.reason(),
                e.chain().stream().map(Object::toString).toList(), e.text());
    }
}
