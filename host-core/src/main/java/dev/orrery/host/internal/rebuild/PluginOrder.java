package dev.orrery.host.internal.rebuild;

import dev.orrery.host.internal.plugins.PluginEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's plugin order: plugins named in the configured order come first, in that order; the
 * others come after, sorted by name (then service id). When an order is declared (non-empty), the
 * plugins it does not list are reported so the host can warn; with no declared order nothing is.
 */
final class PluginOrder {
    private PluginOrder() {
    }

    /**
     * The ordered plugins and the names that the declared order did not list.
     *
     * @param ordered the plugins in schedule order
     * @param unlisted names of usable plugins the declared order does not list, in schedule order;
     *     empty when no order is declared
     */
    record Result(List<PluginEntry> ordered, List<String> unlisted) {
    }

    /**
     * @param plugins the plugins of one schedule, any order
     * @param declared the declared order of plugin names
     * @return the plugins in schedule order
     */
    static Result order(List<PluginEntry> plugins, List<String> declared) {
        Map<String, Integer> rank = new HashMap<>();
        for (int i = 0; i < declared.size(); i++) {
            rank.putIfAbsent(declared.get(i), i);
        }
        Comparator<PluginEntry> cmp = Comparator
                .comparingInt((PluginEntry p) -> rank.getOrDefault(p.name(), Integer.MAX_VALUE))
                .thenComparing(PluginEntry::name)
                .thenComparingLong(PluginEntry::serviceId);
        List<PluginEntry> ordered = new ArrayList<>(plugins);
        ordered.sort(cmp);
        List<String> unlisted = new ArrayList<>();
        for (PluginEntry p : ordered) {
            if (!declared.isEmpty() && p.usable() && !rank.containsKey(p.name())) {
                unlisted.add(p.name());
            }
        }
        return new Result(List.copyOf(ordered), List.copyOf(unlisted));
    }
}
