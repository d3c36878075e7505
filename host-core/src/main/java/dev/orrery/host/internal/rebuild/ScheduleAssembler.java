package dev.orrery.host.internal.rebuild;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.internal.plugins.Containment;
import dev.orrery.host.internal.plugins.PluginEntry;
import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.graph.BuildItem;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * Builds one schedule from its plugins' data snapshots ({@link PluginEntry#data()}), leaving out the
 * plugins that break the build. No plugin code runs here.
 *
 * <p>The newcomer is refused and the running keep running. Each candidate has a {@link Standing} from
 * the previous build of the schedule ({@link Before}), by service-object identity: <em>running</em>
 * (active in it), <em>updated</em> (a new service object for the name of a running plugin),
 * <em>stayed out</em> (in it, but waiting or excluded) or <em>arrived</em> (new). Where plugins
 * conflict, the one of the lowest standing gives way, and of equal standing the last in schedule order
 * (so at start-up, when everything arrives together, the declared order decides):
 * <ul>
 *   <li>An unusable plugin ({@link PluginEntry#error()}) is EXCLUDED with that error.</li>
 *   <li>Of plugins with the same name, the one of the highest standing stays (the running one), else
 *   the first in schedule order.</li>
 *   <li>The exclusion loop builds with every candidate; on a {@link ScheduleBuildException} it blames,
 *   for each {@link BuildProblem}, the candidate of the lowest standing among the sources of the
 *   problem's items (a problem naming a plugin already blamed in that round waits for the next round,
 *   so no plugin is left out for a conflict with one that is left out too). Unknown items carry the source of the item that refers to them, so a plugin
 *   naming an unknown phase is blamed for it. A problem of an unknown phase, set or system makes the
 *   plugin {@link PluginState#WAITING} (another plugin may bring it), any other
 *   {@link PluginState#EXCLUDED}. The reason is the problem's message, prefixed with the other plugins
 *   among its sources ({@code conflicts with running plugin 'zzz-old': two different systems are named
 *   'dup/sys' ...}).</li>
 *   <li>When the exception names no candidate, or the build fails otherwise, the candidates are added
 *   one at a time, highest standing first (running plugins, then newcomers), each standing in schedule
 *   order; each one that makes the build fail is left out.</li>
 * </ul>
 * Each round removes at least one candidate, so the loop ends; if a schedule without any plugin cannot
 * be built either, the outcome carries the failure and no schedule.
 */
final class ScheduleAssembler {
    private static final Set<BuildProblem.Kind> WAITING_KINDS = EnumSet.of(
            BuildProblem.Kind.UNKNOWN_PHASE_REFERENCE, BuildProblem.Kind.UNKNOWN_SYSTEM_PHASE,
            BuildProblem.Kind.UNKNOWN_SYSTEM, BuildProblem.Kind.UNKNOWN_SET);

    /** Builds a schedule from plugin data; the scheduler's builder, or a stand-in in tests. */
    @FunctionalInterface
    interface Build {
        /**
         * @param scheduleName the schedule's name
         * @param plugins the plugins' data, in schedule order
         * @param hooks the observers, or null
         * @param previous the schedule whose state trait to adopt, or null
         * @param probe where the schedule publishes the system it is at, or null
         * @return the schedule
         * @throws dev.orrery.schedule.ScheduleBuildException when the input is invalid
         */
        Schedule build(String scheduleName, List<Plugin> plugins, ScheduleHooks hooks, Schedule previous,
                       RunProbe probe);
    }

    /**
     * What the previous build of the schedule had, to tell running plugins from newcomers (compared by
     * service-object identity).
     *
     * @param active its active plugins: the running ones
     * @param present all its plugins, active or left out
     */
    record Before(Collection<PluginEntry> active, Collection<PluginEntry> present) {
        /** No previous build: start-up, or a new schedule. */
        static final Before NOTHING = new Before(List.of(), List.of());

        /** Copies the collections. */
        Before {
            active = List.copyOf(active);
            present = List.copyOf(present);
        }
    }

    /** How firmly a candidate holds its place; where plugins conflict, the lowest gives way. */
    enum Standing {
        /** A new service object whose name no plugin of the previous build had active. */
        ARRIVED,
        /** A service object of the previous build that was waiting or excluded there. */
        STAYED_OUT,
        /** A new service object for the name of a running plugin: an update. */
        UPDATED,
        /** A service object active in the previous build. */
        RUNNING
    }

    /**
     * The scheduler's own build. The host orders through empty sets (Orrery's own option), so the order of
     * the remaining plugins' systems does not flip while a plugin that fills a set is away.
     *
     * @param generation where large schedules' dispatchers are generated after the build, or null for
     *     the scheduler's default
     * @return the build
     */
    static Build scheduler(Executor generation) {
        return (name, plugins, hooks, previous, probe) -> Schedule.builder(name).plugins(plugins).hooks(hooks)
                .probe(probe).adoptStateOf(previous).orderThroughEmptySets(true).generationExecutor(generation).build();
    }

    /** {@link #scheduler} with the scheduler's default generation executor. */
    static final Build SCHEDULER = scheduler(null);

    private final Build builder;
    private final String scheduleName;
    private final Set<Plugin> running = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Plugin> present = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<String> runningNames = new HashSet<>();
    private final ScheduleHooks hooks;
    private final Schedule previous;
    private final RunProbe probe;
    private final List<PluginEntry> candidates = new ArrayList<>();
    private final Map<PluginEntry, PluginStatus> leftOut = new LinkedHashMap<>();

    private ScheduleAssembler(Build builder, String scheduleName, Before before, ScheduleHooks hooks,
                              Schedule previous, RunProbe probe) {
        this.builder = builder;
        this.scheduleName = scheduleName;
        before.active().forEach(p -> {
            running.add(p.plugin());
            runningNames.add(p.name());
        });
        before.present().forEach(p -> present.add(p.plugin()));
        this.hooks = hooks;
        this.previous = previous;
        this.probe = probe;
    }

    /**
     * @param builder builds a schedule from plugin data ({@link #SCHEDULER}, or a stand-in in tests)
     * @param scheduleName the schedule's name
     * @param ordered its plugins, in schedule order
     * @param before what the previous build of this schedule had ({@link Before#NOTHING} at start-up)
     * @param hooks the observers to build in, or null
     * @param previous the schedule of that name being replaced (its state trait is adopted), or null
     * @param probe where the schedule publishes the system it is at, or null
     * @return the outcome; never throws for a plugin's fault
     * @throws VirtualMachineError when building throws one other than {@link StackOverflowError}
     */
    static BuildOutcome assemble(Build builder, String scheduleName, List<PluginEntry> ordered, Before before,
                                 ScheduleHooks hooks, Schedule previous, RunProbe probe) {
        return new ScheduleAssembler(builder, scheduleName, before, hooks, previous, probe).run(ordered);
    }

    private BuildOutcome run(List<PluginEntry> ordered) {
        long t0 = java.lang.System.nanoTime();
        admit(ordered);
        while (true) {
            try {
                Schedule built = build(candidates);
                return new BuildOutcome(scheduleName, built, candidates, List.copyOf(leftOut.values()),
                        java.lang.System.nanoTime() - t0, null);
            } catch (ScheduleBuildException e) {
                Set<PluginEntry> blamed = blame(e.problems());
                if (blamed.isEmpty() && isolate() <= 0) {
                    return failed(t0, e);
                }
                candidates.removeAll(blamed);
            } catch (Throwable t) {
                Containment.rethrowIfFatal(t);
                if (isolate() <= 0) {
                    return failed(t0, t);
                }
            }
        }
    }

    /** Leaves out unusable plugins and all but one plugin of each name; the rest are candidates. */
    private void admit(List<PluginEntry> ordered) {
        Map<String, PluginEntry> keeper = new HashMap<>();
        for (PluginEntry p : ordered) {
            PluginEntry kept = keeper.get(p.name());
            if (p.usable() && (kept == null || standing(p).compareTo(standing(kept)) > 0)) {
                keeper.put(p.name(), p);
            }
        }
        for (PluginEntry p : ordered) {
            PluginEntry kept = keeper.get(p.name());
            if (!p.usable()) {
                leftOut.put(p, status(p, PluginState.EXCLUDED, p.error()));
            } else if (kept != p) {
                leftOut.put(p, status(p, PluginState.EXCLUDED, "another plugin named '" + p.name() + "' ("
                        + kept.bundle() + ", service " + kept.serviceId() + ") is "
                        + (isRunning(kept) ? "running" : "already") + " in schedule '" + scheduleName + "'"));
            } else {
                candidates.add(p);
            }
        }
    }

    private boolean isRunning(PluginEntry p) {
        return running.contains(p.plugin());
    }

    private Standing standing(PluginEntry p) {
        if (running.contains(p.plugin())) {
            return Standing.RUNNING;
        }
        if (present.contains(p.plugin())) {
            return Standing.STAYED_OUT;
        }
        return runningNames.contains(p.name()) ? Standing.UPDATED : Standing.ARRIVED;
    }

    private BuildOutcome failed(long t0, Throwable failure) {
        return new BuildOutcome(scheduleName, null, List.of(), List.copyOf(leftOut.values()),
                java.lang.System.nanoTime() - t0, failure);
    }

    private Schedule build(List<PluginEntry> plugins) {
        List<Plugin> data = new ArrayList<>(plugins.size());
        for (PluginEntry p : plugins) {
            data.add(p.data());
        }
        return builder.build(scheduleName, data, hooks, previous, probe);
    }

    /**
     * Blames each problem on one candidate (among its sources, the lowest standing, the last in
     * schedule order of those) and records why the blamed are left out. Problems are taken highest
     * culprit standing first; a problem that names a plugin already blamed in this round waits for the
     * next round (it may be gone without that plugin), so a plugin that gives way takes no other with it.
     *
     * @return the blamed candidates, none when no problem names a candidate
     */
    private Set<PluginEntry> blame(List<BuildProblem> problems) {
        record Charge(BuildProblem problem, Set<String> sources, PluginEntry culprit) {
        }
        List<Charge> charges = new ArrayList<>();
        for (BuildProblem problem : problems) {
            Set<String> sources = sources(problem);
            PluginEntry culprit = null;
            for (PluginEntry c : candidates) {
                if (sources.contains(c.name()) && (culprit == null || standing(c).compareTo(standing(culprit)) <= 0)) {
                    culprit = c;
                }
            }
            if (culprit != null) {
                charges.add(new Charge(problem, sources, culprit));
            }
        }
        charges.sort(Comparator.comparing((Charge c) -> standing(c.culprit())).reversed()); // stable
        Map<PluginEntry, List<BuildProblem>> byCulprit = new LinkedHashMap<>();
        for (Charge c : charges) {
            if (byCulprit.containsKey(c.culprit())
                    || byCulprit.keySet().stream().noneMatch(blamed -> c.sources().contains(blamed.name()))) {
                byCulprit.computeIfAbsent(c.culprit(), k -> new ArrayList<>()).add(c.problem());
            }
        }
        byCulprit.forEach((p, own) -> leftOut.put(p, status(p, own, candidates)));
        return byCulprit.keySet();
    }

    private static Set<String> sources(BuildProblem problem) {
        Set<String> out = new HashSet<>();
        for (BuildItem item : problem.items()) {
            out.add(item.source());
        }
        return out;
    }

    /**
     * Adds the candidates one at a time, highest standing first (running plugins, then newcomers),
     * each standing in schedule order; each one that makes the build fail is left out.
     *
     * @return how many candidates were left out, or -1 when even the schedule without plugins cannot be
     *     built; 0 means the failure could not be pinned on a plugin (the caller gives up)
     */
    private int isolate() {
        try {
            build(List.of());
        } catch (Throwable t) {
            Containment.rethrowIfFatal(t);
            return -1;
        }
        List<PluginEntry> trialOrder = new ArrayList<>(candidates);
        trialOrder.sort(Comparator.comparing(this::standing).reversed()); // stable: schedule order within
        List<PluginEntry> accepted = new ArrayList<>();
        for (PluginEntry p : trialOrder) {
            List<PluginEntry> trial = new ArrayList<>(accepted);
            trial.add(p);
            try {
                build(trial);
                accepted.add(p);
            } catch (ScheduleBuildException e) {
                leftOut.put(p, status(p, e.problems(), trial));
            } catch (Throwable t) {
                Containment.rethrowIfFatal(t);
                leftOut.put(p, status(p, PluginState.EXCLUDED, "building with it threw " + Containment.describe(t)));
            }
        }
        int before = candidates.size();
        candidates.retainAll(accepted);
        return before - candidates.size();
    }

    /**
     * The plugin left out for these problems: waiting or excluded, with their distinct reasons.
     *
     * @param present the plugins built together with it, to name the other side of each problem
     */
    private PluginStatus status(PluginEntry p, List<BuildProblem> problems, List<PluginEntry> present) {
        PluginState state = PluginState.WAITING;
        for (BuildProblem problem : problems) {
            if (!WAITING_KINDS.contains(problem.kind())) {
                state = PluginState.EXCLUDED;
            }
        }
        String reason = problems.stream().map(problem -> reason(p, problem, present)).distinct()
                .collect(Collectors.joining("; "));
        return status(p, state, reason);
    }

    /**
     * @return the problem's message, prefixed with the other plugins among its sources
     *     ({@code conflicts with running plugin 'a' and plugin 'b': ...})
     */
    private String reason(PluginEntry p, BuildProblem problem, List<PluginEntry> present) {
        Set<String> sources = sources(problem);
        List<String> runningOthers = new ArrayList<>();
        List<String> otherNewcomers = new ArrayList<>();
        for (PluginEntry other : present) {
            if (other != p && sources.contains(other.name())) {
                (isRunning(other) ? runningOthers : otherNewcomers).add("'" + other.name() + "'");
            }
        }
        List<String> sides = new ArrayList<>();
        if (!runningOthers.isEmpty()) {
            sides.add(plural("running plugin", runningOthers));
        }
        if (!otherNewcomers.isEmpty()) {
            sides.add(plural("plugin", otherNewcomers));
        }
        return sides.isEmpty() ? problem.message()
                : "conflicts with " + String.join(" and ", sides) + ": " + problem.message();
    }

    private static String plural(String noun, List<String> names) {
        return noun + (names.size() == 1 ? " " : "s ") + String.join(", ", names);
    }

    private PluginStatus status(PluginEntry p, PluginState state, String reason) {
        return p.status(state, reason);
    }
}
