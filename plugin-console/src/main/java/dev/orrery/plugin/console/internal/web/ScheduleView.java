package dev.orrery.plugin.console.internal.web;

import dev.orrery.plugin.devtools.PhaseChains;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.OrderEdge;
import dev.orrery.schedule.graph.OrderGraph;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the console shows of one schedule, read once on the world's thread: its phases in order with
 * their enabled flags, its systems with theirs, and its ordering edges between systems with their
 * provenance (from {@link Schedule#orderGraph()}). Immutable; safe to hand to any thread.
 * Beyond the spec (Orrery's own).
 *
 * @param name the schedule's name
 * @param main whether the host's frame loop runs it
 * @param phases every phase in schedule order (SCH-102): automatic ones first, in run order, then the
 *     manual ones, chain by chain
 * @param systems every system in execution order (SCH-142)
 * @param edges one entry per ordered pair of systems, from the published order graph
 */
record ScheduleView(String name, boolean main, List<PhaseView> phases, List<SystemView> systems,
                           List<EdgeView> edges) {
    /** Copies the lists and checks for nulls. */
    ScheduleView {
        Objects.requireNonNull(name, "name");
        phases = List.copyOf(phases);
        systems = List.copyOf(systems);
        edges = List.copyOf(edges);
    }

    /**
     * One phase.
     *
     * @param name its name
     * @param manual whether it is manual (SCH-104): run only when asked
     * @param detached whether it is manual because no builtin phase is in its chain (SCH-104)
     * @param enabled its enabled flag in the world (Orrery's phase toggle)
     */
    record PhaseView(String name, boolean manual, boolean detached, boolean enabled) {
        /** Checks for null. */
        PhaseView {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * One system.
     *
     * @param name its name
     * @param phase its phase's name
     * @param plugin the plugin that declared it (or the schedule's name)
     * @param enabled its enabled flag in the world
     * @param conditional whether it has a run condition of its own or through one of its sets (it may be
     *     skipped for a condition, SCH-036)
     */
    record SystemView(String name, String phase, String plugin, boolean enabled, boolean conditional) {
        /** Checks for nulls. */
        SystemView {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(plugin, "plugin");
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
        PhaseChains chains = PhaseChains.of(schedule);
        List<PhaseView> phases = new ArrayList<>();
        for (Phase p : schedule.phases()) {
            boolean manual = schedule.isManual(p);
            phases.add(new PhaseView(p.name(), manual, manual && chains.isDetached(p), schedule.isPhaseEnabled(world, p)));
        }
        List<SystemView> systems = new ArrayList<>();
        for (EcsSystem s : schedule.systems()) {
            systems.add(new SystemView(s.name(), s.phase().name(), schedule.sourceOf(s), schedule.isEnabled(world, s),
                    isConditional(s)));
        }
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
        return new ScheduleView(schedule.name(), main, phases, systems, edges);
    }

    private static boolean isConditional(EcsSystem s) {
        if (!s.conditions().isEmpty()) {
            return true;
        }
        for (SystemSet set : s.sets()) {
            if (!set.conditions().isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
