package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.schedule.ScheduleHooks;
import java.time.Duration;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code orrery:*} Gogo shell commands (Felix Gogo finds every service with the properties
 * {@code osgi.command.scope} and {@code osgi.command.function}; see the Felix Gogo documentation).
 * Each method returns the text the shell prints; the work is done by {@link DevtoolsCommands}, which
 * hands everything that touches the world to the host's frame thread. The optional last argument of
 * most commands is a schedule name (default: the host's main schedule).
 *
 * <p>Every command also has a {@code String...} overload: Gogo's method resolution prefers an overload
 * whose parameters match the typed arguments one for one, and falls back to the varargs one only when
 * none does, so a call with a wrong number of arguments prints the command's usage line
 * ({@link Usage}) instead of Gogo's {@code Cannot coerce ...} error. The names in
 * {@code osgi.command.function} are exactly the public method names of this class.
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
    "osgi.command.function=graph"
})
public final class GogoCommands {
    /** How long a command waits for the frame thread. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final DevtoolsCommands commands;

    /**
     * @param host the game host
     * @param timings the devtools' timings hooks service (same bundle)
     */
    @Activate
    public GogoCommands(@Reference GameHost host,
                        @Reference(target = "(" + TimingsHooksComponent.PROPERTY + "=timings)") ScheduleHooks timings) {
        this(new DevtoolsCommands(host, ((TimingsHooksComponent) timings).timings(), TIMEOUT));
    }

    /** @param commands what the commands do (tests pass one built on a test host) */
    GogoCommands(DevtoolsCommands commands) {
        this.commands = commands;
    }

    /** @return the systems table of the main schedule */
    @Descriptor("list the systems of the main schedule: position, phase, enabled, conditions, sets, plugin")
    public String systems() {
        return commands.systems(null);
    }

    /**
     * @param schedule schedule name
     * @return the systems table of that schedule
     */
    @Descriptor("list the systems of a schedule: position, phase, enabled, conditions, sets, plugin")
    public String systems(@Descriptor("schedule name") String schedule) {
        return commands.systems(schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String systems(String... args) {
        return commands.wrongArity("systems", args.length);
    }

    /** @return the phases table of the main schedule */
    @Descriptor("list the phases of the main schedule in order, manual or not")
    public String phases() {
        return commands.phases(null);
    }

    /**
     * @param schedule schedule name
     * @return the phases table of that schedule
     */
    @Descriptor("list the phases of a schedule in order, manual or not")
    public String phases(@Descriptor("schedule name") String schedule) {
        return commands.phases(schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String phases(String... args) {
        return commands.wrongArity("phases", args.length);
    }

    /** @return the plugins table and the last rebuilds */
    @Descriptor("list the plugins per schedule (main first), numbered in build order, with their state (active, waiting, excluded and why), and the last rebuilds")
    public String plugins() {
        return commands.plugins();
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String plugins(String... args) {
        return commands.wrongArity("plugins", args.length);
    }

    /** @return the observers table */
    @Descriptor("list the observers (ScheduleHooks services) with their bundle, schedule, and whether they were quarantined for throwing and why")
    public String observers() {
        return commands.observers();
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String observers(String... args) {
        return commands.wrongArity("observers", args.length);
    }

    /** @return the timings table of the main schedule */
    @Descriptor("per-system timings of the main schedule: runs, last/mean/max in microseconds, skips by reason")
    public String timings() {
        return commands.timings(null);
    }

    /**
     * @param schedule schedule name
     * @return the timings table of that schedule
     */
    @Descriptor("per-system timings of a schedule: runs, last/mean/max in microseconds, skips by reason")
    public String timings(@Descriptor("schedule name") String schedule) {
        return commands.timings(schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String timings(String... args) {
        return commands.wrongArity("timings", args.length);
    }

    /**
     * @param system system name
     * @return what was done
     */
    @Descriptor("enable a system of the main schedule (kept across rebuilds)")
    public String enable(@Descriptor("system name") String system) {
        return commands.enable(system, null);
    }

    /**
     * @param system system name
     * @param schedule schedule name
     * @return what was done
     */
    @Descriptor("enable a system of a schedule (kept across rebuilds)")
    public String enable(@Descriptor("system name") String system, @Descriptor("schedule name") String schedule) {
        return commands.enable(system, schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String enable(String... args) {
        return commands.wrongArity("enable", args.length);
    }

    /**
     * @param system system name
     * @return what was done
     */
    @Descriptor("disable a system of the main schedule (kept across rebuilds)")
    public String disable(@Descriptor("system name") String system) {
        return commands.disable(system, null);
    }

    /**
     * @param system system name
     * @param schedule schedule name
     * @return what was done
     */
    @Descriptor("disable a system of a schedule (kept across rebuilds)")
    public String disable(@Descriptor("system name") String system, @Descriptor("schedule name") String schedule) {
        return commands.disable(system, schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String disable(String... args) {
        return commands.wrongArity("disable", args.length);
    }

    /**
     * @param phase phase name
     * @return what was done
     */
    @Descriptor("enable a phase of the main schedule (kept across rebuilds)")
    public String enablePhase(@Descriptor("phase name") String phase) {
        return commands.enablePhase(phase, null);
    }

    /**
     * @param phase phase name
     * @param schedule schedule name
     * @return what was done
     */
    @Descriptor("enable a phase of a schedule (kept across rebuilds)")
    public String enablePhase(@Descriptor("phase name") String phase, @Descriptor("schedule name") String schedule) {
        return commands.enablePhase(phase, schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String enablePhase(String... args) {
        return commands.wrongArity("enablePhase", args.length);
    }

    /**
     * @param phase phase name
     * @return what was done
     */
    @Descriptor("disable a phase of the main schedule: none of its systems runs (kept across rebuilds)")
    public String disablePhase(@Descriptor("phase name") String phase) {
        return commands.disablePhase(phase, null);
    }

    /**
     * @param phase phase name
     * @param schedule schedule name
     * @return what was done
     */
    @Descriptor("disable a phase of a schedule: none of its systems runs (kept across rebuilds)")
    public String disablePhase(@Descriptor("phase name") String phase, @Descriptor("schedule name") String schedule) {
        return commands.disablePhase(phase, schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String disablePhase(String... args) {
        return commands.wrongArity("disablePhase", args.length);
    }

    /** @return the host's state afterwards */
    @Descriptor("pause the simulation at the next frame boundary")
    public String pause() {
        return commands.pause();
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String pause(String... args) {
        return commands.wrongArity("pause", args.length);
    }

    /** @return the host's state afterwards */
    @Descriptor("resume the simulation (also after a system fault)")
    public String resume() {
        return commands.resume();
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String resume(String... args) {
        return commands.wrongArity("resume", args.length);
    }

    /** @return the frame reached */
    @Descriptor("run one frame of the paused simulation")
    public String step() {
        return commands.step(1L);
    }

    /**
     * Takes the count as text, so that a bad one gets a usage message instead of Gogo's coercion error.
     *
     * @param frames how many frames, a whole number from 1 up
     * @return the frame reached, or how far it got when interrupted (Ctrl-C cancels the rest)
     */
    @Descriptor("run n frames of the paused simulation; waits as long as frames keep running, Ctrl-C cancels the rest")
    public String step(@Descriptor("number of frames, 1 or more") String frames) {
        return commands.step(frames);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String step(String... args) {
        return commands.wrongArity("step", args.length);
    }

    /**
     * @param a system name
     * @param b system name
     * @return the explanation
     */
    @Descriptor("explain why system a runs before system b in the main schedule")
    public String explain(@Descriptor("system a") String a, @Descriptor("system b") String b) {
        return commands.explain(a, b, null);
    }

    /**
     * @param a system name
     * @param b system name
     * @param schedule schedule name
     * @return the explanation
     */
    @Descriptor("explain why system a runs before system b in a schedule")
    public String explain(@Descriptor("system a") String a, @Descriptor("system b") String b,
                          @Descriptor("schedule name") String schedule) {
        return commands.explain(a, b, schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String explain(String... args) {
        return commands.wrongArity("explain", args.length);
    }

    /** @return the main schedule as Graphviz DOT */
    @Descriptor("print the main schedule as Graphviz DOT")
    public String graph() {
        return commands.graph(null, null);
    }

    /**
     * @param format dot or mermaid
     * @return the main schedule in that format
     */
    @Descriptor("print the main schedule as Graphviz DOT or Mermaid text")
    public String graph(@Descriptor("dot or mermaid") String format) {
        return commands.graph(format, null);
    }

    /**
     * @param format dot or mermaid
     * @param schedule schedule name
     * @return the schedule in that format
     */
    @Descriptor("print a schedule as Graphviz DOT or Mermaid text")
    public String graph(@Descriptor("dot or mermaid") String format, @Descriptor("schedule name") String schedule) {
        return commands.graph(format, schedule);
    }

    /**
     * @param args the arguments as typed, when no other overload takes that many
     * @return what the command takes and its usage line
     */
    @Descriptor("with any other number of arguments: prints the usage line")
    public String graph(String... args) {
        return commands.wrongArity("graph", args.length);
    }
}
