package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import dev.orrery.testsupport.log.CapturedLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Mistakes in plugin code that the host names with their fix, as the host core sees them (no OSGi,
 * no module layers): mutable static fields warned at install ({@link StaticState}), concrete
 * {@code Plugin} classes found in class files ({@link PluginClasses}), a host started paused saying
 * so. Beyond the spec (Orrery's own).
 */
class PluginMistakesTest {
    private final CapturedLog log = CapturedLog.create();
    private HostCore host;

    @AfterEach
    void stop() {
        if (host != null) {
            host.stop();
        }
    }

    /** A plugin that keeps its score in a static field: lost on every update. */
    static final class Score {
        static int kills;
        static final int MAX = 3;
        static final AtomicInteger CALLS = new AtomicInteger();
        static final Plugin PLUGIN = Plugin.builder("score").systems(EcsSystem.define("score/count", (w, dt) -> kills++))
                .build();
    }

    /** A plugin whose observer keeps a count in a static field. */
    static final class Tally {
        static int fallen;
        static final Plugin PLUGIN = Plugin.builder("tally").observers(dev.orrery.schedule.EcsObserver
                .builder("tally/fallen").onAdd(dev.orrery.world.Trait.withDefault("tally/Fallen", "x"))
                .run((w, e) -> fallen++)).build();
    }

    /** A plugin whose state is in the world: only final statics. */
    static final class Clean {
        static final Plugin PLUGIN = Plugin.builder("clean").systems(EcsSystem.define("clean/tick", (w, dt) -> { }))
                .build();
    }

    /** A DS-style component around a plugin value, with a counter of its own. */
    public static final class CountingComponent extends ForwardingPlugin {
        static long made;

        public CountingComponent() {
            super(Clean.PLUGIN);
            made++;
        }
    }

    /** A condition object of a set, with a static cache. */
    static final class Gate implements dev.orrery.schedule.Condition {
        static boolean open = true;

        @Override
        public boolean test(dev.orrery.world.World world) {
            return open;
        }
    }

    /** Not a plugin service: a concrete class that implements Plugin, as a forgotten @Component leaves it. */
    public static final class Forgotten extends ForwardingPlugin {
        public Forgotten() {
            super(Clean.PLUGIN);
        }
    }

    /** Abstract: not a candidate. */
    abstract static class Base implements Plugin {
    }

    /** Concrete through an abstract base of the same unit. */
    static final class Derived extends Base {
        @Override
        public String name() {
            return "derived";
        }

        @Override
        public List<dev.orrery.schedule.Phase> phases() {
            return List.of();
        }

        @Override
        public List<SystemSet> sets() {
            return List.of();
        }

        @Override
        public List<EcsSystem> systems() {
            return List.of();
        }
    }

    @Test
    @DisplayName("StaticState: the non-final statics of the systems' writer class; final ones and the scheduler's are not")
    void staticStateOfTheSystemsOwner() {
        assertEquals(List.of(Score.class.getName() + ".kills"), StaticState.fields(Score.PLUGIN));
        assertEquals(List.of(), StaticState.fields(Clean.PLUGIN));
        assertEquals("state in static field a.B.kills is lost on every update: keep it in a world trait",
                StaticState.warning("a.B.kills"));
    }

    @Test
    @DisplayName("StaticState: the plugin object's own class (a ForwardingPlugin component) and a set's condition class")
    void staticStateOfTheComponentAndConditions() {
        SystemSet gated = SystemSet.builder("gated").runIf(new Gate()).build();
        assertEquals(List.of(CountingComponent.class.getName() + ".made", Gate.class.getName() + ".open"),
                StaticState.fields(CountingComponent.class, Clean.PLUGIN.systems(), List.of(gated)));
    }

    @Test
    @DisplayName("StaticState: the class of an observer's function, through the plugin and at install")
    void staticStateOfTheObserversWriter() {
        assertEquals(List.of(Tally.class.getName() + ".fallen"), StaticState.fields(Tally.PLUGIN));
        assertEquals(List.of(), StaticState.fields(Clean.class, Tally.PLUGIN.systems(),
                Tally.PLUGIN.sets()), "not looked at without the observers");
        host = start(Map.of("mode", "fixed", "rate", 0, "startPaused", true));
        host.pluginBound(1);
        host.pluginAdded(new PluginSource(1, "tally.bundle/1.0.0", null), Tally.PLUGIN);
        assertEquals(List.of("plugin 'tally' (tally.bundle/1.0.0): state in static field " + Tally.class.getName()
                + ".fallen is lost on every update: keep it in a world trait"), log.messagesAt(Level.WARNING));
    }

    @Test
    @DisplayName("pluginAdded: one WARNING per mutable static field, naming the plugin, its origin and the fix")
    void hostWarnsAtInstall() {
        host = start(Map.of("mode", "fixed", "rate", 0, "startPaused", true));
        host.pluginBound(1);
        host.pluginAdded(new PluginSource(1, "score.bundle/1.0.0", null), Score.PLUGIN);
        host.pluginBound(2);
        host.pluginAdded(new PluginSource(2, "clean.bundle/1.0.0", null), Clean.PLUGIN);
        List<String> warnings = log.messagesAt(Level.WARNING);
        assertEquals(List.of("plugin 'score' (score.bundle/1.0.0): state in static field " + Score.class.getName()
                + ".kills is lost on every update: keep it in a world trait"), warnings);
    }

    @Test
    @DisplayName("a plugin in a typo'd phase waits, and its reason (and warning line) asks 'did you mean OnUpdate?'")
    void typoPhaseWaitsWithTheNearestName() throws Exception {
        host = start(Map.of("mode", "fixed", "rate", 0, "startPaused", true, "quietMillis", 0, "maxDelayMillis", 0));
        Plugin typo = Plugin.builder("typo").systems(EcsSystem.define("typo/s", dev.orrery.schedule.Phase.define("OnUpdte"),
                (w, dt) -> { })).build();
        host.pluginBound(1);
        host.pluginAdded(new PluginSource(1, "typo.bundle/1.0.0", null), typo);
        host.requestRebuild();
        long seen = host.changes();
        while (host.plugins().stream().noneMatch(p -> p.name().equals("typo") && p.state() == dev.orrery.host.PluginState.WAITING)) {
            seen = host.awaitChange(seen).toCompletableFuture().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
        String reason = host.plugins().stream().filter(p -> p.name().equals("typo")).findFirst().orElseThrow().reason();
        assertTrue(reason.endsWith("is in phase 'OnUpdte', which is neither a builtin phase nor a phase of this schedule;"
                + " did you mean 'OnUpdate'?"), reason);
        assertTrue(log.messagesAt(Level.WARNING).stream().anyMatch(m -> m.contains("WAITING") && m.endsWith("did you mean 'OnUpdate'?")),
                log.toString());
    }

    @Test
    @DisplayName("a host started paused says so in one INFO line; a running one does not")
    void startedPausedSaysSo() {
        host = start(Map.of("mode", "fixed", "rate", 0, "startPaused", true));
        List<String> paused = log.messagesAt(Level.INFO).stream().filter(m -> m.contains("paused")).toList();
        assertEquals(List.of("the simulation starts paused: no frame runs until it is stepped or resumed"
                + " (GameHost.step/resume; devtools: orrery:step, orrery:resume)"), paused);
        host.stop();
        log.clear();
        host = start(Map.of("mode", "fixed", "rate", 0));
        assertTrue(log.messagesAt(Level.INFO).stream().noneMatch(m -> m.contains("paused")), log.toString());
    }

    @Test
    @DisplayName("PluginClasses: concrete Plugin classes, directly, through ForwardingPlugin or an abstract base; not abstract ones, not other classes")
    void pluginClassesInClassFiles() {
        List<byte[]> files = new ArrayList<>();
        for (Class<?> c : List.of(Forgotten.class, Base.class, Derived.class, Score.class, Gate.class, PluginMistakesTest.class)) {
            files.add(bytes(c));
        }
        files.add(new byte[] {1, 2, 3}); // not a class file: skipped
        List<String> asked = new ArrayList<>();
        List<String> found = PluginClasses.implementations(files, name -> {
            asked.add(name);
            try {
                return Plugin.class.isAssignableFrom(Class.forName(name, false, getClass().getClassLoader()));
            } catch (ClassNotFoundException e) {
                return false;
            }
        });
        assertEquals(List.of(Derived.class.getName(), Forgotten.class.getName()), found);
        assertTrue(asked.contains(ForwardingPlugin.class.getName()), asked.toString());
        assertTrue(asked.stream().noneMatch(n -> n.startsWith("java.")), asked.toString());
    }

    private static byte[] bytes(Class<?> c) {
        String resource = "/" + c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getResourceAsStream(resource)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HostCore start(Map<String, ?> settings) {
        FrontEnd frontEnd = after -> { };
        HostCore h = HostCore.create(HostSettingsParser.parse(settings, k -> null), frontEnd, log.logger());
        h.start();
        return h;
    }
}
