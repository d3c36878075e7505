package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.EcsSystem;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The positions of an {@link ExecutionPlan}'s systems in its execution order: by system object
 * (identity) and by name (names are unique in a built schedule, SCH-023). {@link #indexOf} and
 * {@link #indexOfName} return plain ints, so the run engine looks systems up without boxing. Also an
 * unmodifiable {@code Map<EcsSystem, Integer>} view of the same positions, for introspection.
 *
 * <p>The maps are the build's own declaration maps ({@code Declarations.planIndex}): they give a
 * system's declaration index, and one array turns that into its position in this plan ({@link #over}).
 * A plan filtered by {@link PlanFilter} ({@code Schedule.withoutPlugins}) keeps the maps and gets an
 * array of its own ({@link #keeping}), so filtering hashes nothing: O(declared systems).
 *
 * <p>Immutable after construction; the maps and the array are never written after it and never
 * handed out.
 */
public final class SystemIndex extends AbstractMap<EcsSystem, Integer> {
    /** Declaration index by system object (identity), and by name. */
    private final Map<EcsSystem, Integer> byObject;
    private final Map<String, Integer> byName;
    /** Declaration index → position in this plan, or -1 if not in it (filtered out). */
    private final int[] positionOf;
    /** This plan's systems in execution order. */
    private final List<EcsSystem> systems;

    private SystemIndex(Map<EcsSystem, Integer> byObject, Map<String, Integer> byName, int[] positionOf,
                        List<EcsSystem> systems) {
        this.byObject = byObject;
        this.byName = byName;
        this.positionOf = positionOf;
        this.systems = systems;
    }

    /**
     * The index of a built plan over maps made earlier in the build (so the build does not hash every
     * system twice more): the maps give each system's declaration index, and
     * {@code positionOf} turns that into its position in execution order.
     *
     * @param byDeclaration declaration index by system object (identity); never written afterwards
     * @param byNameDeclaration declaration index by system name; never written afterwards
     * @param positionOf per declaration index: the system's position in {@code systems}; kept, not copied
     * @param systems the plan's systems in execution order (unmodifiable, distinct names and objects)
     * @return their index, sharing the maps
     */
    static SystemIndex over(Map<EcsSystem, Integer> byDeclaration, Map<String, Integer> byNameDeclaration,
                            int[] positionOf, List<EcsSystem> systems) {
        return new SystemIndex(byDeclaration, byNameDeclaration, positionOf, systems);
    }

    /**
     * The index of a plan that keeps some of this plan's systems, in the same relative order.
     *
     * @param newIndex per position in this plan: the system's position in the new plan, or -1 if it is
     *     not kept
     * @param keptSystems the new plan's systems, in execution order
     * @return the new plan's index, sharing this one's maps
     */
    SystemIndex keeping(int[] newIndex, List<EcsSystem> keptSystems) {
        int[] next = new int[positionOf.length];
        for (int d = 0; d < positionOf.length; d++) {
            int here = positionOf[d];
            next[d] = here < 0 ? -1 : newIndex[here];
        }
        return new SystemIndex(byObject, byName, next, keptSystems);
    }

    /** @return the system's position in this plan, or -1 if it is not in it (by identity) */
    public int indexOf(EcsSystem system) {
        Integer i = byObject.get(system);
        return i == null ? -1 : positionOf[i];
    }

    /** @return the position of the system with that name in this plan, or -1 if none (SCH-125) */
    public int indexOfName(String name) {
        Integer i = byName.get(name);
        return i == null ? -1 : positionOf[i];
    }

    @Override
    public Integer get(Object key) {
        if (!(key instanceof EcsSystem system)) {
            return null;
        }
        int i = indexOf(system);
        return i < 0 ? null : i;
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof EcsSystem system && indexOf(system) >= 0;
    }

    @Override
    public int size() {
        return systems.size();
    }

    /** @return a new unmodifiable set of the entries, in execution order; O(systems), for introspection only */
    @Override
    public Set<Entry<EcsSystem, Integer>> entrySet() {
        Set<Entry<EcsSystem, Integer>> entries = new LinkedHashSet<>();
        for (int i = 0; i < systems.size(); i++) {
            entries.add(Map.entry(systems.get(i), i));
        }
        return Collections.unmodifiableSet(entries);
    }
}
