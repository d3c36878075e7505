package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.PluginSource;
import dev.orrery.host.core.UnloadedCode;
import dev.orrery.schedule.Plugin;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JpmsHost} maps the layers' events onto the host core's calls (recorded by a proxy
 * {@link HostCore}), and {@link HostConfigFile} hands the host settings file to it.
 */
class JpmsHostTest {
    private final List<String> calls = new ArrayList<>();
    private final HostCore host = (HostCore) Proxy.newProxyInstance(HostCore.class.getClassLoader(), new Class<?>[] {HostCore.class},
            (proxy, method, args) -> {
                switch (method.getName()) {
                    case "pluginBound" -> calls.add("bound " + args[0]);
                    case "pluginAdded" -> {
                        PluginSource s = (PluginSource) args[0];
                        calls.add("added " + s.id() + " " + ((Plugin) args[1]).name() + " schedule " + s.schedule());
                        return true;
                    }
                    case "pluginRemoved" -> calls.add("removed " + args[0]);
                    case "requestPurge" -> calls.add("purge");
                    case "configure" -> {
                        HostSettings settings = (HostSettings) args[0];
                        calls.add("configure " + settings.mode() + " order " + settings.order());
                    }
                    case "settings" -> {
                        return HostSettings.defaults();
                    }
                    case "toString" -> {
                        return "host";
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                }
                return null;
            });

    private static Plugin plugin(String name) {
        return Plugin.builder(name).build();
    }

    @Test
    void aBatchIsBoundAsItComesAndHandedOverBackToBackAtItsEnd() {
        JpmsHost front = new JpmsHost();
        front.attach(host, l -> Optional.empty());
        front.added("m/A", plugin("a"), "a.jar");
        front.added("m/B", plugin("b"), "a.jar");
        assertEquals(List.of("bound 1", "bound 2"), calls);
        front.settled();
        // Plugin classes on the test class path are in the unnamed module: no manifest schedule
        assertEquals(List.of("bound 1", "bound 2", "added 1 a schedule null", "added 2 b schedule null"), calls);
    }

    @Test
    void removalsRemoveByIdAndAskForOnePurgePerBatch() {
        JpmsHost front = new JpmsHost();
        front.attach(host, l -> Optional.empty());
        front.added("m/A", plugin("a"), "a.jar");
        front.settled();
        calls.clear();
        front.removed("m/A");
        front.removed("m/unknown");
        front.settled();
        front.settled();
        assertEquals(List.of("removed 1", "purge"), calls);
    }

    @Test
    void unloadedCodeAnswersForDroppedLoadersAndNamesTheirModules() {
        ClassLoader gone = new ClassLoader(null) { };
        JpmsHost front = new JpmsHost();
        front.attach(host, l -> l == gone ? Optional.of("p.rules") : Optional.empty());
        UnloadedCode code = front.unloadedCode();
        assertTrue(code.test(gone));
        assertTrue(code.test(gone));
        assertFalse(code.test(getClass().getClassLoader()));
        assertEquals(List.of("p.rules"), code.names());
    }

    @Test
    void stopApplicationCompletesTheStopRequestWithoutBlocking() throws Exception {
        JpmsHost front = new JpmsHost();
        front.stopApplication("the frame budget");
        assertEquals("the frame budget", front.stopRequested().getNow(null));
    }

    @Test
    void theHostSettingsFileIsReadAtStartAndHandedOverWhenItChanges(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(HostConfigFile.NAME);
        Files.writeString(file, "order = prefab, dnd\nmode=fixed\n");
        List<String> printed = new ArrayList<>();
        HostConfigFile config = new HostConfigFile(file, printed::add);
        assertEquals(Map.of("order", "prefab, dnd", "mode", "fixed"), config.read());
        FileStamp first = FileStamp.of(file);
        config.changed(Map.of(file.toAbsolutePath(), first), host);
        assertEquals(List.of(), calls, "the version read at start-up is not handed over again");
        Files.writeString(file, "mode=fixed\norder=dnd\n");
        config.changed(Map.of(file.toAbsolutePath(), new FileStamp(Files.size(file), first.modifiedMillis() + 1000)), host);
        assertEquals(List.of("configure FIXED order [dnd]"), calls);
        assertEquals(List.of("orrery: host settings from " + HostConfigFile.NAME + ": {mode=fixed, order=dnd}"), printed);
        config.changed(Map.of(), host);
        assertEquals("orrery: host settings from " + HostConfigFile.NAME + " (none)", printed.get(1));
        assertEquals(List.of("configure FIXED order [dnd]", "configure REAL_TIME order []"), calls,
                "a deleted file leaves no settings");
        Files.writeString(file, "mode=sometimes\n");
        java.util.logging.Logger hostLog = java.util.logging.Logger.getLogger(HostCore.LOGGER);
        List<String> logged = new ArrayList<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                logged.add(r.getLevel() + " " + r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        hostLog.addHandler(capture);
        hostLog.setUseParentHandlers(false);
        try {
            config.changed(Map.of(file.toAbsolutePath(), new FileStamp(Files.size(file), first.modifiedMillis() + 2000)),
                    host);
        } finally {
            hostLog.removeHandler(capture);
            hostLog.setUseParentHandlers(true);
        }
        assertEquals(2, calls.size(), "a bad setting is not handed over: " + calls);
        assertEquals(List.of("SEVERE host configuration: 'mode' (configuration dev.orrery.host) must be 'realtime' or"
                + " 'fixed', got 'sometimes'; the host keeps its previous configuration: " + HostSettings.defaults()), logged);
    }
}
