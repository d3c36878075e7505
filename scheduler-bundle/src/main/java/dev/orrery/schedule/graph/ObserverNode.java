package dev.orrery.schedule.graph;

import java.util.List;
import java.util.Objects;

/**
 * Beyond the spec (Orrery's observers): an observer of a built schedule, as tools show it
 * ({@link OrderGraph#observers()}): its name, its source and what it reacts to. Observers are not
 * ordered against systems: they run after the publishes of the phases whose structural changes
 * they observe.
 *
 * @param name the observer's name
 * @param plugin the plugin that declared it, or the schedule's name when the schedule did
 * @param triggers what it reacts to, in declaration order, each as {@code onAdd(T)},
 *     {@code onRemove(T)} or {@code onChange(T)} with the trait's name
 *
 * @since 0.1
 */
public record ObserverNode(String name, String plugin, List<String> triggers) {
    /**
     * Copies the list.
     *
     * @throws NullPointerException if a component or a trigger is null
     */
    public ObserverNode {
        Objects.requireNonNull(name, "ObserverNode: name is null");
        Objects.requireNonNull(plugin, "ObserverNode: plugin is null");
        triggers = List.copyOf(triggers);
    }
}
