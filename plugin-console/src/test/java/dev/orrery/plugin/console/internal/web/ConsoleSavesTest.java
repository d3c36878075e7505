package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.host.RunState;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /api/save|load?file=NAME}: names inside the save directory only, one-line answers. */
class ConsoleSavesTest {
    record Hp(int hp) {
    }

    private static final Trait<Hp> HP = Trait.<Hp>builder("test/hp").defaultValue(new Hp(1))
            .persistent(1, TraitCodec.of(Hp.class)).build();

    @TempDir
    Path dir;

    private final FakeGameHost host = new FakeGameHost().setState(RunState.RUNNING);
    private final SessionTokens tokens = new SessionTokens();
    private final SystemTimings timings = new SystemTimings();
    private final ConsoleHandler handler = new ConsoleHandler(() -> host, () -> new TimingsFeed() {
        @Override
        public Source source() {
            return Source.DEVTOOLS;
        }

        @Override
        public List<dev.orrery.plugin.devtools.SystemTiming> snapshot() {
            return timings.snapshot();
        }
    }, tokens, Duration.ofSeconds(10));

    private ConsoleResponse post(String path, String file) {
        Map<String, String> h = new HashMap<>();
        h.put("x-orrery-token", tokens.issue());
        h.put("origin", "http://127.0.0.1:8420");
        h.put("host", "127.0.0.1:8420");
        h.put("sec-fetch-site", "same-origin");
        Map<String, String> query = file == null ? Map.of() : Map.of("file", file);
        return handler.handle(new ConsoleRequest("POST", path, query, n -> h.get(n.toLowerCase()), "127.0.0.1"));
    }

    @Test
    void aSaveLoadsBackFromTheSaveDirectory() {
        host.setSaveDirectory(dir.resolve("saves"));
        long e = host.world().spawn(HP.with(new Hp(5)));
        ConsoleResponse saved = post("/api/save", "slot1.cbor");
        assertEquals(200, saved.status(), saved.text());
        assertEquals("{\"ok\":true,\"message\":\"saved the world to slot1.cbor in " + dir.resolve("saves") + "\"}",
                saved.text());
        assertTrue(Files.isRegularFile(dir.resolve("saves").resolve("slot1.cbor")));
        host.world().destroy(e);
        ConsoleResponse loaded = post("/api/load", "slot1.cbor");
        assertEquals(200, loaded.status(), loaded.text());
        assertTrue(loaded.text().startsWith("{\"ok\":true,\"message\":\"loaded the world from slot1.cbor: 1 entities, "),
                loaded.text());
        assertEquals(new Hp(5), host.world().get(e, HP));
    }

    @Test
    void pathsAreRefusedWithA400() {
        host.setSaveDirectory(dir);
        for (String bad : List.of("../x.cbor", "a/b.cbor", "a\\b.cbor", "..")) {
            ConsoleResponse r = post("/api/save", bad);
            assertEquals(400, r.status(), bad);
            assertEquals("{\"ok\":false,\"message\":\"save: '" + bad.replace("\\", "\\\\") + "' is not a plain file name (no"
                    + " separators, no ..): the console reads and writes only inside the save directory " + dir + "\"}",
                    r.text());
        }
        assertEquals(400, post("/api/load", "../etc/passwd").status());
        ConsoleResponse missing = post("/api/load", null);
        assertEquals(400, missing.status());
        assertEquals("{\"ok\":false,\"message\":\"load: the file name is missing (parameter file)\"}", missing.text());
    }

    @Test
    void aMissingOrDamagedFileIsOneLine() throws Exception {
        host.setSaveDirectory(dir);
        ConsoleResponse none = post("/api/load", "none.cbor");
        assertEquals(404, none.status());
        assertEquals("{\"ok\":false,\"message\":\"load: no file none.cbor in the save directory " + dir + "\"}", none.text());
        Files.writeString(dir.resolve("bad.cbor"), "not a snapshot");
        ConsoleResponse bad = post("/api/load", "bad.cbor");
        assertEquals(422, bad.status());
        assertTrue(bad.text().contains("bad.cbor") && !bad.text().contains("\\n"), bad.text());
    }
}
