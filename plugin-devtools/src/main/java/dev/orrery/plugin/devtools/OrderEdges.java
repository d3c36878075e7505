package dev.orrery.plugin.devtools;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The ordering edges of a built schedule between its systems, expanded from sets the way the
 * scheduler expands them (SCH-128, SCH-129), each with the declaration and plugin it came from.
 *
 * <p>Edges between systems of different phases are included; they agree with the phase order (the
 * build rejects the others, SCH-016) and have no further effect (SCH-015). Edges to sets without
 * members expand to nothing (SCH-134). The same pair may appear more than once when several
 * declarations order it.
 */
public final class OrderEdges {
    private final List<OrderEdge> edges;
    private final Map<EcsSystem, List<OrderEdge>> outgoing = new IdentityHashMap<>();
    private final Map<EcsSystem, List<OrderEdge>> incoming = new IdentityHashMap<>();

    private OrderEdges(List<OrderEdge> edges) {
        this.edges = List.copyOf(edges);
        for (OrderEdge e : this.edges) {
            outgoing.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            incoming.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        outgoing.replaceAll((s, list) -> List.copyOf(list));
        incoming.replaceAll((s, list) -> List.copyOf(list));
    }

    /**
     * @param schedule a built schedule; not null
     * @return its expanded edges, in the order of the declarations (systems in execution order, then
     *     the entries of each list)
     */
    public static OrderEdges of(Schedule schedule) {
        Objects.requireNonNull(schedule, "schedule");
        Map<SystemSet, List<EcsSystem>> members = new IdentityHashMap<>();
        for (EcsSystem s : schedule.systems()) {
            for (SystemSet set : s.sets()) {
                members.computeIfAbsent(set, k -> new ArrayList<>()).add(s);
            }
        }
        Map<SystemSet, String> setSources = setSources(schedule);
        List<OrderEdge> out = new ArrayList<>();
        for (EcsSystem s : schedule.systems()) {
            String plugin = schedule.sourceOf(s);
            for (OrderTarget t : s.before()) {
                if (t instanceof EcsSystem target) {
                    out.add(new OrderEdge(s, target, OrderEdge.Kind.SYSTEM_BEFORE, s.name(), null, plugin));
                } else if (t instanceof SystemSet set) {
                    for (EcsSystem m : members.getOrDefault(set, List.of())) {
                        out.add(new OrderEdge(s, m, OrderEdge.Kind.SYSTEM_BEFORE_SET, s.name(), set, plugin));
                    }
                }
            }
            for (OrderTarget t : s.after()) {
                if (t instanceof EcsSystem target) {
                    out.add(new OrderEdge(target, s, OrderEdge.Kind.SYSTEM_AFTER, s.name(), null, plugin));
                } else if (t instanceof SystemSet set) {
                    for (EcsSystem m : members.getOrDefault(set, List.of())) {
                        out.add(new OrderEdge(m, s, OrderEdge.Kind.SYSTEM_AFTER_SET, s.name(), set, plugin));
                    }
                }
            }
        }
        for (SystemSet set : schedule.sets()) {
            String plugin = setSources.getOrDefault(set, schedule.name());
            List<EcsSystem> own = members.getOrDefault(set, List.of());
            for (SystemSet other : set.before()) {
                for (EcsSystem a : own) {
                    for (EcsSystem b : members.getOrDefault(other, List.of())) {
                        out.add(new OrderEdge(a, b, OrderEdge.Kind.SET_BEFORE, set.name(), other, plugin));
                    }
                }
            }
            for (SystemSet other : set.after()) {
                for (EcsSystem a : members.getOrDefault(other, List.of())) {
                    for (EcsSystem b : own) {
                        out.add(new OrderEdge(a, b, OrderEdge.Kind.SET_AFTER, set.name(), other, plugin));
                    }
                }
            }
        }
        return new OrderEdges(out);
    }

    /**
     * @param schedule a built schedule
     * @return for each set of the schedule, the name of the plugin that declared it; sets the schedule
     *     declared itself are absent
     */
    static Map<SystemSet, String> setSources(Schedule schedule) {
        Map<SystemSet, String> sources = new IdentityHashMap<>();
        for (Plugin p : schedule.plugins()) {
            for (SystemSet set : p.sets()) {
                sources.putIfAbsent(set, p.name());
            }
        }
        return sources;
    }

    /** @return every edge (unmodifiable) */
    public List<OrderEdge> all() {
        return edges;
    }

    /**
     * @param system a system
     * @return the edges that start at it (unmodifiable; empty if none)
     */
    public List<OrderEdge> from(EcsSystem system) {
        return outgoing.getOrDefault(system, List.of());
    }

    /**
     * @param system a system
     * @return the edges that end at it (unmodifiable; empty if none)
     */
    public List<OrderEdge> to(EcsSystem system) {
        return incoming.getOrDefault(system, List.of());
    }
}
