package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.plugin.devtools.Explainer;
import dev.orrery.plugin.devtools.Explanation;
import dev.orrery.plugin.devtools.PhaseChains;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The read-only shell commands as queries that return data ({@link TextReports} renders it): systems,
 * phases, plugins, observers, timings, explain and graph. A {@code schedule} argument of null means the host's
 * main schedule. Whatever reads the world (enabled flags, the timings, which are confined to the
 * frame thread) runs on the frame thread through {@link FrameCalls}.
 *
 * <p>Threading: called on shell threads; holds no mutable state.
 */
final class Introspection {
    private final FrameCalls frame;
    private final SystemTimings timings;

    /**
     * @param frame how to reach the frame thread; not null
     * @param timings the timings hooks the host runs with (read on the frame thread); not null
     */
    Introspection(FrameCalls frame, SystemTimings timings) {
        this.frame = Objects.requireNonNull(frame, "frame");
        this.timings = Objects.requireNonNull(timings, "timings");
    }

    private GameHost host() {
        return frame.host();
    }

    /** @throws CommandException for an unknown schedule or a frame thread that does not answer */
    SystemsReport systems(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return frame.call(world -> {
            Schedule s = ScheduleLookup.require(host(), name);
            List<SystemsReport.Row> rows = new ArrayList<>();
            List<EcsSystem> systems = s.systems();
            for (int i = 0; i < systems.size(); i++) {
                EcsSystem sys = systems.get(i);
                rows.add(new SystemsReport.Row(i + 1, sys.phase().name(), sys.name(), s.isEnabled(world, sys),
                        conditions(sys), sys.sets().stream().map(SystemSet::name).toList(), s.sourceOf(sys)));
            }
            return new SystemsReport(name, rows);
        });
    }

    private static List<String> conditions(EcsSystem sys) {
        List<String> parts = new ArrayList<>();
        if (!sys.conditions().isEmpty()) {
            parts.add("own");
        }
        for (SystemSet set : sys.sets()) {
            if (!set.conditions().isEmpty()) {
                parts.add("set " + set.name());
            }
        }
        return parts;
    }

    /**
     * Reads the phase flags on the frame thread (Orrery's phase toggle).
     *
     * @throws CommandException for an unknown schedule or a frame thread that does not answer
     */
    PhasesReport phases(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return frame.call(world -> {
            Schedule s = ScheduleLookup.require(host(), name);
            PhaseChains chains = PhaseChains.of(s);
            List<PhasesReport.Row> rows = new ArrayList<>();
            List<Phase> phases = s.phases();
            for (int i = 0; i < phases.size(); i++) {
                Phase p = phases.get(i);
                PhasesReport.Mode mode = !s.isManual(p) ? PhasesReport.Mode.AUTO
                        : chains.isDetached(p) ? PhasesReport.Mode.DETACHED : PhasesReport.Mode.MANUAL;
                rows.add(new PhasesReport.Row(i + 1, p.name(), mode, s.isPhaseEnabled(world, p), s.systemsOf(p).size(),
                        p.dependsOn().stream().map(Phase::name).toList(), p.before().stream().map(Phase::name).toList()));
            }
            return new PhasesReport(name, rows);
        });
    }

    /**
     * The host lists plugins ordered by schedule name, then build order ({@link GameHost#plugins()});
     * this groups them per schedule, main schedule first, keeping the build order within each.
     */
    PluginsReport plugins() {
        String main = host().mainSchedule();
        Map<String, List<PluginStatus>> bySchedule = new TreeMap<>();
        for (PluginStatus p : host().plugins()) {
            bySchedule.computeIfAbsent(p.schedule(), k -> new ArrayList<>()).add(p);
        }
        List<PluginsReport.Group> groups = new ArrayList<>();
        List<PluginStatus> mainPlugins = bySchedule.remove(main);
        if (mainPlugins != null) {
            groups.add(new PluginsReport.Group(main, mainPlugins));
        }
        bySchedule.forEach((schedule, plugins) -> groups.add(new PluginsReport.Group(schedule, plugins)));
        Map<String, RebuildInfo> last = new LinkedHashMap<>();
        for (RebuildInfo r : host().rebuilds()) {
            last.remove(r.schedule());
            last.put(r.schedule(), r);
        }
        return new PluginsReport(main, groups, new ArrayList<>(last.values()));
    }

    /** @return the host's observers ({@code ScheduleHooks} services), quarantined or not */
    ObserversReport observers() {
        return new ObserversReport(host().observers());
    }

    /** @throws CommandException for an unknown schedule or a frame thread that does not answer */
    TimingsReport timings(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        ScheduleLookup.require(host(), name);
        // The host samples only its main schedule; it observes the others on every run call (issue 17).
        int period = name.equals(host().mainSchedule()) ? timings.samplePeriod() : 1;
        return new TimingsReport(name, frame.call(world -> timings.snapshot(name)), period);
    }

    /** @throws CommandException for an unknown schedule */
    AccessView access(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return new AccessView(name, ScheduleLookup.require(host(), name).accessReport());
    }

    /** @throws CommandException for an unknown schedule or system name */
    Explanation explain(String a, String b, String schedule) {
        Schedule s = ScheduleLookup.require(host(), ScheduleLookup.nameOf(host(), schedule));
        try {
            return new Explainer(s).explain(a, b);
        } catch (IllegalArgumentException e) {
            throw new CommandException(e.getMessage());
        }
    }

    /** @throws CommandException for an unknown schedule or a frame thread that does not answer */
    GraphInput graph(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return frame.call(world -> {
            Schedule s = ScheduleLookup.require(host(), name);
            Set<String> disabled = new LinkedHashSet<>();
            for (EcsSystem sys : s.systems()) {
                if (!s.isEnabled(world, sys)) {
                    disabled.add(sys.name());
                }
            }
            return new GraphInput(s, disabled);
        });
    }
}
