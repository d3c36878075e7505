package dev.orrery.schedule;

import java.util.List;

/** The immutable {@link Plugin} value built by {@link Plugin.Builder}. */
record PluginData(String name, List<Phase> phases, List<SystemSet> sets, List<EcsSystem> systems,
                  List<EcsObserver> observers)
        implements Plugin {
    @Override
    public String toString() {
        return "plugin " + name;
    }
}
