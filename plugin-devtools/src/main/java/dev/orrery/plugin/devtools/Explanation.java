package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import java.util.List;
import java.util.Objects;

/**
 * Why one system runs before another in a built schedule, as found by {@link Explainer}.
 *
 * @param schedule the schedule's name
 * @param first the system that runs first
 * @param second the system that runs after it
 * @param asAsked whether {@code first} is the system asked about first ({@code explain a b} with a
 *     running before b); false when the answer is that b runs before a
 * @param reason what decides the order
 * @param chain for {@link Reason#EDGE_CHAIN}: the edges from {@code first} to {@code second}; for
 *     {@link Reason#WAITS_FOR}: the edges from {@link #waitsFor} to {@code second}; empty otherwise
 * @param waitsFor for {@link Reason#WAITS_FOR}: the system that {@code second} waits for, which was
 *     ready together with {@code first} and is declared after it; null otherwise
 * @param text the explanation for a person, one or more lines
 *
 * @since 0.1
 */
public record Explanation(String schedule, EcsSystem first, EcsSystem second, boolean asAsked, Reason reason,
                          List<SystemEdge> chain, EcsSystem waitsFor, String text) {
    /** What decides the order of two systems. */
    public enum Reason {
        /** They are in different phases, and the phase order decides (SCH-002). */
        PHASE_ORDER,
        /** A chain of before/after edges in their phase leads from the first to the second (SCH-013). */
        EDGE_CHAIN,
        /**
         * No chain connects them and both were ready at the same point of the stable topological sort:
         * the one declared first runs first (SCH-012, SCH-014).
         */
        DECLARATION_ORDER,
        /**
         * No chain connects them, but the second waits (through a chain) for a system declared after
         * the first that was ready together with it; the tie-break then ran the first (SCH-014).
         */
        WAITS_FOR
    }

    /** Copies the chain and checks for nulls. */
    public Explanation {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        Objects.requireNonNull(reason, "reason");
        chain = List.copyOf(chain);
        Objects.requireNonNull(text, "text");
    }

    @Override
    public String toString() {
        return text;
    }
}
