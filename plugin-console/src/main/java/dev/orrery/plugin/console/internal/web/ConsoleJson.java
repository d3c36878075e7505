package dev.orrery.plugin.console.internal.web;

import dev.orrery.host.HostStatus;
import dev.orrery.host.ParkedFrame;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.SystemFault;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.report.ClocksReport;
import dev.orrery.plugin.devtools.report.CommitsReport;
import dev.orrery.plugin.devtools.report.MessagesReport;
import dev.orrery.plugin.devtools.report.PhasesReport;
import dev.orrery.plugin.devtools.report.SystemsReport;
import dev.orrery.world.MessageStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console's data as JSON, the shapes documented in the README's "Web console" section: the
 * devtools' report values (phases, systems, timings) and the host's own values (status, plugins,
 * rebuilds) written with {@link Json}. Beyond the spec (Orrery's own). Stateless; thread-safe.
 */
final class ConsoleJson {
    private ConsoleJson() {
    }

    /**
     * @param views the schedules, main first
     * @return {@code {"schedules":[{"name","main","phases":[{"name","manual","detached","enabled"}],
     *     "systems":[{"name","phase","plugin","enabled","conditional","commitBefore","commitAfter"}],"edges":[{"from","to","provenance":[..]}]}]}}
     */
    static String schedules(List<ScheduleView> views) {
        List<Object> list = new ArrayList<>();
        for (ScheduleView v : views) {
            list.add(schedule(v));
        }
        return Json.write(Map.of("schedules", list));
    }

    static Map<String, Object> schedule(ScheduleView v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", v.name());
        m.put("main", v.main());
        List<Object> phases = new ArrayList<>();
        for (PhasesReport.Row p : v.phases()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("name", p.phase());
            pm.put("manual", p.manual());
            pm.put("detached", p.detached());
            pm.put("enabled", p.enabled());
            phases.add(pm);
        }
        m.put("phases", phases);
        List<Object> systems = new ArrayList<>();
        for (SystemsReport.Row s : v.systems()) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("name", s.system());
            sm.put("phase", s.phase());
            sm.put("plugin", s.plugin());
            sm.put("enabled", s.enabled());
            sm.put("conditional", s.conditional());
            sm.put("commitBefore", s.commitBefore());
            sm.put("commitAfter", s.commitAfter());
            systems.add(sm);
        }
        m.put("systems", systems);
        List<Object> edges = new ArrayList<>();
        for (ScheduleView.EdgeView e : v.edges()) {
            Map<String, Object> em = new LinkedHashMap<>();
            em.put("from", e.from());
            em.put("to", e.to());
            em.put("provenance", e.provenance());
            edges.add(em);
        }
        m.put("edges", edges);
        List<Object> observers = new ArrayList<>();
        for (ScheduleView.ObserverView o : v.observers()) {
            Map<String, Object> om = new LinkedHashMap<>();
            om.put("name", o.name());
            om.put("plugin", o.plugin());
            om.put("triggers", o.triggers());
            om.put("fired", o.fired());
            om.put("writers", o.writers());
            observers.add(om);
        }
        m.put("observers", observers);
        return m;
    }

    /**
     * @param source where the timings come from (plugin-devtools' hooks, the console's own hooks while a
     *     page listens, or none), written in lower case
     * @param frames the host's frame count when read
     * @param timings the timings, by schedule then execution order
     * @return {@code {"source","frames","systems":[{"schedule","system","phase","runs","lastMicros","meanMicros",
     *     "maxMicros","skipped":{"disabled","condition","phaseDisabled"}}]}}
     */
    static String timings(TimingsFeed.Source source, long frames, List<SystemTiming> timings) {
        List<Object> list = new ArrayList<>();
        for (SystemTiming t : timings) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("schedule", t.schedule());
            m.put("system", t.system());
            m.put("phase", t.phase());
            m.put("runs", t.runs());
            m.put("lastMicros", t.lastMicros());
            m.put("meanMicros", t.meanMicros());
            m.put("maxMicros", t.maxMicros());
            Map<String, Object> skipped = new LinkedHashMap<>();
            skipped.put("disabled", t.skippedDisabled());
            skipped.put("condition", t.skippedCondition());
            skipped.put("phaseDisabled", t.skippedPhaseDisabled());
            m.put("skipped", skipped);
            list.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("source", source.name().toLowerCase(Locale.ROOT));
        out.put("frames", frames);
        out.put("systems", list);
        return Json.write(out);
    }

    /**
     * @param r the world's transaction counters and the declared barriers
     * @return {@code {"publishes","discards","opsStaged","opsApplied","opsCoalesced","opsSkippedDead",
     *     "opsDiscarded","archetypeMoves","entitiesInserted","entitiesRemoved","publishMicros",
     *     "barriers":[{"schedule","system","before","after"}]}}
     */
    static String commits(CommitsReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        var s = r.stats();
        m.put("publishes", s.publishes());
        m.put("discards", s.discards());
        m.put("opsStaged", s.opsStaged());
        m.put("opsApplied", s.opsApplied());
        m.put("opsCoalesced", s.opsCoalesced());
        m.put("opsSkippedDead", s.opsSkippedDead());
        m.put("opsDiscarded", s.opsDiscarded());
        m.put("archetypeMoves", s.archetypeMoves());
        m.put("entitiesInserted", s.entitiesInserted());
        m.put("entitiesRemoved", s.entitiesRemoved());
        m.put("publishMicros", s.publishNanos() / 1000);
        List<Object> barriers = new ArrayList<>();
        for (CommitsReport.Barrier b : r.barriers()) {
            Map<String, Object> bm = new LinkedHashMap<>();
            bm.put("schedule", b.schedule());
            bm.put("system", b.system());
            bm.put("before", b.before());
            bm.put("after", b.after());
            barriers.add(bm);
        }
        m.put("barriers", barriers);
        return Json.write(m);
    }

    /**
     * @param r the world's message types ({@code World.messageStats()})
     * @return {@code {"types":[{"type","maxAgeFrames","sent","held","dropped","expired",
     *     "readers":[{"schedule","system","read","missed"}]}]}}
     */
    static String messages(MessagesReport r) {
        List<Object> types = new ArrayList<>();
        for (MessageStats t : r.types()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", t.type());
            m.put("maxAgeFrames", t.maxAgeFrames());
            m.put("sent", t.sent());
            m.put("held", t.buffered());
            m.put("dropped", t.dropped());
            m.put("expired", t.expired());
            List<Object> readers = new ArrayList<>();
            for (MessageStats.Reader reader : t.readers()) {
                Map<String, Object> rm = new LinkedHashMap<>();
                rm.put("schedule", reader.schedule());
                rm.put("system", reader.system());
                rm.put("read", reader.read());
                rm.put("missed", reader.missed());
                readers.add(rm);
            }
            m.put("readers", readers);
            types.add(m);
        }
        return Json.write(Map.of("types", types));
    }

    /**
     * @param r the world's virtual time and fixed-step clocks, as {@code orrery:clocks} reports them
     * @return {@code {"paused","scale","clocks":[{"name","hz","maxStepsPerFrame","tick","stepsLastFrame","alpha",
     *     "droppedSteps","timeDebtMillis"}]}}, the clocks by name
     */
    static String clocks(ClocksReport r) {
        List<Object> clocks = new ArrayList<>();
        for (ClocksReport.Clock c : r.clocks()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            m.put("hz", c.hz());
            m.put("maxStepsPerFrame", c.maxStepsPerFrame());
            m.put("tick", c.tick());
            m.put("stepsLastFrame", c.stepsLastFrame());
            m.put("alpha", c.alpha());
            m.put("droppedSteps", c.droppedSteps());
            m.put("timeDebtMillis", c.timeDebtNanos() / 1e6);
            clocks.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("paused", r.paused());
        out.put("scale", r.scale());
        out.put("clocks", clocks);
        return Json.write(out);
    }

    /**
     * @param status the frame loop's state
     * @param plugins the tracked plugins
     * @param rebuilds the recent rebuilds, oldest first (the last 20 are written, newest first)
     * @return {@code {"status":{"state","mode","frames","fault":{..}|null[,"parked":{"world","schedule","phase",
     *     "system","plugin","label","stage","since","text"}]},"plugins":[{"name","schedule",
     *     "bundle","serviceId","state","reason"}],"rebuilds":[{"sequence","schedule","plugins","systems","phases",
     *     "buildMicros","joined","left","replaced","excluded","swappedIn"}]}}
     */
    private static Map<String, Object> parked(ParkedFrame p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("world", p.world());
        m.put("schedule", p.schedule());
        m.put("phase", p.phase());
        m.put("system", p.system());
        m.put("plugin", p.plugin());
        m.put("label", p.label());
        m.put("stage", p.stage());
        m.put("since", p.since().toString());
        m.put("text", p.describe());
        return m;
    }

    static String plugins(HostStatus status, List<PluginStatus> plugins, List<RebuildInfo> rebuilds) {
        Map<String, Object> st = new LinkedHashMap<>();
        st.put("state", status.state());
        st.put("mode", String.valueOf(status.mode()));
        st.put("frames", status.frames());
        SystemFault f = status.lastFault();
        if (f == null) {
            st.put("fault", null);
        } else {
            Map<String, Object> fm = new LinkedHashMap<>();
            fm.put("schedule", f.schedule().orElse(null));
            fm.put("system", f.system().orElse(null));
            fm.put("plugin", f.plugin().orElse(null));
            fm.put("stage", f.stageText());
            fm.put("frame", f.frame());
            fm.put("error", f.errorType());
            fm.put("message", f.message());
            fm.put("text", f.describe());
            st.put("fault", fm);
        }
        status.parked().ifPresent(p -> st.put("parked", parked(p))); // only while parked
        List<Object> ps = new ArrayList<>();
        for (PluginStatus p : plugins) {
            ps.add(plugin(p));
        }
        List<Object> rs = new ArrayList<>();
        for (int i = rebuilds.size() - 1; i >= 0 && rs.size() < 20; i--) {
            RebuildInfo r = rebuilds.get(i);
            Map<String, Object> rm = new LinkedHashMap<>();
            rm.put("sequence", r.sequence());
            rm.put("schedule", r.schedule());
            rm.put("plugins", r.plugins());
            rm.put("systems", r.systems());
            rm.put("phases", r.phases());
            rm.put("buildMicros", r.buildNanos() / 1_000.0);
            rm.put("joined", r.joined());
            rm.put("left", r.left());
            rm.put("replaced", r.replaced());
            List<Object> ex = new ArrayList<>();
            for (PluginStatus p : r.excluded()) {
                ex.add(plugin(p));
            }
            rm.put("excluded", ex);
            rm.put("hooksChanged", r.hooksChanged());
            rm.put("swappedIn", String.valueOf(r.swappedIn()));
            rs.add(rm);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", st);
        out.put("plugins", ps);
        out.put("rebuilds", rs);
        return Json.write(out);
    }

    private static Map<String, Object> plugin(PluginStatus p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", p.name());
        m.put("schedule", p.schedule());
        m.put("bundle", p.bundle());
        m.put("serviceId", p.serviceId());
        m.put("state", p.state());
        m.put("reason", p.reason());
        return m;
    }

    /**
     * @param ok whether the request did what it asked
     * @param message one line saying what happened (or what was wrong, naming the thing at fault)
     * @return {@code {"ok":..,"message":".."}}
     */
    static String outcome(boolean ok, String message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", ok);
        m.put("message", message);
        return Json.write(m);
    }
}
