package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.graph.OrderEdge.Declaration;

/**
 * One ordering declaration resolved against the declared objects, as the build keeps it: {@code from}
 * runs before {@code to}; {@code declaredBy} (the one or the other) declared it. The published form,
 * by name, is an {@link dev.orrery.schedule.graph.OrderEdge} ({@link OrderGraphs#published}).
 *
 * @param from the system or set that runs first
 * @param to the system or set that runs after it
 * @param declaration which builder method declared it
 * @param declaredBy {@code from} for the before kinds, {@code to} for the after kinds
 * @param source the plugin (or schedule) name that declared {@code declaredBy}
 */
record DeclaredEdge(OrderTarget from, OrderTarget to, Declaration declaration, OrderTarget declaredBy, String source) {
}
