package dev.orrery.plugin.devtools.report;

import dev.orrery.plugin.devtools.PhaseChains;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The phases of one schedule in order (SCH-008, SCH-102) with their enabled flags in a world (Orrery's
 * phase toggle): what {@code orrery:phases} shows, and the phases of the web console's
 * {@code /api/schedules}.
 *
 * @param schedule the schedule's name
 * @param rows one per phase, in order
 * @since 0.1
 */
public record PhasesReport(String schedule, List<Row> rows) implements Report {
    /** How a phase runs (SCH-104). */
    public enum Mode {
        /** {@code run} executes it. */
        AUTO,
        /** Marked manual, connected to a builtin phase: only {@code runPhase}/{@code runPhases} step it. */
        MANUAL,
        /** In a component without a builtin phase: manual, stepped with the rest of its chain. */
        DETACHED
    }

    /**
     * One phase.
     *
     * @param position 1-based position in phase order
     * @param phase the phase's name
     * @param mode how it runs
     * @param enabled its enabled flag in the world (Orrery's phase toggle)
     * @param systems how many systems it has
     * @param after the names in its {@code dependsOn}
     * @param before the names in its {@code before}
     */
    public record Row(int position, String phase, Mode mode, boolean enabled, int systems, List<String> after,
                      List<String> before) {
        /** Copies the lists and checks for nulls. */
        public Row {
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(mode, "mode");
            after = List.copyOf(after);
            before = List.copyOf(before);
        }

        /** @return whether {@code run} skips it: {@link Mode#MANUAL} or {@link Mode#DETACHED} */
        public boolean manual() {
            return mode != Mode.AUTO;
        }

        /** @return whether it is manual because no builtin phase is in its chain ({@link Mode#DETACHED}) */
        public boolean detached() {
            return mode == Mode.DETACHED;
        }
    }

    /** Copies the rows and checks for nulls. */
    public PhasesReport {
        Objects.requireNonNull(schedule, "schedule");
        rows = List.copyOf(rows);
    }

    /**
     * Reads a schedule's phases and their enabled flags. Call it on the thread that owns the world (in
     * a host, the frame thread: inside {@code GameHost.submit}).
     *
     * @param schedule a built schedule; not null
     * @param world the world whose phase flags to read; not null
     * @return the report
     */
    public static PhasesReport read(Schedule schedule, World world) {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(world, "world");
        PhaseChains chains = PhaseChains.of(schedule);
        List<Row> rows = new ArrayList<>();
        List<Phase> phases = schedule.phases();
        for (int i = 0; i < phases.size(); i++) {
            Phase p = phases.get(i);
            Mode mode = !schedule.isManual(p) ? Mode.AUTO : chains.isDetached(p) ? Mode.DETACHED : Mode.MANUAL;
            rows.add(new Row(i + 1, p.name(), mode, schedule.isPhaseEnabled(world, p), schedule.systemsOf(p).size(),
                    p.dependsOn().stream().map(Phase::name).toList(), p.before().stream().map(Phase::name).toList()));
        }
        return new PhasesReport(schedule.name(), rows);
    }

    /** @return how many phases are disabled */
    public long disabled() {
        return rows.stream().filter(r -> !r.enabled()).count();
    }
}
