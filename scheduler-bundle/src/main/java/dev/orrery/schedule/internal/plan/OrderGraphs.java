package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.BuildItem;
import dev.orrery.schedule.graph.OrderEdge;
import dev.orrery.schedule.graph.OrderGraph;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Turns what the build resolved ({@link DeclaredEdge}s between system and set objects) into the
 * published, by-name {@link OrderGraph}: once, when a tool first asks ({@code Schedule.orderGraph()}),
 * since the build and the run engine never read it.
 */
final class OrderGraphs {
    private OrderGraphs() {
    }

    /**
     * @param plan the built plan (its systems, their sources, and through them their sets)
     * @param edges the resolved declarations, in declaration order
     * @param setSources every declared set's source
     * @param throughEmptySets whether sets without members pass order through
     * @return computes the graph; holds only what it needs to
     */
    static Supplier<OrderGraph> later(ExecutionPlan plan, List<DeclaredEdge> edges,
                                      Map<SystemSet, String> setSources, boolean throughEmptySets) {
        return () -> of(plan, edges, setSources, throughEmptySets);
    }

    /**
     * @return every declared set's source, by set (identity)
     */
    static Map<SystemSet, String> setSources(Declarations decl) {
        Map<SystemSet, String> out = new IdentityHashMap<>();
        for (Declared<SystemSet> d : decl.sets()) {
            out.put(d.item(), d.source().name());
        }
        return out;
    }

    private static OrderGraph of(ExecutionPlan plan, List<DeclaredEdge> edges, Map<SystemSet, String> setSources,
                                 boolean throughEmptySets) {
        List<EcsSystem> systems = plan.systems();
        Map<OrderTarget, String> sources = new IdentityHashMap<>(setSources);
        for (int i = 0; i < systems.size(); i++) {
            sources.put(systems.get(i), plan.systemSources()[i]);
        }
        List<OrderGraph.SystemNode> nodes = new ArrayList<>(systems.size());
        for (EcsSystem s : systems) {
            List<BuildItem> sets = new ArrayList<>();
            for (SystemSet set : s.sets()) {
                BuildItem item = item(set, sources.get(set));
                if (!sets.contains(item)) {
                    sets.add(item);
                }
            }
            nodes.add(new OrderGraph.SystemNode(item(s, sources.get(s)), s.phase().name(), sets));
        }
        List<OrderEdge> published = new ArrayList<>(edges.size());
        for (DeclaredEdge e : edges) {
            published.add(published(e, sources::get));
        }
        return OrderGraph.of(nodes, published, throughEmptySets);
    }

    /**
     * @param e a resolved declaration
     * @param sourceOf the source of a system or set
     * @return its published form
     */
    static OrderEdge published(DeclaredEdge e, Function<OrderTarget, String> sourceOf) {
        BuildItem by = item(e.declaredBy(), e.source());
        BuildItem from = e.from() == e.declaredBy() ? by : item(e.from(), sourceOf.apply(e.from()));
        BuildItem to = e.to() == e.declaredBy() ? by : item(e.to(), sourceOf.apply(e.to()));
        return new OrderEdge(from, to, e.declaration(), by);
    }

    /** @return the system or set as a node: kind, name and source */
    static BuildItem item(OrderTarget t, String source) {
        return new BuildItem(t instanceof SystemSet ? BuildItem.Kind.SET : BuildItem.Kind.SYSTEM, t.name(), source);
    }
}
