package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.HostStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.SystemFaultException;
import dev.orrery.plugin.devtools.Explainer;
import dev.orrery.plugin.devtools.GraphFormat;
import dev.orrery.plugin.devtools.GraphRenderer;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.World;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the {@code orrery:*} shell commands do, as plain methods that return the text to print, so
 * they can be tested without OSGi. A {@code schedule} argument of null means the host's main schedule.
 *
 * <p>Anything that reads or changes a world (enabled flags, {@code enable}/{@code disable}, the
 * timings, which are confined to the frame thread) is handed to the frame thread with
 * {@link GameHost#submit} and waited for, at most the configured timeout. Bad input (an unknown
 * schedule or system, a bad frame count or format) returns a message naming it and changes nothing;
 * no method throws for it.
 */
public final class DevtoolsCommands {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);

    private final GameHost host;
    private final SystemTimings timings;
    private final Duration timeout;

    /**
     * @param host the host to observe and steer; not null
     * @param timings the timings hooks the host runs with (read on the frame thread); not null
     * @param timeout how long to wait for the frame thread; positive
     */
    public DevtoolsCommands(GameHost host, SystemTimings timings, Duration timeout) {
        this.host = Objects.requireNonNull(host, "host");
        this.timings = Objects.requireNonNull(timings, "timings");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("DevtoolsCommands: timeout must be positive, got " + timeout);
        }
    }

    // ---------------------------------------------------------------- introspection

    /**
     * {@code systems [schedule]}: the systems in execution order with position, phase, enabled flag,
     * conditions, sets and plugin.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return the table, or why it cannot be shown
     */
    public String systems(String schedule) {
        return guarded(() -> {
            String name = nameOf(schedule);
            return onFrame(world -> {
                Schedule s = require(name);
                List<EcsSystem> systems = s.systems();
                TextTable t = TextTable.of(">#", "phase", "system", "enabled", "conditions", "sets", "plugin");
                int disabled = 0;
                for (int i = 0; i < systems.size(); i++) {
                    EcsSystem sys = systems.get(i);
                    boolean enabled = s.isEnabled(world, sys);
                    disabled += enabled ? 0 : 1;
                    t.row(i + 1, sys.phase().name(), sys.name(), enabled ? "yes" : "no", conditions(sys),
                            sys.sets().stream().map(SystemSet::name).collect(Collectors.joining(", ")),
                            s.sourceOf(sys));
                }
                return "schedule " + name + ": " + count(systems.size(), "system") + ", " + disabled + " disabled\n"
                        + t.render();
            });
        });
    }

    private static String conditions(EcsSystem sys) {
        List<String> parts = new ArrayList<>();
        if (sys.runIf().isPresent()) {
            parts.add("own");
        }
        for (SystemSet set : sys.sets()) {
            Optional<Condition> c = set.runIf();
            if (c.isPresent()) {
                parts.add("set " + set.name());
            }
        }
        return parts.isEmpty() ? "-" : String.join(", ", parts);
    }

    /**
     * {@code phases [schedule]}: the phases in order with their mode (automatic, manual or detached),
     * number of systems and declared edges.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return the table, or why it cannot be shown
     */
    public String phases(String schedule) {
        return guarded(() -> {
            String name = nameOf(schedule);
            Schedule s = require(name);
            TextTable t = TextTable.of(">#", "phase", "mode", ">systems", "after", "before");
            List<Phase> phases = s.phases();
            for (int i = 0; i < phases.size(); i++) {
                Phase p = phases.get(i);
                String mode = !s.isManual(p) ? "auto" : p.manual() ? "manual" : "manual (detached)";
                t.row(i + 1, p.name(), mode, s.systemsOf(p).size(),
                        p.dependsOn().stream().map(Phase::name).collect(Collectors.joining(", ")),
                        p.before().stream().map(Phase::name).collect(Collectors.joining(", ")));
            }
            return "schedule " + name + ": " + count(phases.size(), "phase") + "\n" + t.render();
        });
    }

    /**
     * {@code plugins}: every tracked plugin in the declared order with its state (active, or waiting or
     * excluded and why), then the last rebuild of each schedule with the time it was swapped in
     * ({@link RebuildInfo#swappedIn()}).
     *
     * @return the table and the rebuild lines
     */
    public String plugins() {
        return guarded(() -> {
            List<PluginStatus> plugins = host.plugins();
            TextTable t = TextTable.of(">#", "plugin", "schedule", "state", "bundle", "reason");
            Map<String, Integer> perSchedule = new LinkedHashMap<>();
            for (PluginStatus p : plugins) {
                int n = perSchedule.merge(p.schedule(), 1, Integer::sum);
                t.row(n, p.name(), p.schedule(), p.state().name().toLowerCase(Locale.ROOT), p.bundle(), p.reason());
            }
            StringBuilder out = new StringBuilder(count(plugins.size(), "plugin")).append(" in declared order\n")
                    .append(t.render());
            Map<String, RebuildInfo> last = new LinkedHashMap<>();
            for (RebuildInfo r : host.rebuilds()) {
                last.put(r.schedule(), r);
            }
            if (last.isEmpty()) {
                out.append("no rebuild yet\n");
            }
            for (RebuildInfo r : last.values()) {
                out.append("last rebuild: ").append(r.summary());
                if (r.swappedIn() != null) {
                    out.append("; running since ").append(
                            TIME.format(r.swappedIn().truncatedTo(ChronoUnit.MILLIS).atZone(ZoneId.systemDefault())));
                }
                out.append('\n');
            }
            return out.toString();
        });
    }

    /**
     * {@code timings [schedule]}: per system the run count, last, mean and longest duration in µs, and
     * skips by reason.
     *
     * @param schedule a schedule name, or null for the main schedule
     * @return the table, or why there is none
     */
    public String timings(String schedule) {
        return guarded(() -> {
            String name = nameOf(schedule);
            require(name);
            List<SystemTiming> list = onFrame(world -> timings.snapshot(name));
            if (list.isEmpty()) {
                return "no timings for schedule " + name + " yet: none of its systems has run since the devtools started"
                        + " (paused? try step)\n";
            }
            TextTable t = TextTable.of(">#", "system", "phase", ">runs", ">last µs", ">mean µs", ">max µs",
                    ">skipped disabled", ">skipped condition");
            for (SystemTiming x : list) {
                t.row(x.position() + 1, x.system(), x.phase(), x.runs(), micros(x.lastMicros()),
                        micros(x.meanMicros()), micros(x.maxMicros()), x.skippedDisabled(), x.skippedCondition());
            }
            return "schedule " + name + ": timings of " + count(list.size(), "system") + "\n" + t.render();
        });
    }

    private static String micros(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
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
        return guarded(() -> {
            Schedule s = require(nameOf(schedule));
            try {
                return new Explainer(s).explain(a, b).text() + "\n";
            } catch (IllegalArgumentException e) {
                throw new CommandException(e.getMessage());
            }
        });
    }

    /**
     * {@code graph [dot|mermaid] [schedule]}: the schedule as Graphviz DOT or Mermaid text.
     *
     * @param format {@code dot} or {@code mermaid}; null for dot
     * @param schedule a schedule name, or null for the main schedule
     * @return the graph text, or why there is none
     */
    public String graph(String format, String schedule) {
        return guarded(() -> {
            GraphFormat f;
            try {
                f = format == null ? GraphFormat.DOT : GraphFormat.parse(format);
            } catch (IllegalArgumentException e) {
                throw new CommandException(e.getMessage());
            }
            String name = nameOf(schedule);
            return onFrame(world -> {
                Schedule s = require(name);
                return GraphRenderer.render(s, disabledNames(s, world), f);
            });
        });
    }

    private static Set<String> disabledNames(Schedule s, World world) {
        Set<String> disabled = new LinkedHashSet<>();
        for (EcsSystem sys : s.systems()) {
            if (!s.isEnabled(world, sys)) {
                disabled.add(sys.name());
            }
        }
        return disabled;
    }

    // ---------------------------------------------------------------- steering

    /**
     * {@code enable <system> [schedule]}: enables a system through the schedule's state trait, so it
     * lasts across rebuilds. An unknown name changes nothing.
     *
     * @param system a system name
     * @param schedule a schedule name, or null for the main schedule
     * @return what was done, or why nothing was
     */
    public String enable(String system, String schedule) {
        return setEnabled(system, schedule, true);
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
        return setEnabled(system, schedule, false);
    }

    private String setEnabled(String system, String schedule, boolean enabled) {
        String verb = enabled ? "enabled" : "disabled";
        return guarded(() -> {
            String name = nameOf(schedule);
            return onFrame(world -> {
                Schedule s = require(name);
                EcsSystem sys = find(s, system);
                if (sys == null) {
                    throw new CommandException(unknownSystem(system, name) + "; nothing changed");
                }
                boolean was = s.isEnabled(world, sys);
                if (enabled) {
                    s.enable(world, sys);
                } else {
                    s.disable(world, sys);
                }
                return (was == enabled ? system + " was already " + verb : verb + " " + system)
                        + " in schedule " + name + "\n";
            });
        });
    }

    private static EcsSystem find(Schedule s, String system) {
        for (EcsSystem sys : s.systems()) {
            if (sys.name().equals(system)) {
                return sys;
            }
        }
        return null;
    }

    private String unknownSystem(String system, String schedule) {
        List<String> elsewhere = new ArrayList<>();
        for (String other : host.schedules().names()) {
            if (!other.equals(schedule) && host.schedule(other).map(s -> find(s, system) != null).orElse(false)) {
                elsewhere.add(other);
            }
        }
        return "no system '" + system + "' in schedule " + schedule
                + (elsewhere.isEmpty() ? "" : " (schedule " + String.join(", ", elsewhere) + " has one)");
    }

    /**
     * {@code pause}: pauses the simulation at the next frame boundary and waits for it.
     *
     * @return the host's state and frame afterwards
     */
    public String pause() {
        return guarded(() -> {
            host.pause();
            onFrame(world -> Boolean.TRUE);
            return "pause: " + describe(host.status()) + "\n";
        });
    }

    /**
     * {@code resume}: resumes the simulation (also after a system fault) at the next frame boundary.
     *
     * @return the host's state and frame afterwards
     */
    public String resume() {
        return guarded(() -> {
            host.resume();
            onFrame(world -> Boolean.TRUE);
            return "resume: " + describe(host.status()) + "\n";
        });
    }

    /**
     * {@code step [n]} as typed in the shell: parses n, then {@link #step(int)}.
     *
     * @param frames the typed number of frames
     * @return what {@link #step(int)} returns, or a usage message if {@code frames} is not a whole
     *     number from 1 to {@value Integer#MAX_VALUE}
     */
    public String step(String frames) {
        String text = frames == null ? "" : frames.trim();
        int n;
        try {
            n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return "step: n must be a whole number of frames from 1 to " + Integer.MAX_VALUE + ", got '" + text
                    + "'; usage: step [n]\n";
        }
        return step(n);
    }

    /**
     * {@code step [n]}: runs n frames (default 1) of a paused simulation and waits for them.
     *
     * <p>The wait does not depend on n: it goes on as long as frames keep running, and gives up only
     * when no frame ran for the command timeout (a system stuck in a frame); the frames not run yet are
     * then cancelled ({@link GameHost#step}). An interrupt (Ctrl-C in the shell) cancels them too and
     * ends the command with how far it got; the interruption is handled there, so the thread's
     * interrupt status is not set again.
     *
     * @param frames how many frames; at least 1
     * @return the frame reached, or why no frame ran (not paused, stopped) or the fault that stopped it,
     *     or how many ran before an interrupt or a stuck frame cancelled the rest
     */
    public String step(int frames) {
        return guarded(() -> {
            if (frames < 1) {
                throw new CommandException("step: the number of frames must be at least 1, got " + frames);
            }
            long start = host.status().frames();
            CompletableFuture<Long> stepping = host.step(frames).toCompletableFuture();
            long seen = start;
            while (true) {
                try {
                    Long frame = await(stepping, timeout);
                    return "stepped " + count(frames, "frame") + "; now at frame " + frame + "\n";
                } catch (StillWaiting e) {
                    long now = host.status().frames();
                    if (now > seen) {
                        seen = now; // frames are running: keep waiting
                        continue;
                    }
                    stepping.cancel(false);
                    throw new CommandException("step: no frame ended within " + timeout.toMillis()
                            + " ms (is a system stuck in a frame?); " + ran(now - start, frames)
                            + ", the rest are cancelled; now at frame " + now);
                } catch (Interrupted e) {
                    stepping.cancel(false);
                    long now = host.status().frames();
                    return "step: interrupted; " + ran(now - start, frames) + ", the rest are cancelled; now at frame "
                            + now + "\n";
                }
            }
        });
    }

    private static String ran(long done, int asked) {
        return Math.max(0, Math.min(done, asked)) + " of " + count(asked, "frame") + " ran";
    }

    private static String describe(HostStatus status) {
        String s = status.state().name().toLowerCase(Locale.ROOT) + " at frame " + status.frames();
        return status.fault().map(f -> s + "; last fault: " + f.describe()).orElse(s);
    }

    // ---------------------------------------------------------------- helpers

    private String nameOf(String schedule) {
        return schedule == null || schedule.isBlank() ? host.mainSchedule() : schedule.trim();
    }

    private Schedule require(String name) {
        return host.schedule(name).orElseThrow(() -> new CommandException(
                "no schedule '" + name + "' in the host; schedules: " + host.schedules().names()));
    }

    private <T> T onFrame(Function<World, T> work) {
        CompletableFuture<T> f = host.submit(work).toCompletableFuture();
        try {
            return await(f, timeout);
        } catch (StillWaiting e) {
            f.cancel(false);
            throw new CommandException("the frame thread did not take the request within " + timeout.toMillis()
                    + " ms (is a system stuck in a frame?); the request is cancelled, nothing was done");
        } catch (Interrupted e) {
            f.cancel(false);
            Thread.currentThread().interrupt();
            throw new CommandException("interrupted while waiting for the frame thread; the request is cancelled");
        }
    }

    /** The wait timed out; the caller decides what that means. */
    private static final class StillWaiting extends Exception {
        private static final long serialVersionUID = 1L;

        StillWaiting() {
            super(null, null, false, false);
        }
    }

    /** The waiting thread was interrupted (its interrupt status is cleared). */
    private static final class Interrupted extends Exception {
        private static final long serialVersionUID = 1L;

        Interrupted() {
            super(null, null, false, false);
        }
    }

    private static <T> T await(CompletableFuture<T> future, Duration wait) throws StillWaiting, Interrupted {
        try {
            return future.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StillWaiting();
        } catch (InterruptedException e) {
            throw new Interrupted();
        } catch (java.util.concurrent.CancellationException e) {
            throw new CommandException("cancelled");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CommandException ce) {
                throw ce;
            }
            if (cause instanceof SystemFaultException || cause instanceof IllegalStateException
                    || cause instanceof IllegalArgumentException) {
                throw new CommandException(cause.getMessage());
            }
            throw new CommandException("failed on the frame thread: " + cause);
        }
    }

    private static String guarded(java.util.function.Supplier<String> command) {
        try {
            return command.get();
        } catch (CommandException e) {
            return e.getMessage() + "\n";
        }
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
