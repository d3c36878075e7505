package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.devtools.Explainer;
import dev.orrery.plugin.devtools.GraphFormat;
import dev.orrery.plugin.devtools.GraphRenderer;
import dev.orrery.plugin.devtools.TimingsSource;
import dev.orrery.plugin.devtools.report.AccessCheckReport;
import dev.orrery.plugin.devtools.report.CommitsReport;
import dev.orrery.plugin.devtools.report.ExplainReport;
import dev.orrery.plugin.devtools.report.GraphReport;
import dev.orrery.plugin.devtools.report.ClocksReport;
import dev.orrery.plugin.devtools.report.EcsObserversReport;
import dev.orrery.plugin.devtools.report.MessagesReport;
import dev.orrery.plugin.devtools.report.ObserversReport;
import dev.orrery.plugin.devtools.report.PhasesReport;
import dev.orrery.plugin.devtools.report.PluginsReport;
import dev.orrery.plugin.devtools.report.SystemsReport;
import dev.orrery.plugin.devtools.report.TimingsReport;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * The read-only shell commands as queries that return reports: systems, phases, plugins, observers,
 * timings, access, explain and graph. A {@code schedule} argument of null means the host's main
 * schedule. Whatever reads the world (enabled flags, the timings, which are confined to the frame
 * thread) runs on the frame thread through {@link FrameCalls}.
 *
 * <p>Threading: called on shell threads; holds no mutable state.
 */
final class Introspection {
    private final FrameCalls frame;
    private final TimingsSource timings;

    /**
     * @param frame how to reach the frame thread; not null
     * @param timings the timings hooks the host runs with (read on the frame thread); not null
     */
    Introspection(FrameCalls frame, TimingsSource timings) {
        this.frame = Objects.requireNonNull(frame, "frame");
        this.timings = Objects.requireNonNull(timings, "timings");
    }

    private GameHost host() {
        return frame.host();
    }

    /** @throws CommandException for an unknown schedule or a frame thread that does not answer */
    SystemsReport systems(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return frame.read(world -> SystemsReport.read(ScheduleLookup.require(host(), name), world));
    }

    /**
     * Reads the phase flags on the frame thread (Orrery's phase toggle).
     *
     * @throws CommandException for an unknown schedule or a frame thread that does not answer
     */
    PhasesReport phases(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return frame.read(world -> PhasesReport.read(ScheduleLookup.require(host(), name), world));
    }

    /** @return the host's plugins per schedule, main first, and the last rebuild of each schedule */
    PluginsReport plugins() {
        return PluginsReport.of(host().mainSchedule(), host().plugins(), host().rebuilds());
    }

    /** @return the host's observers ({@code ScheduleHooks} services), quarantined or not */
    ObserversReport observers() {
        return new ObserversReport(host().observers());
    }

    /**
     * Reads the world's transaction counters on the frame thread, and the barriers of every schedule
     * (the main schedule first).
     *
     * @throws CommandException for a frame thread that does not answer
     */
    CommitsReport commits() {
        return frame.read(world -> CommitsReport.read(world, ScheduleLookup.mainFirst(host())));
    }

    /**
     * Reads the world's message counters on the frame thread.
     *
     * @throws CommandException for a frame thread that does not answer
     */
    MessagesReport messages() {
        return frame.read(MessagesReport::read);
    }

    /**
     * Reads the world's virtual time and fixed clocks on the frame thread.
     *
     * @throws CommandException for a frame thread that does not answer
     */
    ClocksReport clocks() {
        return frame.read(ClocksReport::read);
    }

    /**
     * Reads a schedule's observers and their fire counts on the frame thread.
     *
     * @throws CommandException for an unknown schedule or a frame thread that does not answer
     */
    EcsObserversReport ecsObservers(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return frame.read(world -> EcsObserversReport.read(ScheduleLookup.require(host(), name), world));
    }

    /**
     * The host samples only its main schedule; it observes the others on every run call, so their
     * period is 1 whatever the timings' own.
     *
     * @throws CommandException for an unknown schedule or a frame thread that does not answer
     */
    TimingsReport timings(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        ScheduleLookup.require(host(), name);
        int period = name.equals(host().mainSchedule()) ? timings.timings().samplePeriod() : 1;
        return new TimingsReport(name, frame.read(world -> timings.timings().snapshot(name)), period);
    }

    /** @throws CommandException for an unknown schedule */
    AccessCheckReport access(String schedule) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        return new AccessCheckReport(name, ScheduleLookup.require(host(), name).accessReport());
    }

    /** @throws CommandException for an unknown schedule or system name */
    ExplainReport explain(String a, String b, String schedule) {
        Schedule s = ScheduleLookup.require(host(), ScheduleLookup.nameOf(host(), schedule));
        try {
            return ExplainReport.of(new Explainer(s).explain(a, b));
        } catch (IllegalArgumentException e) {
            throw new CommandException(e.getMessage());
        }
    }

    /**
     * Reads the disabled flags on the frame thread and draws on the calling thread, so a large
     * schedule's text costs the frame thread nothing.
     *
     * @throws CommandException for an unknown schedule or a frame thread that does not answer
     */
    GraphReport graph(String schedule, GraphFormat format) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        record Read(Schedule schedule, Set<String> disabled) {
        }
        Read read = frame.read(world -> {
            Schedule s = ScheduleLookup.require(host(), name);
            Set<String> disabled = new LinkedHashSet<>();
            for (EcsSystem sys : s.systems()) {
                if (!s.isEnabled(world, sys)) {
                    disabled.add(sys.name());
                }
            }
            return new Read(s, disabled);
        });
        return new GraphReport(name, format, GraphRenderer.render(read.schedule(), read.disabled(), format));
    }
}
