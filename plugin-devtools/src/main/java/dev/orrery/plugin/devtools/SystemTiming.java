package dev.orrery.plugin.devtools;

import dev.orrery.schedule.SkipReason;
import java.util.Objects;

/**
 * A snapshot of the timings of one system, as measured by {@link SystemTimings}.
 *
 * <p>Durations are wall-clock time between {@code beforeSystem} and {@code afterSystem}, measured with
 * {@link System#nanoTime()}; a run that threw is not counted (its {@code afterSystem} is never called,
 * SCH-146). Counts and durations go on across rebuilds of the schedule for systems that keep their
 * name.
 *
 * @param schedule the schedule's name
 * @param position the system's index in {@code schedule.systems()} (execution order, SCH-142)
 * @param system the system's name
 * @param phase the name of the system's phase
 * @param runs how many runs completed
 * @param lastNanos duration of the last completed run, in nanoseconds; 0 before the first
 * @param totalNanos sum of the durations of all completed runs, in nanoseconds
 * @param maxNanos longest completed run, in nanoseconds; 0 before the first
 * @param skippedDisabled how often the system was skipped because it was disabled
 *     ({@link SkipReason#DISABLED})
 * @param skippedCondition how often it was skipped because a condition returned false
 *     ({@link SkipReason#CONDITION})
 * @param skippedPhaseDisabled how often it was skipped because its phase was disabled
 *     ({@link SkipReason#PHASE_DISABLED}, Orrery's phase toggle)
 * @since 0.1
 */
public record SystemTiming(String schedule, int position, String system, String phase, long runs,
                           long lastNanos, long totalNanos, long maxNanos, long skippedDisabled,
                           long skippedCondition, long skippedPhaseDisabled) {
    /** Checks for nulls. */
    public SystemTiming {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(phase, "phase");
    }

    /** @return the last completed run's duration in microseconds (0 before the first run) */
    public double lastMicros() {
        return lastNanos / 1_000.0;
    }

    /** @return the mean duration of the completed runs in microseconds (0 before the first run) */
    public double meanMicros() {
        return runs == 0 ? 0.0 : totalNanos / 1_000.0 / runs;
    }

    /** @return the longest completed run in microseconds (0 before the first run) */
    public double maxMicros() {
        return maxNanos / 1_000.0;
    }

    /**
     * @param reason a skip reason; not null
     * @return how often the system was skipped for that reason
     */
    public long skipped(SkipReason reason) {
        return switch (Objects.requireNonNull(reason, "reason")) {
            case DISABLED -> skippedDisabled;
            case CONDITION -> skippedCondition;
            case PHASE_DISABLED -> skippedPhaseDisabled;
        };
    }
}
