package dev.orrery.plugin.devtools.report;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.CommitStats;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The host world's structural transactions: its counters ({@link CommitStats}) and the barriers the
 * systems of each schedule declare. What {@code orrery:commits} shows.
 *
 * @param stats the world's counters, read on the frame thread
 * @param barriers every system that declares a barrier, schedule by schedule in execution order
 * @since 0.1
 */
public record CommitsReport(CommitStats stats, List<Barrier> barriers) implements Report {
    /**
     * A system's declared barriers.
     *
     * @param schedule its schedule's name
     * @param system its name
     * @param before whether it publishes before its turn ({@code commitBefore})
     * @param after whether it publishes when its turn ends ({@code commitAfter})
     */
    public record Barrier(String schedule, String system, boolean before, boolean after) {
        /** Checks for nulls. */
        public Barrier {
            Objects.requireNonNull(schedule, "schedule");
            Objects.requireNonNull(system, "system");
        }
    }

    /** Copies the list and checks for nulls. */
    public CommitsReport {
        Objects.requireNonNull(stats, "stats");
        barriers = List.copyOf(barriers);
    }

    /**
     * Reads the world's counters and the schedules' barriers. Call it on the thread that owns the
     * world (in a host, the frame thread: inside {@code GameHost.submit}).
     *
     * @param world the world; not null
     * @param schedules the schedules, in the order to list them; not null
     * @return the report
     */
    public static CommitsReport read(World world, List<Schedule> schedules) {
        List<Barrier> barriers = new ArrayList<>();
        for (Schedule schedule : schedules) {
            for (EcsSystem s : schedule.systems()) {
                if (s.commitBefore() || s.commitAfter()) {
                    barriers.add(new Barrier(schedule.name(), s.name(), s.commitBefore(), s.commitAfter()));
                }
            }
        }
        return new CommitsReport(world.commitStats(), barriers);
    }
}
