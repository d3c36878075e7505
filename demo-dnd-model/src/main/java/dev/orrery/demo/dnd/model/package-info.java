/**
 * The stable model of the skirmish demo: every {@link dev.orrery.world.Trait} the game keeps its
 * state in, the immutable value records those traits hold, the {@code dnd/turn} phases and the
 * prefabs.
 *
 * <p><b>Why a bundle of its own.</b> A trait is an identity key. Traits and value classes defined in
 * the hot-swappable rules bundle would be new objects (new classes, from a new class loader) after an
 * update, so the world's data would be unreachable by the new rules and would pin the old class
 * loader. Everything the world holds is therefore defined here, in a bundle that is never updated in
 * the hot-reload story; the rules bundle ({@code dev.orrery.demo.dnd}) holds systems only and no state
 * of its own. The phases are here too, so that a turn schedule and a frame system built from
 * different versions of the rules still agree on the phase objects, and so are the prefabs, so that
 * registering them again after an update registers the same objects (a no-op in
 * {@link dev.orrery.plugin.prefab.PrefabRegistry}).
 *
 * <p>Values are immutable records, replaced with {@code world.set}; the few mutable world traits
 * ({@link dev.orrery.demo.dnd.model.BattleRng}, {@link dev.orrery.demo.dnd.model.CombatLog},
 * {@link dev.orrery.demo.dnd.model.BattleEnd}) are
 * confined to the frame thread like the world itself.
 */
@Export
@Version("0.2.0")
package dev.orrery.demo.dnd.model;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
