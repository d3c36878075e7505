package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.BuildProblem.Kind;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.NearestNames;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildItem;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The build problems and their messages, in one place. Messages never include the schedule name:
 * {@link dev.orrery.schedule.ScheduleBuildException} prefixes it (SCH-141). Each problem carries the
 * items it names, with their sources.
 */
final class BuildProblems {
    private BuildProblems() {
    }

    static BuildItem phaseItem(Declared<Phase> d) {
        return new BuildItem(BuildItem.Kind.PHASE, d.item().name(), d.source().name());
    }

    static BuildItem setItem(Declared<SystemSet> d) {
        return new BuildItem(BuildItem.Kind.SET, d.item().name(), d.source().name());
    }

    static BuildItem systemItem(Declared<EcsSystem> d) {
        return new BuildItem(BuildItem.Kind.SYSTEM, d.item().name(), d.source().name());
    }

    /**
     * Quotes a name for messages: {@code 'name'}. Every name in a build message is quoted, also in
     * cycle paths, so names with spaces, arrows or other punctuation stay readable.
     */
    static String quote(String name) {
        return "'" + name + "'";
    }

    private static String declaredBy(Declared<?> d) {
        return "declared by " + d.source().describe();
    }

    private static String bothSources(Declared<?> first, Declared<?> second) {
        if (first.source().equals(second.source())) {
            return "both by " + first.source().describe();
        }
        return "by " + first.source().describe() + " and by " + second.source().describe();
    }

    // ---- plugins: beyond the spec (SCH-135, SCH-138 rely on plugin names) ----

    private static BuildItem pluginItem(String name) {
        return new BuildItem(BuildItem.Kind.PLUGIN, name, name);
    }

    /** The same plugin object listed twice; its contents are flattened once only. */
    static BuildProblem pluginListedTwice(String name, int first, int again) {
        return BuildProblem.builder(Kind.DUPLICATE_PLUGIN,
                "plugin '" + name + "' is listed twice (the same plugin object, as plugins #" + first + " and #"
                        + again + "); list each plugin once")
                .items(List.of(pluginItem(name), pluginItem(name))).build();
    }

    /** Two different plugin objects with the same name. */
    static BuildProblem pluginNameTaken(String name, int first, Plugin firstPlugin, int again, Plugin againPlugin) {
        return BuildProblem.builder(Kind.DUPLICATE_PLUGIN,
                "two different plugin objects are named '" + name + "' (plugins #" + first + ", "
                        + firstPlugin.getClass().getName() + ", and #" + again + ", " + againPlugin.getClass().getName()
                        + "); plugin names must be unique in a schedule")
                .items(List.of(pluginItem(name), pluginItem(name))).build();
    }

    // ---- declarations: SCH-007, SCH-020, SCH-023, SCH-138 ----

    /** SCH-007: a builtin phase listed among the custom phases. */
    static BuildProblem builtinPhaseDeclared(Declared<Phase> d) {
        return BuildProblem.builder(Kind.BUILTIN_PHASE_DECLARED,
                "builtin phase '" + d.item().name() + "' is listed as a custom phase (" + declaredBy(d)
                        + "); builtin phases are always part of a schedule and must not be listed")
                .items(List.of(phaseItem(d))).build();
    }

    /** SCH-138: a custom phase whose name is that of a builtin phase. */
    static BuildProblem phaseNamedLikeBuiltin(Declared<Phase> d) {
        return BuildProblem.builder(Kind.DUPLICATE_PHASE,
                "custom phase '" + d.item().name() + "' (" + declaredBy(d) + ") has the name of a builtin phase")
                .items(List.of(phaseItem(d))).build();
    }

    /** SCH-007, SCH-138: the same phase object twice. */
    static BuildProblem phaseListedTwice(Declared<Phase> first, Declared<Phase> again) {
        return BuildProblem.builder(Kind.DUPLICATE_PHASE,
                "phase '" + first.item().name() + "' is listed twice, " + bothSources(first, again))
                .items(List.of(phaseItem(first), phaseItem(again))).build();
    }

    /** SCH-138: two phase objects with the same name. */
    static BuildProblem phaseNameTaken(Declared<Phase> first, Declared<Phase> again) {
        return BuildProblem.builder(Kind.DUPLICATE_PHASE,
                "two different phases are named '" + first.item().name() + "', declared " + bothSources(first, again))
                .items(List.of(phaseItem(first), phaseItem(again))).build();
    }

    /** SCH-138: the same set object twice. */
    static BuildProblem setListedTwice(Declared<SystemSet> first, Declared<SystemSet> again) {
        return BuildProblem.builder(Kind.DUPLICATE_SET,
                "set '" + first.item().name() + "' is listed twice, " + bothSources(first, again))
                .items(List.of(setItem(first), setItem(again))).build();
    }

    /** SCH-138: two set objects with the same name. */
    static BuildProblem setNameTaken(Declared<SystemSet> first, Declared<SystemSet> again) {
        return BuildProblem.builder(Kind.DUPLICATE_SET,
                "two different sets are named '" + first.item().name() + "', declared " + bothSources(first, again))
                .items(List.of(setItem(first), setItem(again))).build();
    }

    /** SCH-020, SCH-138: the same system object twice. */
    static BuildProblem systemListedTwice(Declared<EcsSystem> first, Declared<EcsSystem> again) {
        return BuildProblem.builder(Kind.DUPLICATE_SYSTEM,
                "system '" + first.item().name() + "' is listed twice, " + bothSources(first, again))
                .items(List.of(systemItem(first), systemItem(again))).build();
    }

    /** SCH-023, SCH-138: two system objects with the same name. */
    static BuildProblem systemNameTaken(Declared<EcsSystem> first, Declared<EcsSystem> again) {
        return BuildProblem.builder(Kind.DUPLICATE_SYSTEM,
                "two different systems are named '" + first.item().name() + "', declared " + bothSources(first, again)
                        + "; system names must be unique in a schedule")
                .items(List.of(systemItem(first), systemItem(again))).build();
    }

    // ---- references: SCH-006, SCH-018, SCH-019, SCH-133 ----

    private static String sameNameNote(boolean sameNameDeclared, String kind) {
        return sameNameDeclared
                ? " (a different " + kind + " object with that name is; references are by object, not by name)"
                : "";
    }

    /** SCH-006: a phase's dependsOn/before names an unknown phase; names both phases, and the nearest known ones. */
    static BuildProblem unknownPhaseReference(Declared<Phase> referrer, String field, Phase unknown,
                                              boolean sameNameDeclared, Collection<String> phaseNames) {
        return BuildProblem.builder(Kind.UNKNOWN_PHASE_REFERENCE,
                "phase '" + referrer.item().name() + "' (" + declaredBy(referrer) + ") lists phase '" + unknown.name()
                        + "' in " + field + ", but '" + unknown.name()
                        + "' is neither a builtin phase nor a phase of this schedule"
                        + sameNameNote(sameNameDeclared, "phase") + NearestNames.didYouMean(unknown.name(), phaseNames))
                .items(List.of(phaseItem(referrer),
                        new BuildItem(BuildItem.Kind.PHASE, unknown.name(), referrer.source().name()))).build();
    }

    /** SCH-019: a system's phase is unknown; the nearest known phase names, if any, are suggested. */
    static BuildProblem unknownSystemPhase(Declared<EcsSystem> system, boolean sameNameDeclared,
                                           Collection<String> phaseNames) {
        Phase phase = system.item().phase();
        return BuildProblem.builder(Kind.UNKNOWN_SYSTEM_PHASE,
                "system '" + system.item().name() + "' (" + declaredBy(system) + ") is in phase '" + phase.name()
                        + "', which is neither a builtin phase nor a phase of this schedule"
                        + sameNameNote(sameNameDeclared, "phase") + NearestNames.didYouMean(phase.name(), phaseNames))
                .items(List.of(systemItem(system), new BuildItem(BuildItem.Kind.PHASE, phase.name(), system.source().name()))).build();
    }

    /** SCH-018, SCH-023: a before/after entry names a system not in the schedule. */
    static BuildProblem unknownSystem(Declared<EcsSystem> referrer, String field, EcsSystem unknown,
                                      boolean sameNameDeclared) {
        return BuildProblem.builder(Kind.UNKNOWN_SYSTEM,
                "system '" + referrer.item().name() + "' (" + declaredBy(referrer) + ") lists system '" + unknown.name()
                        + "' in " + field + ", but '" + unknown.name() + "' is not a system of this schedule"
                        + sameNameNote(sameNameDeclared, "system"))
                .items(List.of(systemItem(referrer),
                        new BuildItem(BuildItem.Kind.SYSTEM, unknown.name(), referrer.source().name()))).build();
    }

    /** SCH-133: a system's sets/before/after names an undeclared set. */
    static BuildProblem unknownSetOfSystem(Declared<EcsSystem> referrer, String field, SystemSet unknown,
                                           boolean sameNameDeclared) {
        return BuildProblem.builder(Kind.UNKNOWN_SET,
                "system '" + referrer.item().name() + "' (" + declaredBy(referrer) + ") lists set '" + unknown.name()
                        + "' in " + field + ", but '" + unknown.name() + "' is not a set of this schedule"
                        + sameNameNote(sameNameDeclared, "set"))
                .items(List.of(systemItem(referrer), new BuildItem(BuildItem.Kind.SET, unknown.name(), referrer.source().name()))).build();
    }

    /** SCH-133: a set's before/after names an undeclared set. */
    static BuildProblem unknownSetOfSet(Declared<SystemSet> referrer, String field, SystemSet unknown,
                                        boolean sameNameDeclared) {
        return BuildProblem.builder(Kind.UNKNOWN_SET,
                "set '" + referrer.item().name() + "' (" + declaredBy(referrer) + ") lists set '" + unknown.name()
                        + "' in " + field + ", but '" + unknown.name() + "' is not a set of this schedule"
                        + sameNameNote(sameNameDeclared, "set"))
                .items(List.of(setItem(referrer), new BuildItem(BuildItem.Kind.SET, unknown.name(), referrer.source().name()))).build();
    }

    // ---- phase graph: SCH-103 ----

    // ---- system edges: SCH-016, SCH-130, SCH-017, SCH-131 ----

    private static String systemInPhase(Declared<EcsSystem> s) {
        return "system '" + s.item().name() + "' (phase '" + s.item().phase().name() + "')";
    }

    private static String againstPhaseOrder(Declared<EcsSystem> earlier, Declared<EcsSystem> later) {
        return ", so " + systemInPhase(earlier) + " would have to run before " + systemInPhase(later)
                + ", but phase '" + later.item().phase().name() + "' runs before phase '"
                + earlier.item().phase().name() + "'";
    }

    /** SCH-016: a direct edge between systems against the phase order; names both systems and phases. */
    static BuildProblem systemEdgeAgainstPhases(Declared<EcsSystem> referrer, String field,
                                                Declared<EcsSystem> target, Declared<EcsSystem> earlier,
                                                Declared<EcsSystem> later) {
        return BuildProblem.builder(Kind.EDGE_AGAINST_PHASE_ORDER,
                "system '" + referrer.item().name() + "' (" + declaredBy(referrer) + ") lists system '"
                        + target.item().name() + "' in " + field + againstPhaseOrder(earlier, later))
                .items(List.of(systemItem(referrer), systemItem(target))).build();
    }

    /** SCH-016, SCH-130: a system's edge to a set that contradicts the phase order for one member. */
    static BuildProblem setEdgeAgainstPhases(Declared<EcsSystem> referrer, String field, Declared<SystemSet> set,
                                             Declared<EcsSystem> member, Declared<EcsSystem> earlier,
                                             Declared<EcsSystem> later) {
        List<BuildItem> items = new ArrayList<>(List.of(systemItem(referrer), setItem(set)));
        if (member != referrer) {
            items.add(systemItem(member));
        }
        return BuildProblem.builder(Kind.EDGE_AGAINST_PHASE_ORDER,
                "system '" + referrer.item().name() + "' (" + declaredBy(referrer) + ") lists set '" + set.item().name()
                        + "' in " + field + ", which has member system '" + member.item().name() + "'"
                        + againstPhaseOrder(earlier, later))
                .items(items).build();
    }

    /** SCH-016, SCH-129, SCH-130: set A ordered before set B, contradicting the phase order for members. */
    static BuildProblem setOrderAgainstPhases(Declared<SystemSet> first, Declared<SystemSet> second,
                                              Declared<EcsSystem> memberOfFirst, Declared<EcsSystem> memberOfSecond) {
        return BuildProblem.builder(Kind.EDGE_AGAINST_PHASE_ORDER,
                "set '" + first.item().name() + "' (" + declaredBy(first) + ") is ordered before set '"
                        + second.item().name() + "' (" + declaredBy(second) + ")"
                        + againstPhaseOrder(memberOfFirst, memberOfSecond))
                .items(List.of(setItem(first), setItem(second), systemItem(memberOfFirst), systemItem(memberOfSecond))).build();
    }

    /**
     * Beyond the spec: a by-name entry ({@code beforeIfPresent}/{@code afterIfPresent}) whose target is
     * present but ordered against the phase order (the same rule as SCH-016 for by-object entries).
     */
    static BuildProblem ifPresentAgainstPhases(Declared<?> referrer, String field, dev.orrery.schedule.OrderTarget named,
                                               Declared<EcsSystem> earlier, Declared<EcsSystem> later) {
        boolean isSet = referrer.item() instanceof SystemSet;
        String what = isSet ? "set '" : "system '";
        String namedWhat = named instanceof SystemSet ? "set '" : "system '";
        BuildItem referrerItem = new BuildItem(isSet ? BuildItem.Kind.SET : BuildItem.Kind.SYSTEM,
                ((dev.orrery.schedule.OrderTarget) referrer.item()).name(), referrer.source().name());
        List<BuildItem> items = new ArrayList<>(List.of(referrerItem, systemItem(earlier), systemItem(later)));
        return BuildProblem.builder(Kind.EDGE_AGAINST_PHASE_ORDER,
                what + ((dev.orrery.schedule.OrderTarget) referrer.item()).name() + "' (" + declaredBy(referrer)
                        + ") names " + namedWhat + named.name() + "' in " + field + againstPhaseOrder(earlier, later))
                .items(items).build();
    }

    /**
     * Beyond the spec (every cycle, SCH-017, SCH-103, SCH-131): a strongly connected group with cycles.
     *
     * @param kind {@link Kind#SYSTEM_CYCLE} or {@link Kind#PHASE_CYCLE}
     * @param head the start of the message, e.g. {@code the phase graph}
     * @param singular whether {@code head} takes "has" (else "form")
     * @param cycles the cycles shown (at least one)
     * @param more how many further cycles the group has
     * @param lowerBound whether {@code more} is a lower bound (the enumeration stopped)
     * @param items the items of the shown cycles
     */
    static BuildProblem cycles(Kind kind, String head, boolean singular, List<BuildCycle> cycles, int more,
                               boolean lowerBound, List<BuildItem> items) {
        StringBuilder sb = new StringBuilder(head).append(singular ? " has" : " form");
        int total = cycles.size() + more;
        if (total == 1) {
            sb.append(" a cycle: ").append(CycleText.of(cycles.get(0)));
        } else {
            sb.append(lowerBound ? " at least " : " ").append(total).append(" cycles: ");
            for (int i = 0; i < cycles.size(); i++) {
                sb.append(i == 0 ? "" : " ").append('[').append(i + 1).append("] ").append(CycleText.of(cycles.get(i)))
                        .append(i + 1 < cycles.size() || more > 0 ? ";" : "");
            }
            if (more > 0) {
                sb.append(" and ").append(lowerBound ? "at least " : "").append(more).append(" more")
                        .append(lowerBound ? " (the enumeration stops at " + BuildProblem.COUNTED_CYCLES + " cycles)" : "");
            }
        }
        return BuildProblem.builder(kind, sb.toString())
                .items(items).cycles(cycles, more).build();
    }
}
