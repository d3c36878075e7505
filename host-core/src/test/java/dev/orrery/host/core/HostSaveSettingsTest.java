package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.SnapshotBuffers;
import dev.orrery.world.snapshot.SnapshotFiles;
import dev.orrery.world.snapshot.SnapshotOptions;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The save settings: {@code saveDir}, {@code autosaveSeconds} (saves by frame time: the fixed dt is
 * the clock), {@code saveOnStop} (the file is there when {@code stop} returns), and their one-line errors.
 */
class HostSaveSettingsTest {
    record Hp(int hp) {
    }

    private static final Trait<Hp> HP = Trait.<Hp>builder("test/hp").defaultValue(new Hp(1))
            .persistent(1, TraitCodec.of(Hp.class)).build();
    private static final long WAIT_SECONDS = 10;

    private final CapturedLog log = CapturedLog.create(Level.DEBUG);
    private HostCore host;

    @AfterEach
    void stop() {
        if (host != null) {
            host.stop();
        }
    }

    private HostCore start(Path dir, Map<String, Object> more) {
        Map<String, Object> settings = new HashMap<>(Map.of("mode", "fixed", "fixedDt", 0.25, "rate", 0,
                "startPaused", true, "quietMillis", 5, "maxDelayMillis", 50, "saveDir", dir.toString()));
        settings.putAll(more);
        host = HostCore.create(HostSettingsParser.parse(settings, k -> null), new FrontEnd() {
            @Override
            public void stopApplication(String after) {
            }

            @Override
            public UnloadedCode unloadedCode() {
                return UnloadedCode.NONE;
            }
        }, log.logger());
        host.start();
        host.requestRebuild();
        return host;
    }

    private void step(int frames) throws Exception {
        host.step(frames).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void theSettingsParseWithTheirDefaults() {
        HostSettings d = HostSettingsParser.parse(Map.of(), k -> null);
        assertEquals(Path.of("saves"), d.saveDirectory());
        assertEquals(Duration.ZERO, d.autosaveInterval());
        assertFalse(d.saveOnStop());
        HostSettings s = HostSettingsParser.fromProperties(Map.of("orrery.host.saveDir", "/tmp/game",
                "orrery.host.autosaveSeconds", "30", "orrery.host.saveOnStop", "true")::get);
        assertEquals(Path.of("/tmp/game"), s.saveDirectory());
        assertEquals(Duration.ofSeconds(30), s.autosaveInterval());
        assertTrue(s.saveOnStop());
    }

    @Test
    void badValuesAreRefusedInOneLine() {
        assertEquals("host configuration: orrery.host.autosaveSeconds must be a whole number from 0 to 86400, got '-1'",
                assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.fromProperties(
                        Map.of("orrery.host.autosaveSeconds", "-1")::get)).getMessage());
        assertEquals("host configuration: orrery.host.autosaveSeconds must be a whole number from 0 to 86400, got '1.5'",
                assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.fromProperties(
                        Map.of("orrery.host.autosaveSeconds", "1.5")::get)).getMessage());
        assertEquals("host configuration: orrery.host.saveDir must name a folder, got ''",
                assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.fromProperties(
                        Map.of("orrery.host.saveDir", " ")::get)).getMessage());
        assertEquals("host configuration: orrery.host.saveOnStop must be true or false, got 'yes'",
                assertThrows(IllegalArgumentException.class, () -> HostSettingsParser.fromProperties(
                        Map.of("orrery.host.saveOnStop", "yes")::get)).getMessage());
        assertEquals("host configuration: orrery.host.autosaveSeconds must be a whole number from 0 to 86400, got 0.5",
                assertThrows(IllegalArgumentException.class, () -> HostSettings.builder()
                        .autosaveInterval(Duration.ofMillis(500)).build()).getMessage());
    }

    @Test
    void theAutosaveComesEveryIntervalOfFrameTimeAtAFrameBoundary(@TempDir Path dir) throws Exception {
        start(dir, Map.of("autosaveSeconds", 1));
        host.submit(w -> w.spawn(HP.with(new Hp(42)))).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        step(4); // 4 x 0.25 s: one second of frame time
        String first = log.await(m -> m.contains(" autosaved the world to "), Duration.ofSeconds(WAIT_SECONDS)).message();
        assertEquals("autosaved the world to " + dir.resolve("autosave.cbor") + " at 1.0 s of frame time", first);
        World loaded = new World();
        SnapshotFiles.restore(dir.resolve("autosave.cbor"), loaded, SnapshotOptions.builder().traits(HP).build());
        assertEquals(List.of(new Hp(42)), java.util.Arrays.stream(loaded.query(dev.orrery.world.Query.of(HP)).entities())
                .mapToObj(e -> loaded.get(e, HP)).toList());
        step(4);
        log.await(m -> m.endsWith(" at 2.0 s of frame time"), Duration.ofSeconds(WAIT_SECONDS));
        assertEquals(2, log.matching(m -> m.startsWith("autosaved the world to ")).size());
    }

    @Test
    void anOrderlyStopSavesFirst(@TempDir Path dir) throws Exception {
        start(dir.resolve("nested"), Map.of("saveOnStop", true));
        host.submit(w -> w.spawn(HP.with(new Hp(7)))).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        host.stop();
        host = null;
        Path file = dir.resolve("nested").resolve("stop.cbor");
        assertTrue(Files.isRegularFile(file), "the save on stop is there when stop returns");
        World loaded = new World();
        SnapshotFiles.restore(file, loaded, SnapshotOptions.builder().traits(HP).build());
        assertEquals(1, loaded.query(dev.orrery.world.Query.of(HP)).entities().length);
    }

    @Test
    void aSaveWithBuffersWritesTheSameFileAndKeepsItsMemoryForTheNext(@TempDir Path dir) throws Exception {
        start(dir, Map.of());
        host.submit(w -> {
            for (int i = 0; i < 20_000; i++) {
                w.spawn(HP.with(new Hp(i)));
            }
            return null;
        }).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        SnapshotBuffers buffers = SnapshotBuffers.upTo(8L << 20);
        Path plain = host.save(dir.resolve("plain.cbor")).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        Path first = host.save(dir.resolve("first.cbor"), buffers).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        long kept = buffers.keptBytes();
        assertTrue(kept > 0, "the save gave its memory back to the buffers: " + buffers);
        Path second = host.save(dir.resolve("second.cbor"), buffers).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(kept, buffers.keptBytes());
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(first));
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(second));
        assertThrows(NullPointerException.class, () -> host.save(dir.resolve("x.cbor"), null));
    }

    @Test
    void noSettingNoFiles(@TempDir Path dir) throws Exception {
        start(dir, Map.of());
        step(8);
        host.stop();
        host = null;
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.toList());
        }
    }
}
