package dev.orrery.plugin.devtools.report;

import dev.orrery.schedule.ObserverStats;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.graph.ObserverNode;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A schedule's observers ({@code EcsObserver}s, declared by plugins and the schedule) as its order
 * graph lists them, with how often each fired in the host world: what {@code orrery:ecsObservers}
 * shows.
 *
 * @param schedule the schedule's name
 * @param observers its observers, in flattened declaration order (the order they fire in)
 * @since 0.1
 */
public record EcsObserversReport(String schedule, List<Observer> observers) implements Report {
    /**
     * One observer.
     *
     * @param name its name
     * @param plugin its plugin, or the schedule's name when the schedule declared it
     * @param triggers what it reacts to, e.g. {@code onAdd(Burning)}
     * @param fired how many times it was called in the world
     */
    public record Observer(String name, String plugin, List<String> triggers, long fired) {
        /** Copies the list and checks for nulls. */
        public Observer {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(plugin, "plugin");
            triggers = List.copyOf(triggers);
        }
    }

    /** Copies the list and checks for nulls. */
    public EcsObserversReport {
        Objects.requireNonNull(schedule, "schedule");
        observers = List.copyOf(observers);
    }

    /**
     * Reads the schedule's observers from its order graph and their fire counts in the world. Call it
     * on the thread that owns the world (in a host, the frame thread).
     *
     * @param schedule the schedule; not null
     * @param world the world; not null
     * @return the report
     */
    public static EcsObserversReport read(Schedule schedule, World world) {
        List<ObserverNode> nodes = schedule.orderGraph().observers();
        List<ObserverStats> stats = schedule.observerStats(world);
        List<Observer> out = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            ObserverNode n = nodes.get(i);
            long fired = i < stats.size() && stats.get(i).observer().name().equals(n.name()) ? stats.get(i).fired() : 0;
            out.add(new Observer(n.name(), n.plugin(), n.triggers(), fired));
        }
        return new EcsObserversReport(schedule.name(), out);
    }
}
