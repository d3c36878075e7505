package dev.orrery.plugin.devtools.report;

import dev.orrery.host.HostStatus;
import dev.orrery.host.ObserverStatus;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.TimingsSource;
import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.world.CommitStats;
import dev.orrery.world.MessageStats;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Renders a {@link Report} as the text the shell prints: aligned tables (columns two spaces apart,
 * numbers right-aligned, no trailing spaces) and one-line outcomes; every text ends with a newline.
 * Pure functions of the report; times are shown in the JVM's default time zone. Stateless; any thread.
 *
 * @since 0.1
 */
public final class ReportText {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);

    private ReportText() {
    }

    /**
     * @param report a report; not null
     * @return its text, one or more lines, each ending with {@code \n}
     */
    public static String render(Report report) {
        Objects.requireNonNull(report, "report");
        if (report instanceof SystemsReport r) {
            return systems(r);
        } else if (report instanceof PhasesReport r) {
            return phases(r);
        } else if (report instanceof PluginsReport r) {
            return plugins(r);
        } else if (report instanceof ObserversReport r) {
            return observers(r);
        } else if (report instanceof TimingsReport r) {
            return timings(r);
        } else if (report instanceof AccessCheckReport r) {
            return access(r);
        } else if (report instanceof ExplainReport r) {
            return r.text() + "\n";
        } else if (report instanceof CommitsReport r) {
            return commits(r);
        } else if (report instanceof MessagesReport r) {
            return messages(r);
        } else if (report instanceof ClocksReport r) {
            return clocks(r);
        } else if (report instanceof EcsObserversReport r) {
            return ecsObservers(r);
        } else if (report instanceof GraphReport r) {
            return r.text();
        } else if (report instanceof ToggleOutcome r) {
            return toggle(r);
        } else if (report instanceof PhaseToggleOutcome r) {
            return phaseToggle(r);
        } else if (report instanceof RunStateOutcome r) {
            return runState(r);
        } else if (report instanceof StepOutcome r) {
            return step(r);
        } else if (report instanceof SaveOutcome r) {
            return r.done() ? "saved the world to " + r.file() + "\n"
                    : "save: not done within " + r.patience().toMillis() + " ms (is a system stuck in a frame?); it goes on in"
                    + " the background, the previous " + r.file().getFileName() + " stays until it completes\n";
        } else if (report instanceof LoadOutcome r) {
            return r.done() ? "loaded the world from " + r.file() + ": " + count(r.entities(), "entity", "entities") + ", "
                    + count(r.worldTraits(), "world trait") + "\n"
                    : "load: not done within " + r.patience().toMillis() + " ms (is a system stuck in a frame?); it goes on in"
                    + " the background\n";
        } else if (report instanceof QueuedRequest r) {
            return r.command() + ": queued for the next frame boundary: " + r.target() + "; "
                    + r.parked().describe() + "\n";
        } else {
            return ((CommandProblem) report).message() + "\n";
        }
    }

    /**
     * @param report a report; not null
     * @return the first line of {@link #render}, without its newline: the header of a table, the whole of
     *     a one-line outcome (what a shell shows for a report inside a list)
     */
    public static String summary(Report report) {
        String text = render(report);
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    private static String systems(SystemsReport r) {
        TextTable t = TextTable.of(">#", "phase", "system", "enabled", "conditions", "sets", "plugin");
        for (SystemsReport.Row x : r.rows()) {
            List<String> conditions = new ArrayList<>();
            if (x.ownCondition()) {
                conditions.add("own");
            }
            x.conditionSets().forEach(set -> conditions.add("set " + set));
            t.row(x.position(), x.phase(), x.system(), yesNo(x.enabled()),
                    conditions.isEmpty() ? "-" : String.join(", ", conditions), String.join(", ", x.sets()), x.plugin());
        }
        return "schedule " + r.schedule() + ": " + count(r.rows().size(), "system") + ", " + r.disabled() + " disabled\n"
                + t.render();
    }

    private static String phases(PhasesReport r) {
        TextTable t = TextTable.of(">#", "phase", "mode", "enabled", ">systems", "after", "before");
        for (PhasesReport.Row x : r.rows()) {
            String mode = switch (x.mode()) {
                case AUTO -> "auto";
                case MANUAL -> "manual";
                case DETACHED -> "manual (detached)";
            };
            t.row(x.position(), x.phase(), mode, yesNo(x.enabled()), x.systems(), String.join(", ", x.after()),
                    String.join(", ", x.before()));
        }
        return "schedule " + r.schedule() + ": " + count(r.rows().size(), "phase") + ", " + r.disabled() + " disabled\n"
                + t.render();
    }

    /**
     * A header line, then per schedule (main first) a line saying which schedule it is and a table
     * numbered from 1 in build order (each row names its schedule too, so a row read alone is whole),
     * then the last rebuild of each schedule.
     */
    private static String plugins(PluginsReport r) {
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
    private static String observers(ObserversReport r) {
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

    private static String commits(CommitsReport r) {
        CommitStats s = r.stats();
        StringBuilder out = new StringBuilder("world transactions: ")
                .append(s.publishes()).append(s.publishes() == 1 ? " publish" : " publishes")
                .append(" (").append(s.discards()).append(" discarded by a fault), ")
                .append(count(s.opsStaged(), "op")).append(" staged: ").append(s.opsApplied()).append(" applied (")
                .append(s.opsCoalesced()).append(" coalesced), ").append(s.opsSkippedDead()).append(" skipped as dead, ")
                .append(s.opsDiscarded()).append(" discarded; ").append(count(s.archetypeMoves(), "table move"))
                .append(", ").append(count(s.entitiesInserted(), "spawn")).append(" inserted, ")
                .append(count(s.entitiesRemoved(), "entity", "entities")).append(" removed; ")
                .append(String.format(Locale.ROOT, "%.3f", s.publishNanos() / 1e6)).append(" ms publishing\n");
        if (r.barriers().isEmpty()) {
            return out.append("no system declares a barrier (commitBefore, commitAfter): every phase publishes once, at its end\n")
                    .toString();
        }
        TextTable t = TextTable.of("schedule", "system", "publishes");
        for (CommitsReport.Barrier b : r.barriers()) {
            t.row(b.schedule(), b.system(), b.before() && b.after() ? "before and after its turn"
                    : b.before() ? "before its turn" : "after its turn");
        }
        return out.append(count(r.barriers().size(), "system")).append(" with a barrier:\n").append(t.render()).toString();
    }

    private static String messages(MessagesReport r) {
        if (r.types().isEmpty()) {
            return "no message types: nothing was sent or read in this world yet\n";
        }
        TextTable t = TextTable.of("type", ">max age", ">sent", ">held", ">dropped", ">expired", "reader", ">read",
                ">missed");
        for (MessageStats m : r.types()) {
            String age = m.maxAgeFrames() + (m.maxAgeFrames() == 1 ? " frame" : " frames");
            if (m.readers().isEmpty()) {
                t.row(m.type(), age, m.sent(), m.buffered(), m.dropped(), m.expired(), "(none)", "", "");
            }
            boolean first = true;
            for (MessageStats.Reader reader : m.readers()) {
                t.row(first ? m.type() : "", first ? age : "", first ? m.sent() : "", first ? m.buffered() : "",
                        first ? m.dropped() : "", first ? m.expired() : "", reader.schedule() + "/" + reader.system(),
                        reader.read(), reader.missed());
                first = false;
            }
        }
        return count(r.types().size(), "message type") + " (dropped: lost by a reader at the maximum age;"
                + " expired: aged out with no reader)\n" + t.render();
    }

    private static String clocks(ClocksReport r) {
        String time = "virtual time " + (r.paused() ? "paused" : "running") + ", scale " + r.scale();
        if (r.clocks().isEmpty()) {
            return time + "; no fixed clocks: no fixed-step phase has run in this world yet\n";
        }
        TextTable t = TextTable.of("clock", ">rate Hz", ">steps last frame", ">max steps", ">tick", ">alpha",
                ">dropped", ">time debt ms");
        for (ClocksReport.Clock c : r.clocks()) {
            t.row(c.name(), String.format(java.util.Locale.ROOT, "%.3f", c.hz()), c.stepsLastFrame(),
                    c.maxStepsPerFrame(), c.tick(), String.format(java.util.Locale.ROOT, "%.3f", c.alpha()),
                    c.droppedSteps(), String.format(java.util.Locale.ROOT, "%.3f", c.timeDebtNanos() / 1e6));
        }
        return time + "; " + count(r.clocks().size(), "fixed clock") + "\n" + t.render();
    }

    private static String ecsObservers(EcsObserversReport r) {
        if (r.observers().isEmpty()) {
            return "schedule " + r.schedule() + ": no observers\n";
        }
        TextTable t = TextTable.of(">#", "observer", "plugin", "reacts to", ">fired");
        int n = 0;
        for (EcsObserversReport.Observer o : r.observers()) {
            t.row(++n, o.name(), o.plugin(), String.join(" ", o.triggers()), o.fired());
        }
        return "schedule " + r.schedule() + ": " + count(r.observers().size(), "observer")
                + " (in firing order; fired: calls in this world)\n" + t.render();
    }

    private static String timings(TimingsReport r) {
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
                + " is timed, counts are sampled counts (exact: -D" + TimingsSource.SAMPLE_PERIOD_PROPERTY + "=1)";
        return "schedule " + r.schedule() + ": timings of " + count(r.timings().size(), "system") + sampled + "\n"
                + t.render();
    }

    /**
     * A header line with the counts, then one line per unordered read and per conflict, numbered; one
     * line when there is nothing to report.
     */
    private static String access(AccessCheckReport v) {
        AccessReport r = v.report();
        StringBuilder out = new StringBuilder("schedule ").append(v.schedule()).append(": ")
                .append(count(r.unorderedReads().size(), "unordered read")).append(", ")
                .append(count(r.conflicts().size(), "unordered conflicting pair")).append('\n');
        int i = 1;
        for (AccessReport.UnorderedRead x : r.unorderedReads()) {
            out.append("  ").append(i++).append(". read: ").append(x).append('\n');
        }
        i = 1;
        for (AccessReport.Conflict x : r.conflicts()) {
            out.append("  ").append(i++).append(". conflict: ").append(x).append('\n');
        }
        return out.toString();
    }

    private static String toggle(ToggleOutcome o) {
        String verb = o.enabled() ? "enabled" : "disabled";
        return (o.changed() ? verb + " " + o.system() : o.system() + " was already " + verb)
                + " in schedule " + o.schedule() + "\n";
    }

    private static String phaseToggle(PhaseToggleOutcome o) {
        String verb = o.enabled() ? "enabled" : "disabled";
        return (o.changed() ? verb + " phase " + o.phase() : "phase " + o.phase() + " was already " + verb)
                + " in schedule " + o.schedule() + "\n";
    }

    private static String runState(RunStateOutcome o) {
        HostStatus status = o.status();
        String s = status.state().name().toLowerCase(Locale.ROOT) + " at frame " + status.frames()
                + status.parked().map(p -> " (" + p.describe() + ")").orElse("");
        return o.command().name().toLowerCase(Locale.ROOT) + ": "
                + status.fault().map(f -> s + "; last fault: " + f.describe()).orElse(s) + "\n";
    }

    private static String step(StepOutcome o) {
        String ran = o.ran() + " of " + count(o.asked(), "frame") + " ran";
        return switch (o.end()) {
            case DONE -> "stepped " + count(o.asked(), "frame") + "; now at frame " + o.frame() + "\n";
            case INTERRUPTED -> "step: interrupted; " + ran + ", the rest are cancelled; now at frame " + o.frame() + "\n";
            case STUCK -> "step: no frame ended within " + o.patience().toMillis() + " ms (is a system stuck in a frame?); "
                    + ran + ", the rest are cancelled; now at frame " + o.frame() + "\n";
        };
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static String micros(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String count(long n, String noun, String plural) {
        return n + " " + (n == 1 ? noun : plural);
    }
}
