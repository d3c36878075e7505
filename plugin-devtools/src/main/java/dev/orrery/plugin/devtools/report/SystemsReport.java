package dev.orrery.plugin.devtools.report;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The systems of one schedule in execution order (SCH-142) with their enabled flags in a world: what
 * {@code orrery:systems} shows, and the systems of the web console's {@code /api/schedules}.
 *
 * @param schedule the schedule's name
 * @param rows one per system, in execution order
 * @since 0.1
 */
public record SystemsReport(String schedule, List<Row> rows) implements Report {
    /**
     * One system.
     *
     * @param position 1-based position in execution order
     * @param phase the name of its phase
     * @param system its name
     * @param enabled its enabled flag in the world (conditions not evaluated)
     * @param ownCondition whether it has a run condition of its own
     * @param conditionSets the names of its sets that have a run condition, in the order of its sets
     * @param sets the names of its sets, in the order declared
     * @param plugin the plugin that declared it, or the schedule's name when the schedule did
     * @param commitBefore whether it declares a structural barrier before its turn ({@code commitBefore})
     * @param commitAfter whether it declares one after its turn ({@code commitAfter})
     */
    public record Row(int position, String phase, String system, boolean enabled, boolean ownCondition,
                      List<String> conditionSets, List<String> sets, String plugin, boolean commitBefore,
                      boolean commitAfter) {
        /** Copies the lists and checks for nulls. */
        public Row {
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(system, "system");
            conditionSets = List.copyOf(conditionSets);
            sets = List.copyOf(sets);
            Objects.requireNonNull(plugin, "plugin");
        }

        /**
         * @return whether a run condition may skip it: its own or one of its sets' (SCH-036)
         */
        public boolean conditional() {
            return ownCondition || !conditionSets.isEmpty();
        }
    }

    /** Copies the rows and checks for nulls. */
    public SystemsReport {
        Objects.requireNonNull(schedule, "schedule");
        rows = List.copyOf(rows);
    }

    /**
     * Reads a schedule's systems and their enabled flags. Call it on the thread that owns the world
     * (in a host, the frame thread: inside {@code GameHost.submit}).
     *
     * @param schedule a built schedule; not null
     * @param world the world whose enabled flags to read; not null
     * @return the report
     */
    public static SystemsReport read(Schedule schedule, World world) {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(world, "world");
        List<Row> rows = new ArrayList<>();
        List<EcsSystem> systems = schedule.systems();
        for (int i = 0; i < systems.size(); i++) {
            EcsSystem s = systems.get(i);
            List<String> conditionSets = new ArrayList<>();
            for (SystemSet set : s.sets()) {
                if (!set.conditions().isEmpty()) {
                    conditionSets.add(set.name());
                }
            }
            rows.add(new Row(i + 1, s.phase().name(), s.name(), schedule.isEnabled(world, s), !s.conditions().isEmpty(),
                    conditionSets, s.sets().stream().map(SystemSet::name).toList(), schedule.sourceOf(s),
                    s.commitBefore(), s.commitAfter()));
        }
        return new SystemsReport(schedule.name(), rows);
    }

    /** @return how many systems are disabled */
    public long disabled() {
        return rows.stream().filter(r -> !r.enabled()).count();
    }
}
