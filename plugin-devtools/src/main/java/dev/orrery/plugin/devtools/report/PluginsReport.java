package dev.orrery.plugin.devtools.report;

import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The tracked plugin services per schedule, the main schedule first, each schedule's plugins in the
 * order the host builds it from, and the last rebuild of each schedule: what {@code orrery:plugins}
 * shows.
 *
 * @param mainSchedule the name of the schedule the frame loop runs
 * @param schedules one group per schedule that has plugins: the main schedule first, then by name
 * @param lastRebuilds the latest rebuild of each schedule, oldest first
 * @since 0.1
 */
public record PluginsReport(String mainSchedule, List<Group> schedules, List<RebuildInfo> lastRebuilds)
        implements Report {
    /**
     * The plugins of one schedule.
     *
     * @param schedule the schedule's name
     * @param plugins its plugin services in build order (active, waiting and excluded alike)
     */
    public record Group(String schedule, List<PluginStatus> plugins) {
        /** Copies the list and checks for nulls. */
        public Group {
            Objects.requireNonNull(schedule, "schedule");
            plugins = List.copyOf(plugins);
        }
    }

    /** Copies the lists and checks for nulls. */
    public PluginsReport {
        Objects.requireNonNull(mainSchedule, "mainSchedule");
        schedules = List.copyOf(schedules);
        lastRebuilds = List.copyOf(lastRebuilds);
    }

    /**
     * Groups what a host reports ({@code GameHost.plugins()}, {@code GameHost.rebuilds()}).
     *
     * @param mainSchedule the host's main schedule; not null
     * @param plugins every tracked plugin, ordered by schedule name and then build order (as the host
     *     lists them); not null
     * @param rebuilds the recent rebuilds, oldest first; not null
     * @return per schedule (main first, then by name) its plugins in the order given, and of each
     *     schedule only its latest rebuild, in the order of those latest rebuilds
     */
    public static PluginsReport of(String mainSchedule, List<PluginStatus> plugins, List<RebuildInfo> rebuilds) {
        Objects.requireNonNull(mainSchedule, "mainSchedule");
        Map<String, List<PluginStatus>> bySchedule = new TreeMap<>();
        for (PluginStatus p : plugins) {
            bySchedule.computeIfAbsent(p.schedule(), k -> new ArrayList<>()).add(p);
        }
        List<Group> groups = new ArrayList<>();
        List<PluginStatus> mainPlugins = bySchedule.remove(mainSchedule);
        if (mainPlugins != null) {
            groups.add(new Group(mainSchedule, mainPlugins));
        }
        bySchedule.forEach((schedule, list) -> groups.add(new Group(schedule, list)));
        Map<String, RebuildInfo> last = new LinkedHashMap<>();
        for (RebuildInfo r : rebuilds) {
            last.remove(r.schedule());
            last.put(r.schedule(), r);
        }
        return new PluginsReport(mainSchedule, groups, new ArrayList<>(last.values()));
    }

    /** @return how many plugin services in all */
    public int total() {
        return schedules.stream().mapToInt(g -> g.plugins().size()).sum();
    }
}
