package dev.orrery.host.internal;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.schedule.BuildItem;
import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.ScheduleHooks;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds one schedule from its plugins, leaving out the plugins that break the build.
 *
 * <p>The exclusion loop: build with every candidate; on a {@link ScheduleBuildException}, blame, for
 * each {@link BuildProblem}, the candidate that comes last in schedule order among the sources of the
 * problem's items (so of two plugins declaring the same system name, the later one gives way; a
 * plugin whose system names an unknown phase is blamed because unknown items carry the source of the
 * item that refers to them); leave the blamed plugins out, with the messages of their problems as the
 * reason, and build again. A problem of an unknown phase, set or system makes the plugin
 * {@link PluginState#WAITING} (another plugin may bring it), any other {@link PluginState#EXCLUDED}.
 * When the exception names no candidate, or the build fails with another exception (a plugin whose
 * methods throw), the candidates are added one at a time and each one that makes the build fail is
 * left out. Each round removes at least one candidate, so the loop ends; if a schedule without any
 * plugin cannot be built either, the outcome carries the failure.
 */
final class ScheduleAssembler {
    private static final Set<BuildProblem.Kind> WAITING_KINDS = EnumSet.of(
            BuildProblem.Kind.UNKNOWN_PHASE_REFERENCE, BuildProblem.Kind.UNKNOWN_SYSTEM_PHASE,
            BuildProblem.Kind.UNKNOWN_SYSTEM, BuildProblem.Kind.UNKNOWN_SET);

    private ScheduleAssembler() {
    }

    /**
     * @param scheduleName the schedule's name
     * @param ordered its plugins, in schedule order
     * @param hooks the observers to build in, or null
     * @param previous the schedule of that name being replaced (its state trait is adopted), or null
     * @return the outcome; never throws for a plugin's fault
     */
    static BuildOutcome assemble(String scheduleName, List<PluginEntry> ordered, ScheduleHooks hooks,
                                 Schedule previous) {
        long t0 = java.lang.System.nanoTime();
        List<PluginEntry> candidates = new ArrayList<>();
        Map<PluginEntry, PluginStatus> leftOut = new LinkedHashMap<>();
        Set<String> names = new java.util.HashSet<>();
        for (PluginEntry p : ordered) {
            if (p.nameError() != null) {
                leftOut.put(p, status(p, PluginState.EXCLUDED, p.nameError()));
            } else if (!names.add(p.name())) {
                leftOut.put(p, status(p, PluginState.EXCLUDED, "another plugin named '" + p.name()
                        + "' is already in schedule '" + scheduleName + "'"));
            } else {
                candidates.add(p);
            }
        }
        while (true) {
            try {
                Schedule built = build(scheduleName, candidates, hooks, previous);
                return new BuildOutcome(scheduleName, built, candidates, List.copyOf(leftOut.values()),
                        java.lang.System.nanoTime() - t0, null);
            } catch (ScheduleBuildException e) {
                Map<PluginEntry, List<BuildProblem>> blamed = blame(e, candidates);
                if (blamed.isEmpty()) {
                    if (isolate(scheduleName, candidates, hooks, previous, leftOut) <= 0) {
                        return failed(scheduleName, leftOut, t0, e);
                    }
                } else {
                    blamed.forEach((p, problems) -> leftOut.put(p, status(p, problems)));
                    candidates.removeAll(blamed.keySet());
                }
            } catch (RuntimeException e) {
                if (isolate(scheduleName, candidates, hooks, previous, leftOut) <= 0) {
                    return failed(scheduleName, leftOut, t0, e);
                }
            }
        }
    }

    private static BuildOutcome failed(String scheduleName, Map<PluginEntry, PluginStatus> leftOut, long t0,
                                       RuntimeException e) {
        return new BuildOutcome(scheduleName, null, List.of(), List.copyOf(leftOut.values()),
                java.lang.System.nanoTime() - t0, e);
    }

    private static Schedule build(String scheduleName, List<PluginEntry> candidates, ScheduleHooks hooks,
                                  Schedule previous) {
        List<Plugin> plugins = new ArrayList<>(candidates.size());
        for (PluginEntry p : candidates) {
            plugins.add(p.plugin());
        }
        return Schedule.builder(scheduleName).plugins(plugins).hooks(hooks).adoptStateOf(previous).build();
    }

    /** For each problem, the candidate last in schedule order among its items' sources. */
    private static Map<PluginEntry, List<BuildProblem>> blame(ScheduleBuildException e, List<PluginEntry> candidates) {
        Map<PluginEntry, List<BuildProblem>> out = new LinkedHashMap<>();
        for (BuildProblem problem : e.problems()) {
            PluginEntry culprit = null;
            int best = -1;
            for (BuildItem item : problem.items()) {
                for (int i = 0; i < candidates.size(); i++) {
                    if (candidates.get(i).name().equals(item.source()) && i > best) {
                        best = i;
                        culprit = candidates.get(i);
                    }
                }
            }
            if (culprit != null) {
                out.computeIfAbsent(culprit, k -> new ArrayList<>()).add(problem);
            }
        }
        return out;
    }

    private static PluginState stateOf(List<BuildProblem> problems) {
        for (BuildProblem p : problems) {
            if (!WAITING_KINDS.contains(p.kind())) {
                return PluginState.EXCLUDED;
            }
        }
        return PluginState.WAITING;
    }

    /**
     * Adds the candidates one at a time; each one that makes the build fail is left out.
     *
     * @return how many candidates were left out, or -1 when even the schedule without plugins cannot be
     *     built; 0 means the failure could not be pinned on a plugin (the caller gives up, so a plugin
     *     whose data changes from call to call cannot make the loop spin)
     */
    private static int isolate(String scheduleName, List<PluginEntry> candidates, ScheduleHooks hooks,
                                   Schedule previous, Map<PluginEntry, PluginStatus> leftOut) {
        try {
            build(scheduleName, List.of(), hooks, previous);
        } catch (RuntimeException e) {
            return -1;
        }
        int before = candidates.size();
        List<PluginEntry> accepted = new ArrayList<>();
        for (PluginEntry p : candidates) {
            List<PluginEntry> trial = new ArrayList<>(accepted);
            trial.add(p);
            try {
                build(scheduleName, trial, hooks, previous);
                accepted.add(p);
            } catch (ScheduleBuildException e) {
                leftOut.put(p, status(p, e.problems()));
            } catch (RuntimeException e) {
                leftOut.put(p, status(p, PluginState.EXCLUDED, "building with it threw " + e));
            }
        }
        candidates.retainAll(accepted);
        return before - candidates.size();
    }

    /** The plugin left out for these problems: waiting or excluded, their distinct messages as the reason. */
    private static PluginStatus status(PluginEntry p, List<BuildProblem> problems) {
        return status(p, stateOf(problems), problems.stream().map(BuildProblem::message).distinct()
                .collect(Collectors.joining("; ")));
    }

    private static PluginStatus status(PluginEntry p, PluginState state, String reason) {
        return new PluginStatus(p.name(), p.schedule(), p.bundle(), p.serviceId(), state, reason);
    }
}
