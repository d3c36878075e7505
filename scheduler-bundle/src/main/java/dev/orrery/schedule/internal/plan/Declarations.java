package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.ItemNames;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The flattened declaration of a schedule (SCH-136): the plugins' phases, sets and systems in plugin
 * order, then the schedule's own, separately per kind, each entry with its source. The position in
 * each list is the declaration index for every tie-break (SCH-137).
 *
 * <p>Also indexes the entries by identity (first occurrence) and by name (first occurrence), for
 * reference resolution and for messages.
 */
final class Declarations {
    private final String scheduleName;
    private final List<Declared<Phase>> phases;
    private final List<Declared<SystemSet>> sets;
    private final List<Declared<EcsSystem>> systems;
    private final Map<Phase, Integer> phaseIndex;
    private final Map<SystemSet, Integer> setIndex;
    private final Map<EcsSystem, Integer> systemIndex;
    private final Map<String, Integer> phaseByName;
    private final Map<String, Integer> setByName;
    private final Map<String, Integer> systemByName;
    private final List<BuildProblem> pluginProblems;
    private final List<String> pluginNames;

    private Declarations(String scheduleName, List<BuildProblem> pluginProblems, List<String> pluginNames,
                         List<Declared<Phase>> phases, List<Declared<SystemSet>> sets,
                         List<Declared<EcsSystem>> systems) {
        this.scheduleName = scheduleName;
        this.pluginProblems = List.copyOf(pluginProblems);
        this.pluginNames = List.copyOf(pluginNames);
        this.phases = List.copyOf(phases);
        this.sets = List.copyOf(sets);
        this.systems = List.copyOf(systems);
        // Sized up front: no rehashing while indexing thousands of systems.
        this.phaseIndex = new IdentityHashMap<>(phases.size());
        this.setIndex = new IdentityHashMap<>(sets.size());
        this.systemIndex = new IdentityHashMap<>(systems.size());
        this.phaseByName = hashMapFor(phases.size());
        this.setByName = hashMapFor(sets.size());
        this.systemByName = hashMapFor(systems.size());
        for (Declared<Phase> d : this.phases) {
            phaseIndex.putIfAbsent(d.item(), d.index());
            phaseByName.putIfAbsent(d.item().name(), d.index());
        }
        for (Declared<SystemSet> d : this.sets) {
            setIndex.putIfAbsent(d.item(), d.index());
            setByName.putIfAbsent(d.item().name(), d.index());
        }
        for (Declared<EcsSystem> d : this.systems) {
            systemIndex.putIfAbsent(d.item(), d.index());
            systemByName.putIfAbsent(d.item().name(), d.index());
        }
    }

    /**
     * The index of a built plan, over this object's system maps (which are never written after the
     * constructor), so the plan's lookups need no maps of their own.
     *
     * @param systemOrder declaration indexes in execution order, every system once
     * @param planned the systems in that order
     * @return the plan's index
     */
    SystemIndex planIndex(int[] systemOrder, List<EcsSystem> planned) {
        int[] positionOf = new int[systems.size()];
        Arrays.fill(positionOf, -1);
        for (int pos = 0; pos < systemOrder.length; pos++) {
            positionOf[systemOrder[pos]] = pos;
        }
        return SystemIndex.over(systemIndex, systemByName, positionOf, planned);
    }

    /** A HashMap that holds {@code expected} entries without rehashing (Java 17 lacks HashMap.newHashMap). */
    private static <K, V> Map<K, V> hashMapFor(int expected) {
        return new HashMap<>(Math.max(16, (int) (expected / 0.75f) + 1));
    }

    /**
     * Flattens plugins (in order) and then the schedule's own entries. A plugin listed again (the same
     * object, or another object with the name of an earlier plugin) is recorded as a
     * {@link #pluginProblems() plugin problem} and its contents are not flattened, so it causes no
     * duplicate phase, set or system problems of its own.
     *
     * @param input the builder's input
     * @return the declarations
     * @throws NullPointerException if a plugin returns a null name, list or entry (naming the plugin)
     * @throws IllegalArgumentException if a plugin returns an empty or blank name (SCH-135), or one with a
     *     character {@link ItemNames} forbids
     */
    static Declarations flatten(BuildInput input) {
        List<BuildProblem> pluginProblems = new ArrayList<>();
        List<Declared<Phase>> phases = new ArrayList<>();
        List<Declared<SystemSet>> sets = new ArrayList<>();
        List<Declared<EcsSystem>> systems = new ArrayList<>();
        Map<Plugin, Integer> pluginIndex = new IdentityHashMap<>();
        Map<String, Integer> pluginByName = new HashMap<>();
        List<Plugin> plugins = input.plugins();
        List<String> pluginNames = new ArrayList<>(plugins.size());
        for (int i = 0; i < plugins.size(); i++) {
            Plugin plugin = plugins.get(i);
            String pluginName = Objects.requireNonNull(plugin.name(),
                    () -> "schedule '" + input.name() + "': a plugin returned a null name (" + plugin.getClass().getName() + ")");
            if (pluginName.isBlank()) {
                // SCH-135: a plugin's name is required; it names the plugin in every build error.
                throw new IllegalArgumentException("schedule '" + input.name() + "': a plugin returned an empty or blank "
                        + "name (" + plugin.getClass().getName() + "); definePlugin (Plugin.builder) requires a name");
            }
            int bad = ItemNames.firstForbidden(pluginName);
            if (bad >= 0) {
                throw new IllegalArgumentException("schedule '" + input.name() + "': a plugin returned a name with a "
                        + "forbidden character (" + plugin.getClass().getName() + "): " + ItemNames.refusal(pluginName, bad));
            }
            pluginNames.add(pluginName);
            Integer sameObject = pluginIndex.putIfAbsent(plugin, i);
            Integer sameName = pluginByName.putIfAbsent(pluginName, i);
            if (sameObject != null) {
                pluginProblems.add(BuildProblems.pluginListedTwice(pluginName, sameObject, i));
                continue;
            }
            if (sameName != null) {
                pluginProblems.add(BuildProblems.pluginNameTaken(pluginName, sameName, plugins.get(sameName), i, plugin));
                continue;
            }
            Source source = Source.plugin(pluginName, i);
            addPhases(phases, plugin.phases(), source, input.name());
            addAll(sets, plugin.sets(), source, input.name(), "sets");
            addAll(systems, plugin.systems(), source, input.name(), "systems");
        }
        Source own = Source.schedule(input.name());
        addPhases(phases, input.phases(), own, input.name());
        addAll(sets, input.sets(), own, input.name(), "sets");
        addAll(systems, input.systems(), own, input.name(), "systems");
        addReadyMadeFixedPhases(phases, systems, own);
        return new Declarations(input.name(), pluginProblems, pluginNames, phases, sets, systems);
    }

    /** Phases as {@link #addAll}, except that a ready-made fixed phase listed again counts once. */
    private static void addPhases(List<Declared<Phase>> out, List<? extends Phase> items, Source source,
                                  String schedule) {
        Objects.requireNonNull(items, () -> "schedule '" + schedule + "': " + source.describe() + " returned null phases");
        for (Phase item : items) {
            Objects.requireNonNull(item, () -> "schedule '" + schedule + "': " + source.describe() + " lists a null entry in phases");
            if (FixedPhases.isReadyMade(item) && declares(out, item)) {
                continue;
            }
            out.add(new Declared<>(item, out.size(), source));
        }
    }

    /**
     * The ready-made fixed phases ({@link FixedPhases}) are declared by using them: when a system's
     * phase or a declared phase's edge refers to one that no entry declares, all three not yet declared
     * are added after the declared phases, in their order, as the schedule's own.
     */
    private static void addReadyMadeFixedPhases(List<Declared<Phase>> phases, List<Declared<EcsSystem>> systems,
                                                Source own) {
        boolean used = false;
        for (Declared<EcsSystem> d : systems) {
            used |= FixedPhases.isReadyMade(d.item().phase());
        }
        for (Declared<Phase> d : phases) {
            for (Phase p : d.item().dependsOn()) {
                used |= FixedPhases.isReadyMade(p);
            }
            for (Phase p : d.item().before()) {
                used |= FixedPhases.isReadyMade(p);
            }
        }
        if (!used) {
            return;
        }
        for (Phase p : List.of(FixedPhases.FIXED_PRE_UPDATE, FixedPhases.FIXED_UPDATE, FixedPhases.FIXED_POST_UPDATE)) {
            if (!declares(phases, p)) {
                phases.add(new Declared<>(p, phases.size(), own));
            }
        }
    }

    private static boolean declares(List<Declared<Phase>> phases, Phase phase) {
        for (Declared<Phase> d : phases) {
            if (d.item() == phase) {
                return true;
            }
        }
        return false;
    }

    private static <T> void addAll(List<Declared<T>> out, List<? extends T> items, Source source, String schedule,
                                   String kind) {
        Objects.requireNonNull(items, () -> "schedule '" + schedule + "': " + source.describe() + " returned null " + kind);
        for (T item : items) {
            Objects.requireNonNull(item, () -> "schedule '" + schedule + "': " + source.describe() + " lists a null entry in " + kind);
            out.add(new Declared<>(item, out.size(), source));
        }
    }

    String scheduleName() {
        return scheduleName;
    }

    /** @return the duplicate plugins found while flattening, in plugin order (DUPLICATE_PLUGIN) */
    List<BuildProblem> pluginProblems() {
        return pluginProblems;
    }

    /** @return each plugin's name as read once while flattening, in plugin order */
    List<String> pluginNames() {
        return pluginNames;
    }

    /** @return the custom phases, flattened (duplicates included until validated) */
    List<Declared<Phase>> phases() {
        return phases;
    }

    List<Declared<SystemSet>> sets() {
        return sets;
    }

    List<Declared<EcsSystem>> systems() {
        return systems;
    }

    /** @return the declaration index of the first entry that is this very phase, or -1 */
    int indexOf(Phase phase) {
        Integer i = phaseIndex.get(phase);
        return i == null ? -1 : i;
    }

    /** @return the declaration index of the first entry that is this very set, or -1 */
    int indexOf(SystemSet set) {
        Integer i = setIndex.get(set);
        return i == null ? -1 : i;
    }

    /** @return the declaration index of the first entry that is this very system, or -1 */
    int indexOf(EcsSystem system) {
        Integer i = systemIndex.get(system);
        return i == null ? -1 : i;
    }

    /** @return whether the phase is builtin or declared (by identity) */
    boolean isKnown(Phase phase) {
        return phase.isBuiltin() || phaseIndex.containsKey(phase);
    }

    /** @return the first declared phase with this name, or -1 */
    int phaseNamed(String name) {
        return phaseByName.getOrDefault(name, -1);
    }

    /** @return the first declared set with this name, or -1 */
    int setNamed(String name) {
        return setByName.getOrDefault(name, -1);
    }

    /** @return the first declared system with this name, or -1 */
    int systemNamed(String name) {
        return systemByName.getOrDefault(name, -1);
    }
}
