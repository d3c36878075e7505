package dev.orrery.plugin.devtools.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.options;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.plugin.devtools.report.StepOutcome;
import dev.orrery.plugin.devtools.report.SystemsReport;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.SystemSet;
import dev.orrery.testsupport.log.CapturedLog;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import javax.inject.Inject;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerMethod;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRevision;

/**
 * Runs the {@code orrery:*} commands through Gogo's {@link CommandProcessor} against a running host
 * in Felix (host started paused, so frames run only on {@code step}), with plugins registered as
 * services by the test, and checks what the commands print.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerMethod.class)
public class DevtoolsShellIT {
    private static final RunFunction NOOP = (w, dt) -> { };

    @Inject
    private BundleContext context;

    @Inject
    private CommandProcessor processor;

    @Inject
    private GameHost host;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private CommandSession session;
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private CapturedLog hostLog;

    private static Option jar(String property) {
        String path = System.getProperty(property);
        if (path == null || path.isEmpty()) {
            throw new IllegalStateException("system property " + property + " (a bundle jar path) is not set;"
                    + " run this test through Maven failsafe");
        }
        return bundle("file:" + path);
    }

    /** @return the container: DS, Gogo runtime, scheduler, host (paused), devtools */
    @Configuration
    public Option[] config() {
        return options(
                systemProperty("org.ops4j.pax.url.mvn.localRepository")
                        .value(System.getProperty("org.ops4j.pax.url.mvn.localRepository", "")),
                systemProperty("org.ops4j.pax.url.mvn.repositories").value("+"),
                systemProperty("org.ops4j.pax.logging.DefaultServiceLog.level").value("WARN"),
                // Exact counts (every frame timed); the distribution's default samples 1 frame in 256.
                systemProperty("orrery.devtools.timings.samplePeriod").value("1"),
                frameworkProperty("orrery.host.startPaused").value("true"),
                frameworkProperty("orrery.host.order").value("physics,render,loop,late"),
                frameworkProperty("orrery.host.mode").value("fixed"),
                frameworkProperty("orrery.host.quietMillis").value("20"),
                jar("orrery.itest.function"),
                jar("orrery.itest.promise"),
                jar("orrery.itest.component"),
                jar("orrery.itest.scr"),
                jar("orrery.itest.gogo"),
                jar("orrery.itest.scheduler"),
                jar("orrery.itest.hostCore"),
                jar("orrery.itest.host"),
                jar("orrery.itest.devtools"),
                jar("orrery.itest.testSupport"),
                junitBundles());
    }

    @Before
    public void plugins() throws InterruptedException {
        hostLog = CapturedLog.attach("dev.orrery.host"); // the loop plugin's exclusion warning, off the console
        SystemSet sim = SystemSet.define("sim");
        EcsSystem integrate = EcsSystem.builder("physics/integrate").sets(sim).run(NOOP).build();
        EcsSystem collide = EcsSystem.builder("physics/collide").after(integrate).sets(sim).run(NOOP).build();
        EcsSystem draw = EcsSystem.define("render/draw", Phase.ON_STORE, NOOP);
        SystemSet loopSet = SystemSet.define("loop/set");
        EcsSystem self = EcsSystem.builder("loop/self").sets(loopSet).before(loopSet).run(NOOP).build();
        register(Plugin.builder("physics").sets(sim).systems(integrate, collide).build());
        register(Plugin.builder("render").systems(draw).build());
        register(Plugin.builder("loop").sets(loopSet).systems(self).build());
        await("the host to build main with physics and render and exclude loop", () ->
                host.schedule("main").map(s -> s.systems().size() == 3).orElse(false)
                        && host.plugins().stream().anyMatch(p -> p.name().equals("loop")
                        && p.state() == PluginState.EXCLUDED));
        hostLog.await(l -> l.startsWith("WARNING plugin 'loop' (") && l.contains("left out of schedule 'main', EXCLUDED")
                && l.contains("'loop/self' → [set 'loop/set'] → 'loop/self'"), Duration.ofSeconds(20));
        session = processor.createSession(new ByteArrayInputStream(new byte[0]),
                new PrintStream(printed, true, StandardCharsets.UTF_8), new PrintStream(printed, true, StandardCharsets.UTF_8));
    }

    @After
    public void unregister() {
        if (session != null) {
            session.close();
        }
        for (ServiceRegistration<?> r : registrations) {
            r.unregister();
        }
        if (hostLog != null) {
            hostLog.close();
        }
    }

    private void register(Plugin plugin) {
        registrations.add(context.registerService(Plugin.class, plugin, null));
    }

    /** Waits for a condition on the host, checked each time its change token moves; at most 20 s. */
    private void await(String what, BooleanSupplier condition) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        long seen = host.changes(); // read before the check: a change after it moves the token past seen
        while (!condition.getAsBoolean()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("timed out waiting for " + what);
            }
            CompletableFuture<Long> next = host.awaitChange(seen).toCompletableFuture();
            try {
                seen = next.get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                next.cancel(false);
            } catch (ExecutionException e) {
                throw new AssertionError("the host stopped while waiting for " + what, e);
            } catch (InterruptedException e) {
                next.cancel(false);
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
    }

    /**
     * Runs one command line as typed at the Gogo prompt and returns the text the shell prints for its
     * result: {@code CommandSession.format(result, INSPECT)}, as the Gogo JLine shell does, which asks the
     * framework's converter services (the devtools' one for their reports) first.
     */
    private String run(String line) throws Exception {
        Object result = session.execute(line);
        return result == null ? "" : session.format(result, Converter.INSPECT).toString();
    }

    private static void assertMatches(String regex, String text) {
        assertTrue("expected to match " + regex + " but was:\n" + text, Pattern.compile(regex, Pattern.DOTALL).matcher(text).matches());
    }

    @Test
    public void introspection_commands() throws Exception {
        assertEquals("schedule main: 3 systems, 0 disabled\n"
                + "#  phase     system             enabled  conditions  sets  plugin\n"
                + "-  --------  -----------------  -------  ----------  ----  -------\n"
                + "1  OnUpdate  physics/integrate  yes      -           sim   physics\n"
                + "2  OnUpdate  physics/collide    yes      -           sim   physics\n"
                + "3  OnStore   render/draw        yes      -                 render\n", run("systems"));
        assertMatches("schedule main: 9 phases, 0 disabled\n#  phase +mode +enabled +systems +after +before\n.*\n5  OnUpdate +auto +yes +2\n.*", run("phases"));

        String plugins = run("plugins");
        assertMatches("3 plugins in 1 schedule, .*\\nschedule main \\(main: the frame loop runs it every frame\\): 3 plugins\\n.*", plugins);
        assertMatches(".*\\n1  physics  main      active    .*", plugins);
        assertMatches(".*\\n2  render   main      active    .*", plugins);
        assertMatches(".*\\n3  loop     main      excluded  \\S+ +.*loop/self.*", plugins);
        assertMatches(".*\\nlast rebuild: schedule 'main' rebuilt .*", plugins);

        // The devtools' own timings hooks are an observer of every schedule, called (not quarantined).
        assertMatches("1 observer \\(ScheduleHooks services\\), 0 quarantined .*\\n1 +\\d+  dev\\.orrery\\.plugin\\.devtools/\\S+"
                + "  \\(every schedule\\)  called\\n", run("observers"));

        assertEquals("physics/integrate runs before physics/collide: before/after chain in phase OnUpdate\n"
                + "  physics/integrate -> physics/collide   system physics/collide: after physics/integrate (plugin physics)\n",
                run("explain physics/integrate physics/collide"));
        assertEquals("physics/collide runs before render/draw: phase order: OnUpdate (#5) comes before OnStore (#9) of 9 phases\n",
                run("orrery:explain physics/collide render/draw"));
        assertTrue(run("graph").startsWith("digraph \"main\" {\n"));
        assertTrue(run("graph mermaid").startsWith("flowchart TB\n"));
    }

    @Test
    public void a_word_that_is_no_command_is_one_line_with_the_nearest_commands() throws Exception {
        try {
            session.execute("plugin");
            fail("'plugin' is no command");
        } catch (Exception e) {
            // what the Gogo JLine shell prints for it: the exception's toString()
            assertEquals("command not found: plugin; did you mean 'plugins'?", e.toString());
        }
    }

    @Test
    public void registered_functions_are_the_command_methods() throws Exception {
        ServiceReference<?>[] refs = context.getServiceReferences((String) null, "(osgi.command.scope=orrery)");
        assertEquals(1, refs.length);
        Set<String> functions = new TreeSet<>(Arrays.asList((String[]) refs[0].getProperty("osgi.command.function")));
        Object commands = context.getService(refs[0]);
        try {
            Set<String> methods = new TreeSet<>();
            for (Method m : commands.getClass().getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                    methods.add(m.getName());
                }
            }
            assertEquals(methods, functions);
        } finally {
            context.ungetService(refs[0]);
        }
    }

    @Test
    public void steering_commands() throws Exception {
        assertEquals("no system 'render/drwa' in schedule main; nothing changed\n", run("disable render/drwa"));
        assertEquals("disabled render/draw in schedule main\n", run("disable render/draw"));
        assertMatches(".*\\n3  OnStore   render/draw        no .*", run("systems"));

        String stepped = run("step 3");
        assertMatches("stepped 3 frames; now at frame \\d+\n", stepped);
        String timings = run("timings");
        assertMatches(".*\\n1  physics/integrate  OnUpdate     3 +[0-9.]+ +[0-9.]+ +[0-9.]+ +0 +0 +0\\n.*", timings);
        assertMatches(".*\\n3  render/draw        OnStore      0 +0\\.0 +0\\.0 +0\\.0 +3 +0 +0\\n.*", timings);
        assertMatches("stepped 1 frame; now at frame \\d+\n", run("step"));
        assertEquals("step: n must be a whole number of frames from 1 to 9223372036854775807, got 'abc'; usage: step [n]\n",
                run("step abc"));
        assertEquals("explain: takes 2 or 3 arguments, got 1; usage: explain <system a> <system b> [schedule]\n",
                run("explain physics/integrate"));
        assertEquals("enable: takes 1 or 2 arguments, got 0; usage: enable <system> [schedule]\n", run("orrery:enable"));

        // Phase toggle (Orrery's own): through the frame thread, shown by phases, counted by timings.
        assertEquals("disabled phase OnUpdate in schedule main\n", run("disablePhase OnUpdate"));
        assertMatches(".*\\n5  OnUpdate +auto +no +2\\n.*", run("phases"));
        assertMatches("stepped 2 frames; now at frame \\d+\n", run("step 2"));
        assertMatches(".*\\n1  physics/integrate  OnUpdate     4 +[0-9.]+ +[0-9.]+ +[0-9.]+ +0 +0 +2\\n.*", run("timings"));
        assertEquals("enabled phase OnUpdate in schedule main\n", run("orrery:enablePhase OnUpdate"));
        assertEquals("no phase 'Nope' in schedule main; phases: [OnStart, OnLoad, PostLoad, PreUpdate, OnUpdate, "
                + "OnValidate, PostUpdate, PreStore, OnStore]; nothing changed\n", run("disablePhase Nope"));

        // A rebuild (a new plugin joins) keeps the disabled flag: it lives in the adopted state trait.
        register(Plugin.builder("late").systems(EcsSystem.define("late/tick", NOOP)).build());
        await("the rebuild with plugin late", () -> host.schedule("main").map(s -> s.systems().size() == 4).orElse(false));
        String systems = run("systems");
        assertMatches("schedule main: 4 systems, 1 disabled\n.*render/draw +no .*", systems);
        assertMatches(".*\\n1  physics/integrate  OnUpdate     4 .*", run("timings"));

        assertEquals("enabled render/draw in schedule main\n", run("enable render/draw"));
        // SCR's commands of the same name stay reachable by their full name.
        assertEquals("false", run("scr:enable no.such.component"));
        assertEquals("render/draw was already enabled in schedule main\n", run("orrery:enable render/draw"));
        // The Gogo JLine shell's default profile sets SCOPE to gogo:*; orrery still comes first.
        session.put("SCOPE", "gogo:*");
        assertEquals("disabled render/draw in schedule main\n", run("disable render/draw"));
        assertEquals("orrery:gogo:*", session.get("SCOPE"));
        assertEquals("enabled render/draw in schedule main\n", run("enable render/draw"));
        // A SCOPE the user chose is left alone.
        session.put("SCOPE", "scr:*");
        assertEquals("false", run("enable render/draw"));
        session.put("SCOPE", "*");
        assertMatches("resume: running at frame \\d+\n", run("resume"));
        assertEquals("step: the simulation is running; pause it first\n", run("step 2"));
        assertMatches("pause: paused at frame \\d+\n", run("pause"));
        assertFalse(run("systems").contains(" no "));
        for (PluginStatus p : host.plugins()) {
            assertTrue(p.toString(), p.name().equals("loop") || p.state() == PluginState.ACTIVE);
        }
    }

    @Test
    public void commands_return_data_and_take_their_optional_arguments_by_option_or_not_at_all() throws Exception {
        // Without the optional argument: the @Parameter's absent value, the main schedule.
        Object result = session.execute("orrery:systems");
        assertTrue(String.valueOf(result), result instanceof SystemsReport);
        SystemsReport systems = (SystemsReport) result;
        assertEquals("main", systems.schedule());
        assertEquals(Arrays.asList("physics/integrate", "physics/collide", "render/draw"),
                systems.rows().stream().map(SystemsReport.Row::system).collect(java.util.stream.Collectors.toList()));
        // The devtools' converter service renders it; the same text by option and by position.
        String table = run("systems");
        assertTrue(table, table.startsWith("schedule main: 3 systems, 0 disabled\n#  phase"));
        assertEquals(table, run("systems -s main"));
        assertEquals(table, run("systems main"));
        assertEquals("schedule main: 3 systems, 0 disabled", session.format(result, Converter.LINE).toString());
        // step without n: one frame.
        Object stepped = session.execute("step");
        assertTrue(String.valueOf(stepped), stepped instanceof StepOutcome);
        assertEquals(1, ((StepOutcome) stepped).asked());
        assertMatches("stepped 2 frames; now at frame \\d+\n", run("step -n 2"));
    }

    @Test
    public void the_bundle_exports_its_api_and_report_packages_only() {
        Bundle devtools = Arrays.stream(context.getBundles())
                .filter(b -> "dev.orrery.plugin.devtools".equals(b.getSymbolicName())).findFirst().orElseThrow();
        Map<String, String> exported = new TreeMap<>();
        for (BundleCapability c : devtools.adapt(BundleRevision.class).getDeclaredCapabilities(BundleRevision.PACKAGE_NAMESPACE)) {
            exported.put((String) c.getAttributes().get(BundleRevision.PACKAGE_NAMESPACE),
                    String.valueOf(c.getAttributes().get("version")));
        }
        Map<String, String> api = new TreeMap<>();
        api.put("dev.orrery.plugin.devtools", "0.5.0");
        api.put("dev.orrery.plugin.devtools.report", "0.2.0");
        assertEquals(api, exported);
    }
}
