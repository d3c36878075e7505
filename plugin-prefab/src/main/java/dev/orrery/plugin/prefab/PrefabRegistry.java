package dev.orrery.plugin.prefab;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitValue;
import dev.orrery.world.World;
import dev.orrery.world.unload.Purgeable;
import dev.orrery.world.unload.Unloading;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The prefabs of one world, by name: the value of the world trait {@link #TRAIT}, so it follows the
 * world (cleared by {@code World.reset()}, after which {@link PrefabPlugin#keepRegistered} systems register again).
 *
 * <p>Content registers its prefabs from its own systems, typically with
 * {@link PrefabPlugin#keepRegistered} (registers them in the first frame, and again whenever one is
 * missing). Resolution flattens the parent chain (root first, a child's
 * entry replaces its ancestors'); it is cached per prefab until the registry changes.
 *
 * <p>When code is unloaded (a content bundle uninstalled or updated), {@link #purge(Unloading)} forgets
 * its prefabs ({@link Prefab#belongsTo(Unloading)}); the host calls it through
 * {@code WorldPurge.purge}, since the registry is a {@link Purgeable} world value. An updated content
 * bundle's {@link PrefabPlugin#keepRegistered} system registers its new prefabs in the next frame.
 *
 * <p>Mutable and confined to the world's thread.
 */
public final class PrefabRegistry implements Purgeable {
    /** The world trait holding the registry; added lazily with an empty registry. */
    public static final Trait<PrefabRegistry> TRAIT = Trait.of("prefab/registry", PrefabRegistry::new);

    private final Map<String, Prefab> prefabs = new LinkedHashMap<>();
    private final Map<String, ResolvedPrefab> resolved = new HashMap<>();

    /** Creates an empty registry; normally made by {@link #of(World)}. */
    public PrefabRegistry() {
    }

    /**
     * @param world the world
     * @return the world's registry, added empty on first use
     */
    public static PrefabRegistry of(World world) {
        return world.add(TRAIT);
    }

    /**
     * Registers a prefab under its name. Registering the same object again does nothing, so a
     * registration system may run again (after a reset, say).
     *
     * @param prefab the prefab; not null
     * @throws IllegalArgumentException if a different prefab with the same name is registered; the
     *     message names it
     */
    public void register(Prefab prefab) {
        Objects.requireNonNull(prefab, "PrefabRegistry.register: prefab is null");
        Prefab existing = prefabs.putIfAbsent(prefab.name(), prefab);
        if (existing != null && existing != prefab) {
            throw new IllegalArgumentException("prefab '" + prefab.name()
                    + "' is already registered (a different prefab with that name)");
        }
        resolved.clear();
    }

    /**
     * Whether this very prefab object is registered (by identity, not by name or contents): one map
     * look-up.
     *
     * @param prefab a prefab; not null
     * @return whether {@code prefab} is the prefab registered under its name
     */
    public boolean contains(Prefab prefab) {
        return prefabs.get(prefab.name()) == prefab;
    }

    /**
     * @param name a prefab name
     * @return whether a prefab was removed
     */
    public boolean unregister(String name) {
        boolean removed = prefabs.remove(name) != null;
        if (removed) {
            resolved.clear();
        }
        return removed;
    }

    /**
     * Forgets every prefab that belongs to unloaded code ({@link Prefab#belongsTo(Unloading)}: defined
     * by it, or with a trait, factory or value of it), and the cached resolutions.
     *
     * @param unloading what is being unloaded
     * @return the number of prefabs forgotten
     */
    @Override
    public int purge(Unloading unloading) {
        int before = prefabs.size();
        prefabs.values().removeIf(p -> p.belongsTo(unloading));
        resolved.clear();
        return before - prefabs.size();
    }

    /**
     * @param name a prefab name
     * @return the registered prefab with that name, if any
     */
    public Optional<Prefab> find(String name) {
        return Optional.ofNullable(prefabs.get(name));
    }

    /** @return the registered names, in registration order (an unmodifiable copy) */
    public Set<String> names() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(prefabs.keySet()));
    }

    /**
     * Flattens a prefab's parent chain.
     *
     * @param name the prefab name
     * @return every trait the spawned entity gets (without {@link Prefab#SOURCE}), root-first order
     * @throws PrefabException if the prefab or an ancestor is not registered, or the chain has a
     *     cycle; the message names the prefab at fault
     */
    public List<Trait<?>> resolvedTraits(String name) {
        return List.of(resolve(name).traits);
    }

    ResolvedPrefab resolve(String name) {
        ResolvedPrefab r = resolved.get(name);
        if (r != null) {
            return r;
        }
        List<Prefab> chain = new ArrayList<>();
        List<String> path = new ArrayList<>();
        String current = name;
        while (current != null) {
            int seen = path.indexOf(current);
            if (seen >= 0) {
                List<String> cycle = new ArrayList<>(path.subList(seen, path.size()));
                cycle.add(current);
                String at = seen == 0 ? "" : " (reached from '" + name + "')";
                throw new PrefabException(name, "prefab '" + path.get(seen) + "': inheritance cycle "
                        + String.join(" -> ", cycle) + at, null);
            }
            path.add(current);
            Prefab p = prefabs.get(current);
            if (p == null) {
                if (chain.isEmpty()) {
                    throw new PrefabException(name, "prefab '" + name + "' is not registered", null);
                }
                String child = chain.get(chain.size() - 1).name();
                throw new PrefabException(name, "prefab '" + child + "': parent '" + current + "' is not registered"
                        + (child.equals(name) ? "" : " (while resolving prefab '" + name + "')"), null);
            }
            chain.add(p);
            current = p.parent().orElse(null);
        }
        Map<Trait<?>, Supplier<?>> merged = new LinkedHashMap<>();
        for (int i = chain.size() - 1; i >= 0; i--) {
            merged.putAll(chain.get(i).entries());
        }
        r = new ResolvedPrefab(name, merged);
        resolved.put(name, r);
        return r;
    }

    /**
     * Spawns one entity from a prefab now. This is what {@code prefab/spawn} does for each request;
     * call it directly in tools and tests. The entity gets every resolved trait (an override's value
     * where given, else a value from the prefab's factory) and {@link Prefab#SOURCE}; if anything
     * fails, nothing is spawned.
     *
     * @param world the world to spawn in
     * @param request what to spawn
     * @return the new entity
     * @throws PrefabException if the prefab cannot be resolved, an override names a trait the prefab
     *     lacks or names a trait twice, or a value factory throws or returns null; the message names
     *     the prefab
     */
    public long instantiate(World world, SpawnRequest request) {
        ResolvedPrefab r = resolve(request.prefab());
        TraitValue<?>[] values = new TraitValue<?>[r.traits.length + 1];
        List<TraitValue<?>> overrides = request.overrides();
        for (TraitValue<?> o : overrides) {
            int i = r.indexOf(o.trait());
            if (i < 0) {
                throw new PrefabException(r.name, "prefab '" + r.name + "' has no trait '" + o.trait().name()
                        + "' to override (its traits: " + r.traitNames() + ")", null);
            }
            if (values[i] != null) {
                throw new PrefabException(r.name, "prefab '" + r.name + "': trait '" + o.trait().name()
                        + "' is overridden twice", null);
            }
            values[i] = o;
        }
        for (int i = 0; i < r.traits.length; i++) {
            if (values[i] == null) {
                values[i] = valueOf(r, i);
            }
        }
        values[r.traits.length] = Prefab.SOURCE.with(r.name);
        return world.spawn(values);
    }

    @SuppressWarnings("unchecked")
    private static <T> TraitValue<T> valueOf(ResolvedPrefab r, int i) {
        Trait<T> trait = (Trait<T>) r.traits[i];
        Object value;
        try {
            value = r.factories[i].get();
        } catch (RuntimeException e) {
            throw new PrefabException(r.name, "prefab '" + r.name + "': the value factory of trait '" + trait.name()
                    + "' threw " + e, e);
        }
        if (value == null) {
            throw new PrefabException(r.name, "prefab '" + r.name + "': the value factory of trait '" + trait.name()
                    + "' returned null", null);
        }
        return new TraitValue<>(trait, (T) value);
    }
}
