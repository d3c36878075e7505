package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.devtools.TimingsSource;
import dev.orrery.plugin.devtools.report.Report;
import java.time.Duration;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code orrery:*} Gogo shell commands (Felix Gogo finds every service with the properties
 * {@code osgi.command.scope} and {@code osgi.command.function}). One method per command; each returns
 * the command's data, a {@link Report} (a {@code CommandProblem} for bad input), which the shell prints
 * through {@link ReportConverter}. The work is done by {@link DevtoolsCommands}, which hands everything
 * that touches the world to the host's frame thread. The names in {@code osgi.command.function} are
 * exactly the public method names of this class.
 *
 * <p>Arguments: as the usage lines show them ({@code timings dnd/turn}, {@code explain a b turn}), and
 * the optional ones also by option ({@code -s}/{@code --schedule}, {@code -f}/{@code --format},
 * {@code -n}/{@code --frames}; {@code help orrery:timings} lists them); see {@link Usage#bind}.
 *
 * <p>Implementation notes: Gogo's {@code @Parameter} is a named option: Gogo 1.1 takes its value from
 * the word after the option name, or its {@code absentValue} when the name is not typed; it never fills
 * one from a word given by position. So every command takes its positional words as a
 * {@code String...} (Gogo hands them over whatever their number), and its optional arguments also as
 * {@code @Parameter}s whose {@code absentValue} is empty, which {@link Usage#bind} reads as "not given by
 * name" and fills from the positional words or leaves to the default (the main schedule, one frame,
 * dot). A wrong number of words thus gets the command's usage line, not Gogo's {@code Cannot coerce}
 * error; only an option typed without its value (e.g. {@code systems -s}) still gets Gogo's. Gogo puts
 * a method's {@code @Parameter} values first, so they come first in each signature.
 */
@Component(service = GogoCommands.class, property = {
    "osgi.command.scope=orrery",
    "osgi.command.function=systems",
    "osgi.command.function=phases",
    "osgi.command.function=plugins",
    "osgi.command.function=observers",
    "osgi.command.function=timings",
    "osgi.command.function=enable",
    "osgi.command.function=disable",
    "osgi.command.function=enablePhase",
    "osgi.command.function=disablePhase",
    "osgi.command.function=pause",
    "osgi.command.function=resume",
    "osgi.command.function=step",
    "osgi.command.function=explain",
    "osgi.command.function=graph",
    "osgi.command.function=access",
    "osgi.command.function=commits",
    "osgi.command.function=messages",
    "osgi.command.function=clocks",
    "osgi.command.function=ecsObservers",
    "osgi.command.function=save",
    "osgi.command.function=load"
})
public final class GogoCommands {
    /** How long a command waits for the frame thread. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final String SCHEDULE = "schedule name (default: the host's main schedule)";
    private static final String WORDS = "the arguments, as the usage line shows them";
    private static final String FILE = "file name in the save directory, or a path (default quicksave.cbor)";

    private final DevtoolsCommands commands;

    /**
     * @param host the game host
     * @param timings the devtools' timings (same bundle), found by its service property
     */
    @Activate
    public GogoCommands(@Reference GameHost host,
                        @Reference(target = "(" + TimingsHooksComponent.PROPERTY + "=timings)") TimingsSource timings) {
        this(new DevtoolsCommands(host, timings, TIMEOUT));
    }

    /** @param commands what the commands do (tests pass one built on a test host) */
    GogoCommands(DevtoolsCommands commands) {
        this.commands = commands;
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code [schedule]}
     * @return the systems table's data, or why there is none
     */
    @Descriptor("list the systems of a schedule: position, phase, enabled, conditions, sets, plugin")
    public Report systems(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": [schedule]") String... words) {
        return Usage.bind("systems", words, schedule).then(a -> commands.systems(a.get(0)));
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code [schedule]}
     * @return the phases table's data, or why there is none
     */
    @Descriptor("list the phases of a schedule in order, manual or not")
    public Report phases(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": [schedule]") String... words) {
        return Usage.bind("phases", words, schedule).then(a -> commands.phases(a.get(0)));
    }

    /**
     * @param words none
     * @return the plugins tables' data and the last rebuilds
     */
    @Descriptor("list the plugins per schedule (main first), numbered in build order, with their state (active, waiting, excluded and why), and the last rebuilds")
    public Report plugins(@Descriptor("none") String... words) {
        return Usage.bind("plugins", words).then(a -> commands.plugins());
    }

    /**
     * @param words none
     * @return the observers table's data
     */
    @Descriptor("list the observers (ScheduleHooks services) with their bundle, schedule, and whether they were quarantined for throwing and why")
    public Report observers(@Descriptor("none") String... words) {
        return Usage.bind("observers", words).then(a -> commands.observers());
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code [schedule]}
     * @return the timings table's data, or why there is none
     */
    @Descriptor("per-system timings of a schedule: runs, last/mean/max in microseconds, skips by reason")
    public Report timings(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": [schedule]") String... words) {
        return Usage.bind("timings", words, schedule).then(a -> commands.timings(a.get(0)));
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code <system> [schedule]}
     * @return what was done, or why nothing was
     */
    @Descriptor("enable a system of a schedule (kept across rebuilds)")
    public Report enable(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": <system> [schedule]") String... words) {
        return Usage.bind("enable", words, schedule).then(a -> commands.enable(a.get(0), a.get(1)));
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code <system> [schedule]}
     * @return what was done, or why nothing was
     */
    @Descriptor("disable a system of a schedule (kept across rebuilds)")
    public Report disable(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": <system> [schedule]") String... words) {
        return Usage.bind("disable", words, schedule).then(a -> commands.disable(a.get(0), a.get(1)));
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code <phase> [schedule]}
     * @return what was done, or why nothing was
     */
    @Descriptor("enable a phase of a schedule (kept across rebuilds)")
    public Report enablePhase(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": <phase> [schedule]") String... words) {
        return Usage.bind("enablePhase", words, schedule).then(a -> commands.enablePhase(a.get(0), a.get(1)));
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code <phase> [schedule]}
     * @return what was done, or why nothing was
     */
    @Descriptor("disable a phase of a schedule: none of its systems runs (kept across rebuilds)")
    public Report disablePhase(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": <phase> [schedule]") String... words) {
        return Usage.bind("disablePhase", words, schedule).then(a -> commands.disablePhase(a.get(0), a.get(1)));
    }

    /**
     * @param words none
     * @return the host's state afterwards
     */
    @Descriptor("pause the simulation at the next frame boundary")
    public Report pause(@Descriptor("none") String... words) {
        return Usage.bind("pause", words).then(a -> commands.pause());
    }

    /**
     * @param words none
     * @return the host's state afterwards
     */
    @Descriptor("resume the simulation (also after a system fault)")
    public Report resume(@Descriptor("none") String... words) {
        return Usage.bind("resume", words).then(a -> commands.resume());
    }

    /**
     * @param file the file by option, empty when not given so
     * @param words {@code [file]}
     * @return the file written, or why not
     */
    @Descriptor("save the world to a file (default quicksave.cbor) in the host's save directory (orrery.host.saveDir);"
            + " a name ending in .json is written as JSON")
    public Report save(
            @Descriptor(FILE) @Parameter(names = {"-f", "--file"}, absentValue = "") String file,
            @Descriptor(WORDS + ": [file]") String... words) {
        return Usage.bind("save", words, file).then(a -> commands.save(a.get(0)));
    }

    /**
     * @param file the file by option, empty when not given so
     * @param words {@code [file]}
     * @return what was restored, or why not (a damaged file: one line naming it and the section)
     */
    @Descriptor("load the world from a file (default quicksave.cbor) in the host's save directory (orrery.host.saveDir)")
    public Report load(
            @Descriptor(FILE) @Parameter(names = {"-f", "--file"}, absentValue = "") String file,
            @Descriptor(WORDS + ": [file]") String... words) {
        return Usage.bind("load", words, file).then(a -> commands.load(a.get(0)));
    }

    /**
     * Takes the count as text, so that a bad one gets a usage message instead of Gogo's coercion error.
     *
     * @param frames the number of frames by option, empty when not given so
     * @param words {@code [n]}
     * @return the frame reached, or how far it got when interrupted (Ctrl-C cancels the rest)
     */
    @Descriptor("run n frames (default 1) of the paused simulation; waits as long as frames keep running, Ctrl-C cancels the rest")
    public Report step(
            @Descriptor("number of frames, 1 or more (default 1)") @Parameter(names = {"-n", "--frames"}, absentValue = "") String frames,
            @Descriptor(WORDS + ": [n]") String... words) {
        return Usage.bind("step", words, frames).then(a -> commands.step(a.get(0)));
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code <system a> <system b> [schedule]}
     * @return the explanation, or why there is none
     */
    @Descriptor("explain why system a runs before system b in a schedule")
    public Report explain(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": <system a> <system b> [schedule]") String... words) {
        return Usage.bind("explain", words, schedule).then(a -> commands.explain(a.get(0), a.get(1), a.get(2)));
    }

    /**
     * @param format the format by option, empty when not given so
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code [dot|mermaid] [schedule]}
     * @return the schedule as graph text, or why there is none
     */
    @Descriptor("print a schedule as Graphviz DOT (default) or Mermaid text")
    public Report graph(
            @Descriptor("dot or mermaid (default: dot)") @Parameter(names = {"-f", "--format"}, absentValue = "") String format,
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": [dot|mermaid] [schedule]") String... words) {
        return Usage.bind("graph", words, format, schedule).then(a -> commands.graph(a.get(0), a.get(1)));
    }

    /**
     * @param words none
     * @return the world's transaction counters and the declared barriers
     */
    @Descriptor("the world's structural transactions: publishes, ops staged, applied, coalesced, skipped as dead,"
            + " discarded, table moves, time publishing; and the systems that declare barriers")
    public Report commits(@Descriptor("none") String... words) {
        return Usage.bind("commits", words).then(a -> commands.commits());
    }

    /**
     * @param words none
     * @return the world's message types with their counters
     */
    @Descriptor("the world's message types: per type the messages sent, held, dropped and expired; per reader"
            + " the messages read and missed")
    public Report messages(@Descriptor("none") String... words) {
        return Usage.bind("messages", words).then(a -> commands.messages());
    }

    /**
     * @param words none
     * @return the world's virtual time and fixed-step clocks
     */
    @Descriptor("the world's time: virtual time paused or not and its scale; per fixed-step clock the rate, the"
            + " steps of the last frame, the cap, the tick, the interpolation alpha and the dropped steps")
    public Report clocks(@Descriptor("none") String... words) {
        return Usage.bind("clocks", words).then(a -> commands.clocks());
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code [schedule]}
     * @return the observers' data, or why there is none
     */
    @Descriptor("list a schedule's observers (EcsObserver) in firing order with plugin, what they react to and how often they fired")
    public Report ecsObservers(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": [schedule]") String... words) {
        return Usage.bind("ecsObservers", words, schedule).then(a -> commands.ecsObservers(a.get(0)));
    }

    /**
     * @param schedule the schedule by option, empty when not given so
     * @param words {@code [schedule]}
     * @return the access check's data, or why there is none
     */
    @Descriptor("list a schedule's access check: reads of traits written earlier in a phase without an ordering path, and unordered pairs with conflicting access (reads/writes declarations)")
    public Report access(
            @Descriptor(SCHEDULE) @Parameter(names = {"-s", "--schedule"}, absentValue = "") String schedule,
            @Descriptor(WORDS + ": [schedule]") String... words) {
        return Usage.bind("access", words, schedule).then(a -> commands.access(a.get(0)));
    }
}
