package dev.orrery.host;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One rebuild of one schedule, as swapped in at a frame boundary and logged in one line
 * ({@link #summary()}).
 *
 * @param sequence the host-wide rebuild number this belongs to (one rebuild may rebuild several
 *     schedules; each gets a {@code RebuildInfo} with the same sequence)
 * @param schedule the schedule's name
 * @param plugins the names of the plugins in the new schedule, in schedule order
 * @param systems the number of systems in the new schedule
 * @param phases the number of phases in the new schedule (builtin, custom and manual)
 * @param buildNanos time spent building, exclusions and retries included, in nanoseconds
 * @param joined plugins that are in the new schedule and were not in the previous one
 * @param left plugins that were in the previous schedule and are not in the new one
 * @param replaced plugins in both whose service object changed (a bundle update)
 * @param excluded plugins of this schedule left out, with the reason
 */
public record RebuildInfo(long sequence, String schedule, List<String> plugins, int systems, int phases,
                          long buildNanos, List<String> joined, List<String> left, List<String> replaced,
                          List<PluginStatus> excluded) {
    /** Copies the lists and checks for nulls. */
    public RebuildInfo {
        Objects.requireNonNull(schedule, "schedule");
        plugins = List.copyOf(plugins);
        joined = List.copyOf(joined);
        left = List.copyOf(left);
        replaced = List.copyOf(replaced);
        excluded = List.copyOf(excluded);
    }

    /**
     * @return the log line: schedule name, plugins, systems, phases, build time, what joined, left,
     *     was replaced and was excluded
     */
    public String summary() {
        String base = String.format(Locale.ROOT,
                "schedule '%s' rebuilt (#%d) in %.2f ms: plugins %s, %d systems, %d phases; joined %s; left %s",
                schedule, sequence, buildNanos / 1e6, plugins, systems, phases, joined, left);
        if (!replaced.isEmpty()) {
            base += "; replaced " + replaced;
        }
        if (!excluded.isEmpty()) {
            base += "; left out " + excluded.stream()
                    .map(p -> p.name() + " (" + p.state().name().toLowerCase(Locale.ROOT) + ": " + p.reason() + ")")
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        return base;
    }

    @Override
    public String toString() {
        return summary();
    }
}
