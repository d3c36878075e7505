package dev.orrery.host;

import java.time.Instant;
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
 * @param hooksChanged whether the set of {@code ScheduleHooks} services built into the schedule changed
 *     (e.g. the devtools' timings arrived): the reason for a rebuild whose plugins did not change
 * @param swappedIn when the frame loop swapped the new schedule in (at a frame boundary), or null while
 *     the rebuild has not been swapped in yet; every {@code RebuildInfo} from
 *     {@code GameHost.rebuilds()} has it
 */
public record RebuildInfo(long sequence, String schedule, List<String> plugins, int systems, int phases,
                          long buildNanos, List<String> joined, List<String> left, List<String> replaced,
                          List<PluginStatus> excluded, boolean hooksChanged, Instant swappedIn) {
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
     * A rebuild not swapped in yet, whose hooks did not change.
     *
     * @param sequence see the record
     * @param schedule see the record
     * @param plugins see the record
     * @param systems see the record
     * @param phases see the record
     * @param buildNanos see the record
     * @param joined see the record
     * @param left see the record
     * @param replaced see the record
     * @param excluded see the record
     */
    public RebuildInfo(long sequence, String schedule, List<String> plugins, int systems, int phases,
                       long buildNanos, List<String> joined, List<String> left, List<String> replaced,
                       List<PluginStatus> excluded) {
        this(sequence, schedule, plugins, systems, phases, buildNanos, joined, left, replaced, excluded, false, null);
    }

    /**
     * @param at when the schedule was swapped in; not null
     * @return a copy with {@link #swappedIn()} set
     */
    public RebuildInfo withSwappedIn(Instant at) {
        return new RebuildInfo(sequence, schedule, plugins, systems, phases, buildNanos, joined, left, replaced,
                excluded, hooksChanged, Objects.requireNonNull(at, "swappedIn"));
    }

    /**
     * @return the log line: schedule name, plugins, systems, phases, build time, what joined, left,
     *     was replaced and was excluded, and whether the hooks changed (the swap time is not in it: the
     *     log line has its own)
     */
    public String summary() {
        String base = String.format(Locale.ROOT,
                "schedule '%s' rebuilt (#%d) in %.2f ms: plugins %s, %d systems, %d phases; joined %s; left %s",
                schedule, sequence, buildNanos / 1e6, plugins, systems, phases, joined, left);
        if (!replaced.isEmpty()) {
            base += "; replaced " + replaced;
        }
        if (hooksChanged) {
            base += "; hooks changed";
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
