package dev.orrery.plugin.devtools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.plugin.devtools.report.ReportText;
import dev.orrery.testsupport.host.FakeGameHost;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code save [file]} and {@code load [file]}: files in the host's save directory, one-line problems, a timeout. */
class SaveCommandsTest {
    record Hp(int hp) {
    }

    private static final Trait<Hp> HP = Trait.<Hp>builder("test/hp").defaultValue(new Hp(1))
            .persistent(1, TraitCodec.of(Hp.class)).build();

    @TempDir
    Path dir;

    private final FakeGameHost host = new FakeGameHost();
    private final SystemTimings timings = new SystemTimings();

    private DevtoolsCommands commands(Duration timeout) {
        host.setSaveDirectory(dir.resolve("saves"));
        return new DevtoolsCommands(host, () -> timings, timeout);
    }

    @Test
    void aSaveLoadsBack() {
        DevtoolsCommands commands = commands(Duration.ofSeconds(10));
        long e = host.world().spawn(HP.with(new Hp(9)));
        Path file = dir.resolve("saves").resolve("one.cbor");
        assertEquals("saved the world to " + file + "\n", ReportText.render(commands.save("one.cbor")));
        host.world().destroy(e);
        String loaded = ReportText.render(commands.load("one.cbor"));
        assertTrue(loaded.startsWith("loaded the world from " + file + ": 1 entity, "), loaded);
        assertEquals(new Hp(9), host.world().get(e, HP));
    }

    @Test
    void noNameIsTheQuicksave() {
        DevtoolsCommands commands = commands(Duration.ofSeconds(10));
        assertEquals("saved the world to " + dir.resolve("saves").resolve("quicksave.cbor") + "\n",
                ReportText.render(commands.save(null)));
        assertTrue(ReportText.render(commands.load("")).startsWith("loaded the world from "));
    }

    @Test
    void aDamagedFileIsOneLineNamingIt() throws Exception {
        DevtoolsCommands commands = commands(Duration.ofSeconds(10));
        commands.save("bad.cbor");
        Path bad = dir.resolve("saves").resolve("bad.cbor");
        byte[] bytes = Files.readAllBytes(bad);
        Files.write(bad, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        long e = host.world().spawn(HP.with(new Hp(3)));
        String text = ReportText.render(commands.load("bad.cbor"));
        assertTrue(text.startsWith("load: ") && text.contains("bad.cbor"), text);
        assertEquals(1, text.lines().count(), text);
        assertEquals(new Hp(3), host.world().get(e, HP), "the world is unchanged");
    }

    @Test
    void aMissingFileIsNamed() {
        DevtoolsCommands commands = commands(Duration.ofSeconds(10));
        assertEquals("load: no such file: " + dir.resolve("saves").resolve("none.cbor") + "\n",
                ReportText.render(commands.load("none.cbor")));
    }

    @Test
    void aFrameThreadThatDoesNotAnswerGivesATimeoutLine() throws Exception {
        DevtoolsCommands commands = commands(Duration.ofMillis(20));
        Files.createDirectories(dir.resolve("saves"));
        Files.writeString(dir.resolve("saves").resolve("held.cbor"), "read on the worker, restored never");
        host.setHoldWork(true);
        assertEquals("save: not done within 20 ms (is a system stuck in a frame?); it goes on in the background, the"
                + " previous quick.cbor stays until it completes\n", ReportText.render(commands.save("quick.cbor")));
        assertEquals("load: not done within 20 ms (is a system stuck in a frame?); it goes on in the background\n",
                ReportText.render(commands.load("held.cbor")));
    }
}
