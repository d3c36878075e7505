package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.devtools.GraphFormat;
import dev.orrery.plugin.devtools.SystemTimings;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The {@code orrery:*} shell commands as plain methods that return the text to print, so they can be
 * tested without OSGi: each parses its arguments, asks {@link Introspection} or {@link Steering} for
 * data, and renders it with {@link TextReports}. A {@code schedule} argument of null means the host's
 * main schedule.
 *
 * <p>Bad input (an unknown schedule or system, a malformed frame count or format, a wrong number of
 * arguments) returns one line naming it, with the usage line where the input was malformed, and
 * changes nothing; no method throws for it.
 *
 * <p>Threading: any shell thread; the world is touched only on the host's frame thread. Immutable.
 */
public final class DevtoolsCommands {
    private final FrameCalls frame;
    private final Introspection introspection;
    private final Steering steering;

    /**
     * @param host the host to observe and steer; not null
     * @param timings the timings hooks the host runs with (read on the frame thread); not null
     * @param timeout how long to wait for the frame thread; positive
     * @throws IllegalArgumentException if the timeout is zero or negative
     */
    public DevtoolsCommands(GameHost host, SystemTimings timings, Duration timeout) {
        this.frame = new FrameCalls(host, timeout);
        this.introspection = new Introspection(frame, timings);
        this.steering = new Steering(frame);
    }

    /**
     * {@code systems [schedule]}: the systems in execution order with position, phase, enabled flag,
     * conditions, sets and plugin.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return the table, or why it cannot be shown
     */
    public String systems(String schedule) {
        return guarded(() -> TextReports.systems(introspection.systems(schedule)));
    }

    /**
     * {@code phases [schedule]}: the phases in order with their mode (auto, manual, or manual
     * (detached)), enabled flag in the host's world, number of systems and declared edges.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return the table, or why it cannot be shown
     */
    public String phases(String schedule) {
        return guarded(() -> TextReports.phases(introspection.phases(schedule)));
    }

    /**
     * {@code plugins}: every tracked plugin service per schedule (the main schedule first, each saying
     * which it is), numbered in the order the host builds that schedule from, with its state (active,
     * or waiting or excluded and why); then the last rebuild of each schedule with the time it was
     * swapped in.
     *
     * @return the tables and the rebuild lines
     */
    public String plugins() {
        return guarded(() -> TextReports.plugins(introspection.plugins()));
    }

    /**
     * {@code observers}: every {@code ScheduleHooks} service the host tracks, with its bundle, the
     * schedule it observes (or every schedule), and whether it was quarantined for throwing and why
     * ({@code GameHost.observers()}).
     *
     * @return the table, or that there are none
     */
    public String observers() {
        return guarded(() -> TextReports.observers(introspection.observers()));
    }

    /**
     * {@code timings [schedule]}: per system the run count, last, mean and longest duration in µs, and
     * skips by reason.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return the table, or why there is none
     */
    public String timings(String schedule) {
        return guarded(() -> TextReports.timings(introspection.timings(schedule)));
    }

    /**
     * {@code explain <a> <b> [schedule]}: why a runs before b.
     *
     * @param a a system name
     * @param b another system name
     * @param schedule a schedule name, or null for the main schedule
     * @return the explanation, or why there is none
     */
    public String explain(String a, String b, String schedule) {
        return guarded(() -> TextReports.explanation(introspection.explain(a, b, schedule)));
    }

    /**
     * {@code graph [dot|mermaid] [schedule]}: the schedule as Graphviz DOT or Mermaid text.
     *
     * @param format {@code dot} or {@code mermaid}; null for dot
     * @param schedule a schedule name, or null for the main schedule
     * @return the graph text, or why there is none (an unknown format with the usage line)
     */
    public String graph(String format, String schedule) {
        return guarded(() -> {
            GraphFormat f;
            try {
                f = format == null ? GraphFormat.DOT : GraphFormat.parse(format);
            } catch (IllegalArgumentException e) {
                throw new CommandException("graph: " + e.getMessage() + "; " + Usage.of("graph"));
            }
            return TextReports.graph(introspection.graph(schedule), f);
        });
    }

    /**
     * {@code enable <system> [schedule]}: enables a system through the schedule's state trait, so it
     * lasts across rebuilds. An unknown name changes nothing.
     *
     * @param system a system name
     * @param schedule a schedule name, or null for the main schedule
     * @return what was done, or why nothing was
     */
    public String enable(String system, String schedule) {
        return guarded(() -> TextReports.toggle(steering.setEnabled(system, schedule, true)));
    }

    /**
     * {@code disable <system> [schedule]}: disables a system through the schedule's state trait (the
     * host carries that state over every rebuild, so the system stays disabled). An unknown name
     * changes nothing.
     *
     * @param system a system name
     * @param schedule a schedule name, or null for the main schedule
     * @return what was done, or why nothing was
     */
    public String disable(String system, String schedule) {
        return guarded(() -> TextReports.toggle(steering.setEnabled(system, schedule, false)));
    }

    /**
     * {@code enablePhase <phase> [schedule]}: enables a phase through the schedule's state trait, on the
     * frame thread, so it lasts across rebuilds (Orrery's phase toggle). An unknown name changes nothing.
     *
     * @param phase a phase name
     * @param schedule a schedule name, or null for the main schedule
     * @return what was done, or why nothing was
     */
    public String enablePhase(String phase, String schedule) {
        return guarded(() -> TextReports.phaseToggle(steering.setPhaseEnabled(phase, schedule, true)));
    }

    /**
     * {@code disablePhase <phase> [schedule]}: disables a phase through the schedule's state trait, on
     * the frame thread: none of its systems runs until it is enabled again, whatever their own flags;
     * kept across rebuilds (Orrery's phase toggle). An unknown name changes nothing.
     *
     * @param phase a phase name
     * @param schedule a schedule name, or null for the main schedule
     * @return what was done, or why nothing was
     */
    public String disablePhase(String phase, String schedule) {
        return guarded(() -> TextReports.phaseToggle(steering.setPhaseEnabled(phase, schedule, false)));
    }

    /**
     * {@code pause}: pauses the simulation at the next frame boundary and waits for it.
     *
     * @return the host's state and frame afterwards
     */
    public String pause() {
        return guarded(() -> TextReports.status("pause", steering.pause()));
    }

    /**
     * {@code resume}: resumes the simulation (also after a system fault) at the next frame boundary.
     *
     * @return the host's state and frame afterwards
     */
    public String resume() {
        return guarded(() -> TextReports.status("resume", steering.resume()));
    }

    /**
     * {@code step [n]} as typed in the shell: parses n, then {@link #step(long)}.
     *
     * @param frames the typed number of frames
     * @return what {@link #step(long)} returns, or a message with the usage line if {@code frames} is
     *     not a whole number from 1 to {@value Long#MAX_VALUE}
     */
    public String step(String frames) {
        String text = frames == null ? "" : frames.trim();
        long n;
        try {
            n = Long.parseLong(text);
        } catch (NumberFormatException e) {
            return "step: n must be a whole number of frames from 1 to " + Long.MAX_VALUE + ", got '" + text + "'; "
                    + Usage.of("step") + "\n";
        }
        return step(n);
    }

    /**
     * {@code step [n]}: runs n frames (default 1) of a paused simulation and waits for them, as long as
     * frames keep running (see {@link Steering#step(long)}).
     *
     * @param frames how many frames; at least 1
     * @return the frame reached, or why no frame ran (not paused, stopped) or the fault that stopped it,
     *     or how many ran before an interrupt or a stuck frame cancelled the rest
     */
    public String step(long frames) {
        return guarded(() -> TextReports.step(steering.step(frames), frame.timeout().toMillis()));
    }

    /**
     * A command typed with a number of arguments it does not take.
     *
     * @param command the command's name
     * @param given how many arguments were typed
     * @return one line: what the command takes, and its usage line
     * @throws IllegalArgumentException if there is no such command
     */
    public String wrongArity(String command, int given) {
        return Usage.wrongArity(command, given) + "\n";
    }

    private static String guarded(Supplier<String> command) {
        try {
            return command.get();
        } catch (CommandException e) {
            return e.getMessage() + "\n";
        }
    }
}
