package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.plugin.devtools.Explanation;
import dev.orrery.plugin.devtools.GraphFormat;
import dev.orrery.plugin.devtools.GraphRenderer;
import dev.orrery.plugin.devtools.SystemTiming;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * Renders what the shell commands return as the text the shell prints: aligned tables
 * ({@link TextTable}) and one-line outcomes, each ending with a newline. Pure functions of the data;
 * stateless. Times are shown in the JVM's default time zone.
 */
final class TextReports {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);

    private TextReports() {
    }

    static String systems(SystemsReport r) {
        TextTable t = TextTable.of(">#", "phase", "system", "enabled", "conditions", "sets", "plugin");
        for (SystemsReport.Row x : r.rows()) {
            t.row(x.position(), x.phase(), x.system(), x.enabled() ? "yes" : "no",
                    x.conditions().isEmpty() ? "-" : String.join(", ", x.conditions()), String.join(", ", x.sets()),
                    x.plugin());
        }
        return "schedule " + r.schedule() + ": " + count(r.rows().size(), "system") + ", " + r.disabled() + " disabled\n"
                + t.render();
    }

    static String phases(PhasesReport r) {
        TextTable t = TextTable.of(">#", "phase", "mode", "enabled", ">systems", "after", "before");
        int disabled = 0;
        for (PhasesReport.Row x : r.rows()) {
            String mode = switch (x.mode()) {
                case AUTO -> "auto";
                case MANUAL -> "manual";
                case DETACHED -> "manual (detached)";
            };
            disabled += x.enabled() ? 0 : 1;
            t.row(x.position(), x.phase(), mode, x.enabled() ? "yes" : "no", x.systems(), String.join(", ", x.after()),
                    String.join(", ", x.before()));
        }
        return "schedule " + r.schedule() + ": " + count(r.rows().size(), "phase") + ", " + disabled + " disabled\n"
                + t.render();
    }

    /**
     * A header line, then per schedule (main first) a line saying which schedule it is and a table
     * numbered from 1 in build order (each row names its schedule too, so a row read alone is whole),
     * then the last rebuild of each schedule.
     */
    static String plugins(PluginsReport r) {
        StringBuilder out = new StringBuilder()
                .append(count(r.total(), "plugin")).append(" in ").append(count(r.schedules().size(), "schedule"))
                .append(", each schedule's in the order the host builds it from\n");
        for (PluginsReport.Group g : r.schedules()) {
            out.append("schedule ").append(g.schedule())
                    .append(g.schedule().equals(r.mainSchedule())
                            ? " (main: the frame loop runs it every frame)"
                            : " (not run by the frame loop: systems step it)")
                    .append(": ").append(count(g.plugins().size(), "plugin")).append('\n');
            TextTable t = TextTable.of(">#", "plugin", "schedule", "state", "bundle", "reason");
            List<PluginStatus> plugins = g.plugins();
            for (int i = 0; i < plugins.size(); i++) {
                PluginStatus p = plugins.get(i);
                t.row(i + 1, p.name(), p.schedule(), p.state().name().toLowerCase(Locale.ROOT), p.bundle(), p.reason());
            }
            out.append(t.render());
        }
        if (r.lastRebuilds().isEmpty()) {
            out.append("no rebuild yet\n");
        }
        for (RebuildInfo x : r.lastRebuilds()) {
            out.append("last rebuild: ").append(x.summary());
            if (x.swappedIn() != null) {
                out.append("; running since ").append(
                        TIME.format(x.swappedIn().truncatedTo(ChronoUnit.MILLIS).atZone(ZoneId.systemDefault())));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** A header with the count and how many are quarantined, then one row per observer. */
    static String observers(ObserversReport r) {
        if (r.observers().isEmpty()) {
            return "no observers: the host tracks no ScheduleHooks service\n";
        }
        TextTable t = TextTable.of(">#", ">service", "bundle", "schedule", "state", "reason");
        List<ObserverStatus> list = r.observers();
        for (int i = 0; i < list.size(); i++) {
            ObserverStatus o = list.get(i);
            t.row(i + 1, o.serviceId(), o.bundle(), o.schedule() == null ? "(every schedule)" : o.schedule(),
                    o.quarantined() ? "quarantined" : "called", o.reason());
        }
        return count(list.size(), "observer") + " (ScheduleHooks services), " + r.quarantined() + " quarantined"
                + " (never called again until registered anew)\n" + t.render();
    }

    static String timings(TimingsReport r) {
        if (r.timings().isEmpty()) {
            return "no timings for schedule " + r.schedule() + " yet: none of its systems has run since the devtools"
                    + " started (paused? try step)\n";
        }
        TextTable t = TextTable.of(">#", "system", "phase", ">runs", ">last µs", ">mean µs", ">max µs",
                ">skipped disabled", ">skipped condition", ">skipped phase off");
        for (SystemTiming x : r.timings()) {
            t.row(x.position() + 1, x.system(), x.phase(), x.runs(), micros(x.lastMicros()),
                    micros(x.meanMicros()), micros(x.maxMicros()), x.skippedDisabled(), x.skippedCondition(),
                    x.skippedPhaseDisabled());
        }
        String sampled = r.samplePeriod() <= 1 ? "" : ", sampled: at least 1 frame in " + r.samplePeriod()
                + " is timed, counts are sampled counts (exact: -D" + TimingsHooksComponent.SAMPLE_PERIOD_PROPERTY + "=1)";
        return "schedule " + r.schedule() + ": timings of " + count(r.timings().size(), "system") + sampled + "\n"
                + t.render();
    }

    /**
     * A header line with the counts, then one line per unordered read and per conflict, numbered; one
     * line when there is nothing to report.
     */
    static String access(AccessView v) {
        dev.orrery.schedule.graph.AccessReport r = v.report();
        StringBuilder out = new StringBuilder("schedule ").append(v.schedule()).append(": ")
                .append(count(r.unorderedReads().size(), "unordered read")).append(", ")
                .append(count(r.conflicts().size(), "unordered conflicting pair")).append('\n');
        int i = 1;
        for (dev.orrery.schedule.graph.AccessReport.UnorderedRead x : r.unorderedReads()) {
            out.append("  ").append(i++).append(". read: ").append(x).append('\n');
        }
        i = 1;
        for (dev.orrery.schedule.graph.AccessReport.Conflict x : r.conflicts()) {
            out.append("  ").append(i++).append(". conflict: ").append(x).append('\n');
        }
        return out.toString();
    }

    static String explanation(Explanation e) {
        return e.text() + "\n";
    }

    static String graph(GraphInput g, GraphFormat format) {
        return GraphRenderer.render(g.schedule(), g.disabled(), format);
    }

    static String toggle(ToggleOutcome o) {
        String verb = o.enabled() ? "enabled" : "disabled";
        return (o.changed() ? verb + " " + o.system() : o.system() + " was already " + verb)
                + " in schedule " + o.schedule() + "\n";
    }

    static String phaseToggle(PhaseToggleOutcome o) {
        String verb = o.enabled() ? "enabled" : "disabled";
        return (o.changed() ? verb + " phase " + o.phase() : "phase " + o.phase() + " was already " + verb)
                + " in schedule " + o.schedule() + "\n";
    }

    /** @param command {@code pause} or {@code resume} */
    static String status(String command, HostStatus status) {
        String s = status.state().name().toLowerCase(Locale.ROOT) + " at frame " + status.frames();
        return command + ": " + status.fault().map(f -> s + "; last fault: " + f.describe()).orElse(s) + "\n";
    }

    static String step(StepOutcome o, long timeoutMillis) {
        String ran = o.ran() + " of " + count(o.asked(), "frame") + " ran";
        return switch (o.end()) {
            case DONE -> "stepped " + count(o.asked(), "frame") + "; now at frame " + o.frame() + "\n";
            case INTERRUPTED -> "step: interrupted; " + ran + ", the rest are cancelled; now at frame " + o.frame() + "\n";
            case STUCK -> "step: no frame ended within " + timeoutMillis + " ms (is a system stuck in a frame?); " + ran
                    + ", the rest are cancelled; now at frame " + o.frame() + "\n";
        };
    }

    private static String micros(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
