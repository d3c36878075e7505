package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.OrderTarget;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The first build stage: every declaration on its own and every reference, all local checks that
 * cannot cascade into each other, so all their problems are reported together.
 *
 * <ul>
 *   <li>duplicate plugins: the same plugin object twice, or two plugins with one name (found while
 *       flattening, {@link Declarations#pluginProblems()}; their second entry is not flattened);</li>
 *   <li>duplicates: a builtin phase listed (SCH-007), the same phase, set or system object twice, or
 *       two of one kind with the same name (SCH-007, SCH-020, SCH-023, SCH-138);</li>
 *   <li>references, by identity: phases in dependsOn/before (SCH-006), a system's phase (SCH-019), systems in
 *       before/after (SCH-018, SCH-023), sets in a system's sets/before/after and in a set's
 *       before/after (SCH-133).</li>
 * </ul>
 * The references of a repeated object are checked once.
 */
final class DeclarationChecks {
    private DeclarationChecks() {
    }

    /**
     * @param decl the flattened declarations
     * @return the problems, in declaration order: plugins, phases, sets, systems, then references
     */
    static List<BuildProblem> check(Declarations decl) {
        List<BuildProblem> problems = new ArrayList<>(decl.pluginProblems());
        checkPhaseDeclarations(decl, problems);
        checkSetDeclarations(decl, problems);
        checkSystemDeclarations(decl, problems);
        checkPhaseReferences(decl, problems);
        checkSetReferences(decl, problems);
        checkSystemReferences(decl, problems);
        return problems;
    }

    private static void checkPhaseDeclarations(Declarations decl, List<BuildProblem> problems) {
        Set<String> builtinNames = new HashSet<>();
        Phase.BUILTIN.forEach(p -> builtinNames.add(p.name()));
        List<Declared<Phase>> phases = decl.phases();
        for (Declared<Phase> d : phases) {
            Phase phase = d.item();
            int first = decl.indexOf(phase);
            int firstNamed = decl.phaseNamed(phase.name());
            if (phase.isBuiltin()) {
                problems.add(BuildProblems.builtinPhaseDeclared(d));
            } else if (first != d.index()) {
                problems.add(BuildProblems.phaseListedTwice(phases.get(first), d));
            } else if (builtinNames.contains(phase.name())) {
                problems.add(BuildProblems.phaseNamedLikeBuiltin(d));
            } else if (firstNamed != d.index()) {
                problems.add(BuildProblems.phaseNameTaken(phases.get(firstNamed), d));
            }
        }
    }

    private static void checkSetDeclarations(Declarations decl, List<BuildProblem> problems) {
        List<Declared<SystemSet>> sets = decl.sets();
        for (Declared<SystemSet> d : sets) {
            int first = decl.indexOf(d.item());
            int firstNamed = decl.setNamed(d.item().name());
            if (first != d.index()) {
                problems.add(BuildProblems.setListedTwice(sets.get(first), d));
            } else if (firstNamed != d.index()) {
                problems.add(BuildProblems.setNameTaken(sets.get(firstNamed), d));
            }
        }
    }

    private static void checkSystemDeclarations(Declarations decl, List<BuildProblem> problems) {
        List<Declared<EcsSystem>> systems = decl.systems();
        for (Declared<EcsSystem> d : systems) {
            int first = decl.indexOf(d.item());
            int firstNamed = decl.systemNamed(d.item().name());
            if (first != d.index()) {
                problems.add(BuildProblems.systemListedTwice(systems.get(first), d));
            } else if (firstNamed != d.index()) {
                problems.add(BuildProblems.systemNameTaken(systems.get(firstNamed), d));
            }
        }
    }

    private static void checkPhaseReferences(Declarations decl, List<BuildProblem> problems) {
        for (Declared<Phase> d : decl.phases()) {
            if (d.item().isBuiltin() || decl.indexOf(d.item()) != d.index()) {
                continue;
            }
            checkPhaseList(decl, d, "dependsOn", d.item().dependsOn(), problems);
            checkPhaseList(decl, d, "before", d.item().before(), problems);
        }
    }

    private static void checkPhaseList(Declarations decl, Declared<Phase> referrer, String field, List<Phase> targets,
                                       List<BuildProblem> problems) {
        boolean[] first = FirstOccurrences.of(targets);
        for (int k = 0; k < targets.size(); k++) {
            Phase target = targets.get(k);
            if (first[k] && !decl.isKnown(target)) {
                problems.add(BuildProblems.unknownPhaseReference(referrer, field, target,
                        decl.phaseNamed(target.name()) >= 0, phaseNames(decl)));
            }
        }
    }

    /** @return the builtin phases' names and the declared phases' names, in that order */
    private static List<String> phaseNames(Declarations decl) {
        List<String> names = new ArrayList<>();
        Phase.BUILTIN.forEach(p -> names.add(p.name()));
        decl.phases().forEach(d -> names.add(d.item().name()));
        return names;
    }

    private static void checkSetReferences(Declarations decl, List<BuildProblem> problems) {
        for (Declared<SystemSet> d : decl.sets()) {
            if (decl.indexOf(d.item()) != d.index()) {
                continue;
            }
            checkSetList(decl, d, "before", d.item().before(), problems);
            checkSetList(decl, d, "after", d.item().after(), problems);
        }
    }

    private static void checkSetList(Declarations decl, Declared<SystemSet> referrer, String field,
                                     List<SystemSet> targets, List<BuildProblem> problems) {
        boolean[] first = FirstOccurrences.of(targets);
        for (int k = 0; k < targets.size(); k++) {
            SystemSet target = targets.get(k);
            if (first[k] && decl.indexOf(target) < 0) {
                problems.add(BuildProblems.unknownSetOfSet(referrer, field, target, decl.setNamed(target.name()) >= 0));
            }
        }
    }

    private static void checkSystemReferences(Declarations decl, List<BuildProblem> problems) {
        for (Declared<EcsSystem> d : decl.systems()) {
            EcsSystem system = d.item();
            if (decl.indexOf(system) != d.index()) {
                continue;
            }
            if (!decl.isKnown(system.phase())) {
                problems.add(BuildProblems.unknownSystemPhase(d, decl.phaseNamed(system.phase().name()) >= 0,
                        phaseNames(decl)));
            }
            List<SystemSet> sets = system.sets();
            boolean[] first = FirstOccurrences.of(sets);
            for (int k = 0; k < sets.size(); k++) {
                SystemSet set = sets.get(k);
                if (first[k] && decl.indexOf(set) < 0) {
                    problems.add(BuildProblems.unknownSetOfSystem(d, "sets", set, decl.setNamed(set.name()) >= 0));
                }
            }
            checkTargets(decl, d, "before", system.before(), problems);
            checkTargets(decl, d, "after", system.after(), problems);
        }
    }

    private static void checkTargets(Declarations decl, Declared<EcsSystem> referrer, String field,
                                     List<OrderTarget> targets, List<BuildProblem> problems) {
        boolean[] first = FirstOccurrences.of(targets);
        for (int k = 0; k < targets.size(); k++) {
            OrderTarget target = targets.get(k);
            if (!first[k]) {
                continue;
            }
            if (target instanceof EcsSystem other) {
                if (decl.indexOf(other) < 0) {
                    problems.add(BuildProblems.unknownSystem(referrer, field, other,
                            decl.systemNamed(other.name()) >= 0));
                }
            } else if (target instanceof SystemSet set) {
                if (decl.indexOf(set) < 0) {
                    problems.add(BuildProblems.unknownSetOfSystem(referrer, field, set,
                            decl.setNamed(set.name()) >= 0));
                }
            }
        }
    }
}
