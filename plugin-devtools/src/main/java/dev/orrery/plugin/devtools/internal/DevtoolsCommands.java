package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.devtools.GraphFormat;
import dev.orrery.plugin.devtools.TimingsSource;
import dev.orrery.plugin.devtools.report.CommandProblem;
import dev.orrery.plugin.devtools.report.Report;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The {@code orrery:*} shell commands as plain methods that return data, so they can be tested and
 * used without OSGi and without a shell: each parses its arguments and asks {@link Introspection} or
 * {@link Steering} for the report ({@code dev.orrery.plugin.devtools.report}; {@code ReportText}
 * renders it). A {@code schedule} argument of null or blank means the host's main schedule.
 *
 * <p>Bad input (an unknown schedule, system or phase, a malformed frame count or format) and a frame
 * thread that does not answer return a {@link CommandProblem} naming it, with the usage line where the
 * input was malformed, and change nothing; no method throws for them.
 *
 * <p>Threading: any shell thread; the world is touched only on the host's frame thread. Immutable.
 */
public final class DevtoolsCommands {
    private final FrameCalls frame;
    private final Introspection introspection;
    private final Steering steering;
    private final Saves saves;

    /**
     * @param host the host to observe and steer; not null
     * @param timings the timings hooks the host runs with (read on the frame thread); not null
     * @param timeout how long to wait for the frame thread; positive
     * @throws IllegalArgumentException if the timeout is zero or negative
     */
    public DevtoolsCommands(GameHost host, TimingsSource timings, Duration timeout) {
        this.frame = new FrameCalls(host, timeout);
        this.introspection = new Introspection(frame, timings);
        this.steering = new Steering(frame);
        this.saves = new Saves(host, timeout);
    }

    /**
     * {@code save [file]}: saves the world ({@link GameHost#save}; captured at the next frame boundary,
     * written on the host's worker) and waits for the file, at most the timeout.
     *
     * @param file a file name inside the host's save directory, an absolute path, or null or blank for
     *     {@code quicksave.cbor}; a name ending in {@code .json} is written as JSON
     * @return a {@code SaveOutcome} (done, or still going on after the timeout), or a problem naming
     *     the file when the write failed
     */
    public Report save(String file) {
        return saves.save(file);
    }

    /**
     * {@code load [file]}: loads a world saved before ({@link GameHost#load}) and waits for it, at most
     * the timeout.
     *
     * @param file as {@link #save(String)}
     * @return a {@code LoadOutcome}, or a problem: no such file, or one line naming the file and the
     *     damaged section (the world is then unchanged)
     */
    public Report load(String file) {
        return saves.load(file);
    }

    /**
     * {@code systems [schedule]}: the systems in execution order with position, phase, enabled flag,
     * conditions, sets and plugin.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code SystemsReport}, or why there is none
     */
    public Report systems(String schedule) {
        return guarded(() -> introspection.systems(schedule));
    }

    /**
     * {@code phases [schedule]}: the phases in order with their mode (auto, manual, or manual
     * (detached)), enabled flag in the host's world, number of systems and declared edges.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code PhasesReport}, or why there is none
     */
    public Report phases(String schedule) {
        return guarded(() -> introspection.phases(schedule));
    }

    /**
     * {@code plugins}: every tracked plugin service per schedule (the main schedule first), in the
     * order the host builds that schedule from, with its state (active, or waiting or excluded and why);
     * then the last rebuild of each schedule.
     *
     * @return a {@code PluginsReport}
     */
    public Report plugins() {
        return guarded(introspection::plugins);
    }

    /**
     * {@code observers}: every {@code ScheduleHooks} service the host tracks, with its bundle, the
     * schedule it observes (or every schedule), and whether it was quarantined for throwing and why.
     *
     * @return an {@code ObserversReport}
     */
    public Report observers() {
        return guarded(introspection::observers);
    }

    /**
     * {@code commits}: the host world's structural transactions (publishes, ops staged, applied,
     * coalesced, skipped as dead, discarded, table moves, time publishing) and every system that
     * declares a barrier.
     *
     * @return a {@code CommitsReport}, or why there is none
     */
    public Report commits() {
        return guarded(introspection::commits);
    }

    /**
     * {@code messages}: the host world's message types, with per type the messages sent, held, dropped
     * (lost by a reader at the maximum age) and expired (aged out with no reader), and per reader the
     * messages read and missed.
     *
     * @return a {@code MessagesReport}, or why there is none
     */
    public Report messages() {
        return guarded(introspection::messages);
    }

    /**
     * {@code clocks}: the host world's virtual time (paused, scale) and per fixed-step clock its rate,
     * the steps of the last frame, the cap, the tick, the interpolation alpha and the dropped steps.
     *
     * @return a {@code ClocksReport}, or why there is none
     */
    public Report clocks() {
        return guarded(introspection::clocks);
    }

    /**
     * {@code ecsObservers [schedule]}: a schedule's observers (declared with {@code EcsObserver}) in
     * firing order, with plugin, triggers and how often each fired in the host world.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return an {@code EcsObserversReport}, or why there is none
     */
    public Report ecsObservers(String schedule) {
        return guarded(() -> introspection.ecsObservers(schedule));
    }

    /**
     * {@code timings [schedule]}: per system the run count, last, mean and longest duration in µs, and
     * skips by reason.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code TimingsReport}, or why there is none
     */
    public Report timings(String schedule) {
        return guarded(() -> introspection.timings(schedule));
    }

    /**
     * {@code explain <a> <b> [schedule]}: why a runs before b.
     *
     * @param a a system name
     * @param b another system name
     * @param schedule a schedule name, or null for the main schedule
     * @return an {@code ExplainReport}, or why there is none
     */
    public Report explain(String a, String b, String schedule) {
        return guarded(() -> introspection.explain(a, b, schedule));
    }

    /**
     * {@code access [schedule]}: Orrery's access check, the reads of traits written earlier in a phase
     * without an ordering path and the unordered pairs with conflicting access (declared with
     * {@code reads}/{@code writes}).
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return an {@code AccessCheckReport}, or why there is none
     */
    public Report access(String schedule) {
        return guarded(() -> introspection.access(schedule));
    }

    /**
     * {@code graph [dot|mermaid] [schedule]}: the schedule as Graphviz DOT or Mermaid text.
     *
     * @param format {@code dot} or {@code mermaid}; null or blank for dot
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code GraphReport}, or why there is none (an unknown format with the usage line)
     */
    public Report graph(String format, String schedule) {
        GraphFormat f;
        try {
            f = format == null || format.isBlank() ? GraphFormat.DOT : GraphFormat.parse(format);
        } catch (IllegalArgumentException e) {
            return new CommandProblem("graph: " + e.getMessage() + "; " + Usage.of("graph"));
        }
        return guarded(() -> introspection.graph(schedule, f));
    }

    /**
     * {@code enable <system> [schedule]}: enables a system through the schedule's state trait, so it
     * lasts across rebuilds. An unknown name changes nothing.
     *
     * @param system a system name
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code ToggleOutcome} ({@code QueuedRequest} while the world update is parked), or why nothing was done
     */
    public Report enable(String system, String schedule) {
        return guarded(() -> steering.setEnabled(system, schedule, true));
    }

    /**
     * {@code disable <system> [schedule]}: disables a system through the schedule's state trait (the
     * host carries that state over every rebuild, so the system stays disabled). An unknown name
     * changes nothing.
     *
     * @param system a system name
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code ToggleOutcome} ({@code QueuedRequest} while the world update is parked), or why nothing was done
     */
    public Report disable(String system, String schedule) {
        return guarded(() -> steering.setEnabled(system, schedule, false));
    }

    /**
     * {@code enablePhase <phase> [schedule]}: enables a phase through the schedule's state trait, on the
     * frame thread, so it lasts across rebuilds (Orrery's phase toggle). An unknown name changes nothing.
     *
     * @param phase a phase name
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code PhaseToggleOutcome} ({@code QueuedRequest} while parked), or why nothing was done
     */
    public Report enablePhase(String phase, String schedule) {
        return guarded(() -> steering.setPhaseEnabled(phase, schedule, true));
    }

    /**
     * {@code disablePhase <phase> [schedule]}: disables a phase through the schedule's state trait, on
     * the frame thread: none of its systems runs until it is enabled again, whatever their own flags;
     * kept across rebuilds (Orrery's phase toggle). An unknown name changes nothing.
     *
     * @param phase a phase name
     * @param schedule a schedule name, or null for the main schedule
     * @return a {@code PhaseToggleOutcome} ({@code QueuedRequest} while parked), or why nothing was done
     */
    public Report disablePhase(String phase, String schedule) {
        return guarded(() -> steering.setPhaseEnabled(phase, schedule, false));
    }

    /**
     * {@code pause}: pauses the simulation at the next frame boundary and waits for it.
     *
     * @return a {@code RunStateOutcome}: the host's state and frame afterwards
     */
    public Report pause() {
        return guarded(steering::pause);
    }

    /**
     * {@code resume}: resumes the simulation (also after a system fault) at the next frame boundary.
     *
     * @return a {@code RunStateOutcome}: the host's state and frame afterwards
     */
    public Report resume() {
        return guarded(steering::resume);
    }

    /**
     * {@code step [n]} as typed in the shell: parses n, then {@link #step(long)}.
     *
     * @param frames the typed number of frames; null for 1
     * @return what {@link #step(long)} returns, or a problem with the usage line if {@code frames} is not
     *     a whole number from 1 to {@value Long#MAX_VALUE}
     */
    public Report step(String frames) {
        if (frames == null) {
            return step(1L);
        }
        String text = frames.trim();
        long n;
        try {
            n = Long.parseLong(text);
        } catch (NumberFormatException e) {
            return new CommandProblem("step: n must be a whole number of frames from 1 to " + Long.MAX_VALUE
                    + ", got '" + text + "'; " + Usage.of("step"));
        }
        return step(n);
    }

    /**
     * {@code step [n]}: runs n frames of a paused simulation and waits for them, as long as frames keep
     * running (see {@link Steering#step(long)}).
     *
     * @param frames how many frames; at least 1
     * @return a {@code StepOutcome}: the frame reached, or how many ran before an interrupt or a stuck
     *     frame cancelled the rest; or why no frame ran (not paused, stopped) or the fault that stopped it
     */
    public Report step(long frames) {
        return guarded(() -> steering.step(frames));
    }

    private static Report guarded(Supplier<? extends Report> command) {
        try {
            return command.get();
        } catch (CommandException e) {
            return new CommandProblem(e.getMessage());
        }
    }
}
