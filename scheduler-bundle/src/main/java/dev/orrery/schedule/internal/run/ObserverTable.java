package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.ObserverFunction;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.ScheduleBuildException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The observers of one schedule, flattened as systems are (SCH-136): the plugins' in plugin order,
 * then the schedule's own, each with its source (its plugin's name, or the schedule's). Immutable;
 * shared by every world the schedule runs on.
 */
final class ObserverTable {
    final EcsObserver[] observers;
    final String[] sources;
    final ObserverFunction[] runs;
    /** The triggers of every observer, flattened in order; {@link #triggerOwner} says whose. */
    final EcsObserver.Trigger[] triggers;
    final int[] triggerOwner;

    private ObserverTable(List<EcsObserver> observers, List<String> sources) {
        this.observers = observers.toArray(new EcsObserver[0]);
        this.sources = sources.toArray(new String[0]);
        this.runs = new ObserverFunction[this.observers.length];
        List<EcsObserver.Trigger> all = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        for (int o = 0; o < this.observers.length; o++) {
            runs[o] = this.observers[o].run();
            for (EcsObserver.Trigger t : this.observers[o].triggers()) {
                all.add(t);
                owners.add(o);
            }
        }
        this.triggers = all.toArray(new EcsObserver.Trigger[0]);
        this.triggerOwner = owners.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * @param schedule the schedule's name (the source of its own observers)
     * @param plugins its plugins, in order
     * @param own its own observers
     * @return the table, or null when there is no observer
     * @throws ScheduleBuildException if an observer is listed twice or two share a name
     *     ({@link BuildProblem.Kind#DUPLICATE_OBSERVER})
     */
    static ObserverTable of(String schedule, List<Plugin> plugins, List<EcsObserver> own) {
        List<EcsObserver> list = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (Plugin p : plugins) {
            for (EcsObserver o : p.observers()) {
                list.add(o);
                sources.add(p.name());
            }
        }
        for (EcsObserver o : own) {
            list.add(o);
            sources.add(schedule);
        }
        if (list.isEmpty()) {
            return null;
        }
        List<BuildProblem> problems = new ArrayList<>();
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            Integer first = byName.putIfAbsent(list.get(i).name(), i);
            if (first != null) {
                String both = "by '" + sources.get(first) + "' and by '" + sources.get(i) + "'";
                problems.add(BuildProblem.builder(BuildProblem.Kind.DUPLICATE_OBSERVER, list.get(first) == list.get(i)
                        ? "observer '" + list.get(i).name() + "' is listed twice, " + both
                        : "two different observers are named '" + list.get(i).name() + "', declared " + both
                                + "; observer names must be unique in a schedule").build());
            }
        }
        if (!problems.isEmpty()) {
            throw new ScheduleBuildException(schedule, problems);
        }
        return new ObserverTable(list, sources);
    }
}
