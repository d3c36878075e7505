package dev.orrery.plugin.console.internal.web;

import dev.orrery.plugin.devtools.report.EcsObserversReport;
import dev.orrery.plugin.devtools.report.PhasesReport;
import dev.orrery.plugin.devtools.report.SystemsReport;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.graph.OrderEdge;
import dev.orrery.schedule.graph.OrderGraph;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the console shows of one schedule, read once on the world's thread: its phases and systems as
 * the devtools' {@code orrery:phases} and {@code orrery:systems} report them (with the enabled flags),
 * its ordering edges between systems with their provenance (from {@link Schedule#orderGraph()}), and
 * its observers with their fire counts and the systems that write what they react to.
 * Immutable; safe to hand to any thread. Beyond the spec (Orrery's own).
 *
 * @param name the schedule's name
 * @param main whether the host's frame loop runs it
 * @param phases every phase in schedule order (SCH-102): automatic ones first, in run order, then the
 *     manual ones, chain by chain
 * @param systems every system in execution order (SCH-142)
 * @param edges one entry per ordered pair of systems, from the published order graph
 * @param observers the schedule's observers in firing order (SCH-136)
 */
record ScheduleView(String name, boolean main, List<PhasesReport.Row> phases, List<SystemsReport.Row> systems,
                    List<EdgeView> edges, List<ObserverView> observers) {
    /** Copies the lists and checks for nulls. */
    ScheduleView {
        Objects.requireNonNull(name, "name");
        phases = List.copyOf(phases);
        systems = List.copyOf(systems);
        edges = List.copyOf(edges);
        observers = List.copyOf(observers);
    }

    /** A view without observers. */
    ScheduleView(String name, boolean main, List<PhasesReport.Row> phases, List<SystemsReport.Row> systems,
                 List<EdgeView> edges) {
        this(name, main, phases, systems, edges, List.of());
    }

    /**
     * One observer ({@code EcsObserver}) and the systems it reacts to.
     *
     * @param name the observer's name
     * @param plugin the plugin that declared it, or the schedule's name
     * @param triggers what it reacts to, each as {@code onAdd(T)}, {@code onRemove(T)} or {@code onChange(T)}
     * @param fired how often it fired in the world
     * @param writers the systems that declare a write of a trait it reacts to ({@code EcsSystem.writes}),
     *     in execution order: the systems whose changes it hears about, as far as they say so
     */
    record ObserverView(String name, String plugin, List<String> triggers, long fired, List<String> writers) {
        /** Copies the lists and checks for nulls. */
        ObserverView {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(plugin, "plugin");
            triggers = List.copyOf(triggers);
            writers = List.copyOf(writers);
        }
    }

    /**
     * One ordered pair of systems: {@code from} runs before {@code to}.
     *
     * @param from the system that runs first
     * @param to the system that runs after it
     * @param provenance the declarations that make the pair, each as text naming the declaring system or
     *     set, the declaration and the plugin (e.g. {@code 'a' runs before 'b' (a.before(b), from 'demo')})
     */
    record EdgeView(String from, String to, List<String> provenance) {
        /** Copies the list and checks for nulls. */
        EdgeView {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            provenance = List.copyOf(provenance);
        }
    }

    /**
     * Reads a schedule. Call it on the thread that owns the world (the host's frame thread).
     *
     * @param schedule the schedule; not null
     * @param world the world whose enabled flags to read; not null
     * @param main whether it is the host's main schedule
     * @return the view
     */
    static ScheduleView of(Schedule schedule, World world, boolean main) {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(world, "world");
        OrderGraph graph = schedule.orderGraph();
        Map<String, List<String>> pairs = new LinkedHashMap<>();
        for (EcsSystem s : schedule.systems()) {
            for (OrderGraph.Link link : graph.linksFrom(s.name())) {
                List<String> why = pairs.computeIfAbsent(link.from().name() + "\u0000" + link.to().name(),
                        k -> new ArrayList<>());
                for (OrderEdge e : link.edges()) {
                    String text = e.toString();
                    if (!why.contains(text)) {
                        why.add(text);
                    }
                }
            }
        }
        List<EdgeView> edges = new ArrayList<>();
        pairs.forEach((k, why) -> {
            int cut = k.indexOf('\u0000');
            edges.add(new EdgeView(k.substring(0, cut), k.substring(cut + 1), why));
        });
        return new ScheduleView(schedule.name(), main, PhasesReport.read(schedule, world).rows(),
                SystemsReport.read(schedule, world).rows(), edges, observers(schedule, world));
    }

    private static List<ObserverView> observers(Schedule schedule, World world) {
        List<EcsObserversReport.Observer> rows = EcsObserversReport.read(schedule, world).observers();
        List<ObserverView> out = new ArrayList<>(rows.size());
        for (EcsObserversReport.Observer row : rows) {
            EcsObserver observer = schedule.observers().stream().filter(o -> o.name().equals(row.name())).findFirst()
                    .orElse(null);
            List<String> writers = new ArrayList<>();
            if (observer != null) {
                for (EcsSystem s : schedule.systems()) {
                    if (observer.triggers().stream().anyMatch(t -> s.writes().contains(t.trait()))) {
                        writers.add(s.name());
                    }
                }
            }
            out.add(new ObserverView(row.name(), row.plugin(), row.triggers(), row.fired(), writers));
        }
        return out;
    }
}
