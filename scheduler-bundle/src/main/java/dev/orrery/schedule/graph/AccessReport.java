package dev.orrery.schedule.graph;

import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Beyond the spec (Orrery's own, after the DAG reference and Bevy): what a built schedule's declared
 * trait access ({@code EcsSystem.reads()}, {@code EcsSystem.writes()}) says about its order
 * ({@code Schedule.accessReport()}). Computed once at build; the declarations are metadata only and
 * cost nothing at run time. Only systems of one phase are compared: a system in an earlier phase is
 * ordered by the phase order. Systems are {@link BuildItem}s of kind {@link BuildItem.Kind#SYSTEM},
 * phases are named; the report refers to no system object.
 *
 * @param unorderedReads as the DAG reference warns: a system that reads a trait written by a system
 *     that runs earlier in the same phase, with no ordering path from the writer to the reader (it reads
 *     the written value by accident of the plugin list); in execution order of the writer, then the reader
 * @param conflicts as Bevy's ambiguity check: pairs of systems in one phase with conflicting access
 *     (both write a trait, or one reads what the other writes) and no ordering path between them, so
 *     their order rests on the declaration order alone; in execution order of the first, then the second.
 *     Every unordered read is also a conflict.
 * @since 0.1
 */
public record AccessReport(List<UnorderedRead> unorderedReads, List<Conflict> conflicts) {
    /** @return a report with nothing in it (a new value; no static state, SCH-064) */
    public static AccessReport empty() {
        return new AccessReport(List.of(), List.of());
    }

    /**
     * A read of a trait written earlier in the phase without a declared ordering path.
     *
     * @param phase the name of the phase of both systems
     * @param writer the system that writes and runs first
     * @param reader the system that reads and runs later
     * @param traits the traits the reader reads and the writer writes, in the reader's declared order
     */
    public record UnorderedRead(String phase, BuildItem writer, BuildItem reader, List<Trait<?>> traits) {
        /** Copies the traits and checks for nulls. */
        public UnorderedRead {
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(writer, "writer");
            Objects.requireNonNull(reader, "reader");
            traits = List.copyOf(traits);
        }

        @Override
        public String toString() {
            return "'" + reader.name() + "' reads " + names(traits) + " written by '" + writer.name()
                    + "' earlier in phase '" + phase + "' without an ordering path from '" + writer.name()
                    + "' to '" + reader.name() + "'";
        }
    }

    /** What two systems both touch. */
    public enum ConflictKind {
        /** Both write the trait. */
        WRITE_WRITE,
        /** One reads what the other writes. */
        READ_WRITE
    }

    /**
     * Two systems of one phase with conflicting access and no ordering path between them.
     *
     * @param phase the name of the phase of both
     * @param first the one that runs first (by declaration order, SCH-014)
     * @param second the other
     * @param kind {@link ConflictKind#WRITE_WRITE} if they both write one of the traits, else READ_WRITE
     * @param traits the traits in conflict, first's writes then first's reads, in declared order
     */
    public record Conflict(String phase, BuildItem first, BuildItem second, ConflictKind kind, List<Trait<?>> traits) {
        /** Copies the traits and checks for nulls. */
        public Conflict {
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(second, "second");
            Objects.requireNonNull(kind, "kind");
            traits = List.copyOf(traits);
        }

        @Override
        public String toString() {
            return "'" + first.name() + "' and '" + second.name() + "' in phase '" + phase + "' both access "
                    + names(traits) + " (" + (kind == ConflictKind.WRITE_WRITE ? "write/write" : "read/write")
                    + ") with no ordering path between them; their order rests on the declaration order";
        }
    }

    /** Copies the lists. */
    public AccessReport {
        unorderedReads = List.copyOf(unorderedReads);
        conflicts = List.copyOf(conflicts);
    }

    /** @return the number of unordered reads plus the number of conflicts */
    public int count() {
        return unorderedReads.size() + conflicts.size();
    }

    /** @return whether nothing is reported */
    public boolean isEmpty() {
        return count() == 0;
    }

    /**
     * @param removed names of systems that left ({@code Schedule.withoutPlugins})
     * @return this report without the entries naming one of them
     */
    public AccessReport without(Set<String> removed) {
        List<UnorderedRead> reads = new ArrayList<>();
        for (UnorderedRead r : unorderedReads) {
            if (!removed.contains(r.writer().name()) && !removed.contains(r.reader().name())) {
                reads.add(r);
            }
        }
        List<Conflict> kept = new ArrayList<>();
        for (Conflict c : conflicts) {
            if (!removed.contains(c.first().name()) && !removed.contains(c.second().name())) {
                kept.add(c);
            }
        }
        return new AccessReport(reads, kept);
    }

    private static String names(List<Trait<?>> traits) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < traits.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append('\'').append(traits.get(i).name()).append('\'');
        }
        return sb.toString();
    }
}
