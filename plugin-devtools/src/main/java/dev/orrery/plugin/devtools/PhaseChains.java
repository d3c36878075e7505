package dev.orrery.plugin.devtools;

import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The run chains of a built schedule's phases: which phases follow each other when the schedule is
 * driven, so that a drawing links only those.
 *
 * <ul>
 *   <li>The <b>automatic chain</b>: every automatic phase in {@link Schedule#phases()} order, the
 *       phases {@code run} executes one after the other (SCH-030).</li>
 *   <li>One <b>manual chain</b> per connected component that holds manual phases: its manual phases in
 *       {@code phases()} order, the phases {@code runPhases(from, to)} can step together (SCH-109).
 *       Components are formed by the {@code dependsOn} and {@code before} edges only; a builtin phase
 *       named by an edge is a member, but the builtin chain does not join components (SCH-104). A
 *       manual phase is never linked to an automatic one: {@code run} skips it (SCH-107) and a range
 *       never mixes the two (SCH-111).</li>
 * </ul>
 * A component is <b>detached</b> when no builtin phase is in it (SCH-104).
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
public final class PhaseChains {
    private final List<Phase> automatic;
    private final List<List<Phase>> manual;
    private final Map<Phase, Boolean> detached;

    private PhaseChains(List<Phase> automatic, List<List<Phase>> manual, Map<Phase, Boolean> detached) {
        this.automatic = automatic;
        this.manual = manual;
        this.detached = detached;
    }

    /**
     * @param schedule a built schedule; not null
     * @return its chains
     */
    public static PhaseChains of(Schedule schedule) {
        Objects.requireNonNull(schedule, "schedule");
        List<Phase> phases = schedule.phases();
        Map<Phase, Phase> parent = new IdentityHashMap<>();
        for (Phase p : phases) {
            parent.put(p, p);
        }
        for (Phase p : phases) {
            for (Phase q : p.dependsOn()) {
                union(parent, p, q);
            }
            for (Phase q : p.before()) {
                union(parent, p, q);
            }
        }
        Map<Phase, Boolean> hasBuiltin = new IdentityHashMap<>();
        for (Phase p : phases) {
            hasBuiltin.merge(root(parent, p), Phase.BUILTIN.contains(p), Boolean::logicalOr);
        }
        List<Phase> automatic = new ArrayList<>();
        Map<Phase, List<Phase>> byComponent = new LinkedHashMap<>();
        Map<Phase, Boolean> detached = new IdentityHashMap<>();
        for (Phase p : phases) {
            if (!schedule.isManual(p)) {
                automatic.add(p);
                continue;
            }
            Phase root = root(parent, p);
            byComponent.computeIfAbsent(root, k -> new ArrayList<>()).add(p);
            detached.put(p, !hasBuiltin.get(root));
        }
        List<List<Phase>> manual = new ArrayList<>();
        for (List<Phase> chain : byComponent.values()) {
            manual.add(List.copyOf(chain));
        }
        return new PhaseChains(List.copyOf(automatic), List.copyOf(manual), detached);
    }

    private static Phase root(Map<Phase, Phase> parent, Phase p) {
        Phase r = p;
        while (parent.get(r) != r) {
            r = parent.get(r);
        }
        return r;
    }

    private static void union(Map<Phase, Phase> parent, Phase a, Phase b) {
        if (!parent.containsKey(b)) {
            return; // an edge to a phase the schedule does not have: the build would have refused it
        }
        Phase ra = root(parent, a);
        Phase rb = root(parent, b);
        if (ra != rb) {
            parent.put(ra, rb);
        }
    }

    /** @return the automatic phases in run order (unmodifiable) */
    public List<Phase> automatic() {
        return automatic;
    }

    /**
     * @return one list per component that has manual phases, each its manual phases in stepping order;
     *     components in the order of their first phase (unmodifiable)
     */
    public List<List<Phase>> manual() {
        return manual;
    }

    /**
     * @param phase a phase of the schedule
     * @return whether it is manual because its component has no builtin phase (SCH-104); false for an
     *     automatic phase and for a phase marked manual that is connected to a builtin one
     */
    public boolean isDetached(Phase phase) {
        return detached.getOrDefault(phase, false);
    }
}
