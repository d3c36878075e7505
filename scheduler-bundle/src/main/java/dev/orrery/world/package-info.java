/**
 * The ECS world: world traits (typed, identity-keyed singletons per world) and entities that carry
 * traits, with queries over them.
 *
 * <p>A {@link dev.orrery.world.World} is confined to one thread: the thread that runs its schedules
 * (a host's frame thread). Nothing in this package is synchronized.
 *
 * <h2>Entities</h2>
 * An entity is a {@code long} handle (slot index, generation and world tag, see
 * {@link dev.orrery.world.Entity}): a primitive, so queries pass entities to callbacks without boxing
 * or allocating, and every entity method checks the generation and the world tag in one comparison,
 * so a destroyed entity's handle, or one of another world, fails with a clear error instead of
 * reaching the entity that reused its slot. {@link dev.orrery.world.Trait} is the component key, the
 * same type as for world traits.
 *
 * <h2>Storage layout: archetypes</h2>
 * Entities are stored in archetype tables: one table per distinct set of traits, one row per entity,
 * one {@code Object[]} column per trait. Why archetypes rather than sparse sets:
 * <ul>
 *   <li>Game loops mostly iterate: a query visits whole matching tables, row by row, reading its
 *       columns at the same index, with no per-entity membership test and no random access into other
 *       traits' storage. With sparse sets a two-trait query walks one set and probes the other for each
 *       entity (an indirection and a likely cache miss each); an archetype query costs the same per
 *       entity for one trait or three. This is the layout Dominion, flecs and Bevy use for tables, and
 *       what the benchmarks compare against (one- and two-trait queries over 1M entities).</li>
 *   <li>The set of tables a query matches is computed once per new table (tables are never deleted)
 *       and cached per world and {@link dev.orrery.world.Query}, so a query does no matching work per
 *       frame.</li>
 *   <li>The cost is paid on structural changes: adding or removing a trait moves the entity's row to
 *       another table (a copy of its values). The target table is cached on a per-table edge, so a move
 *       is two array writes per trait plus a swap-remove. Spawning with all values at once
 *       ({@link dev.orrery.world.World#spawn(dev.orrery.world.TraitValue...)}, as prefabs do) places
 *       the entity directly in its final table.</li>
 *   <li>Iteration stays correct under mutation with a simple rule (details in
 *       {@link dev.orrery.world.QueryResult}): while any query iterates, rows are only appended and
 *       removals leave holes; holes are compacted when the outermost iteration ends.</li>
 * </ul>
 *
 * <h2>Structural transactions</h2>
 * Inside a schedule's run each phase is a structural transaction ({@link dev.orrery.world.World}
 * says what is staged and when it publishes; {@link dev.orrery.world.WorldTransaction} is the
 * executors' side): systems of one phase see the same committed tables whatever their order, a crash
 * leaves the world as the last publish made it, and publishing moves each entity at most once.
 *
 * <h2>Change detection</h2>
 * Change queries ({@link dev.orrery.world.Query.Builder#added},
 * {@link dev.orrery.world.Query.Builder#changed}) and {@link dev.orrery.world.World#removed} see what
 * happened since the querying system last ran in the world. The world keeps a 64-bit change clock,
 * one {@link dev.orrery.world.SystemContext} per schedule and system name (entered by the executors
 * through {@link dev.orrery.world.SystemContexts}), and, for each trait some query or
 * {@code removed} call asks about, a log of changes and removals; a change query walks the log of its
 * window instead of the tables, so its cost follows the number of changes.
 *
 * <h2>Messages</h2>
 * Typed messages ({@link dev.orrery.world.MessageType}) are how plugins tell each other about events:
 * {@link dev.orrery.world.World#send} from anywhere on the world's thread, and each system that
 * declares the type reads every message once ({@link dev.orrery.world.World#messages}), through a
 * cursor of its own in the type's ring buffer ({@link dev.orrery.world.MessageBus} says when messages
 * are dropped and what a frame is).
 *
 * Values are objects ({@code Object[]} columns), so a mutable value (a position object) is updated in
 * place without touching the table; the store does not specialise primitive columns, to keep it small.
 */
@Export
@Version("0.6.0")
package dev.orrery.world;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
