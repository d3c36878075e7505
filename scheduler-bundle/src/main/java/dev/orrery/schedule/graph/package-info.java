/**
 * A schedule's structure as data, for tools: the order graph a build ordered by
 * ({@link dev.orrery.schedule.graph.OrderGraph}, its {@link dev.orrery.schedule.graph.OrderEdge}s with
 * their provenance), what the systems' declared trait access says about the order
 * ({@link dev.orrery.schedule.graph.AccessReport}), and the cycles of a failed build
 * ({@link dev.orrery.schedule.graph.BuildCycle}). Nodes are named
 * {@link dev.orrery.schedule.graph.BuildItem}s (kind, name, source), never the system, set or plugin
 * objects, so these values depend on nothing of {@code dev.orrery.schedule} and keep no plugin's
 * systems reachable. Immutable and thread-safe.
 *
 * <p>How a schedule computes them (the graph algorithms) is not part of this package.
 */
@Export
@Version("0.1.0")
package dev.orrery.schedule.graph;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
