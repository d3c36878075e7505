package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/plugin-guide.md, section 5, run as the guide says: the host started from the distribution, the
 * score plugin (the archetype's, {@link ScorePluginJar}) copied into its plugin folder, copied again to
 * update it, deleted, and copied in once more, which gives it its persistent score back; each step's
 * log against the guide's example (see {@link Readme}). An update
 * is one swap or two, depending on when the new revision's plugin is back: the output must be one of
 * the guide's two examples.
 */
class GuideIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @Test
    @DisplayName("Ship it: the guide's commands start the host; install, update and remove of the score plugin log what the guide shows")
    void installUpdateRemove(@TempDir Path dir) throws Exception {
        List<String> commands = Readme.commands("guide-ship-commands");
        String[] start = commands.get(0).split(" && ");
        Path home = DemoProcess.REPO.resolve(start[0].replaceFirst("^cd orrery/", "")).normalize();
        assertEquals(DemoProcess.REPO.resolve("app-launcher/target/orrery"), home);
        String[] cp = commands.get(1).split(" ");
        assertEquals("orrery/app-launcher/target/orrery/plugins/", cp[2]);
        Path jar = ScorePluginJar.build(dir, dir.resolve(Path.of(cp[1]).getFileName()));
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path dropped = plugins.resolve(jar.getFileName());

        List<String> command = new java.util.ArrayList<>(List.of(start[1].split(" ")));
        command.addAll(1, List.of("-Dorrery.shell=false", "-Dorrery.plugins.dir=" + plugins));
        try (DemoProcess p = DemoProcess.start(command, home, Map.of(), false)) {
            p.awaitLine(l -> l.startsWith("orrery: started "), TIMEOUT);
            Files.copy(jar, dropped);
            p.awaitLine(l -> l.contains("joined [score]"), TIMEOUT);
            Readme.assertAppearsIn(Readme.example("guide-install-log"), p.lines());

            int beforeUpdate = p.lines().size();
            Files.copy(jar, dropped, StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(dropped, FileTime.fromMillis(System.currentTimeMillis() + 2000));
            p.awaitLine(l -> p.lines().indexOf(l) >= beforeUpdate && (l.endsWith("replaced [score]") || l.contains("joined [score]")),
                    TIMEOUT);
            // The new revision gets the score the old one left (its data, kept by the purge).
            p.awaitLine(l -> p.lines().indexOf(l) >= beforeUpdate && l.contains("rehydrated persistent trait 'score/score'"),
                    TIMEOUT);
            List<String> update = p.lines().subList(beforeUpdate, p.lines().size());
            assertOneOf(update, Readme.example("guide-update-one"), Readme.example("guide-update-two"));

            int beforeRemove = p.lines().size();
            Files.delete(dropped);
            p.awaitLine(l -> p.lines().indexOf(l) >= beforeRemove && l.contains("purged unloaded code of [com.example.game.score "),
                    TIMEOUT);
            p.awaitLine(l -> p.lines().indexOf(l) >= beforeRemove && l.contains("left [score]"), TIMEOUT);
            List<String> remove = List.copyOf(p.lines().subList(beforeRemove, p.lines().size()));
            // The purge line comes before or after the rebuild line (whichever trigger came first).
            for (String line : Readme.example("guide-remove-log")) {
                Readme.assertAppearsIn(List.of(line), remove);
            }

            // Copied in again, the plugin gets its persistent score back from the data the purge kept.
            int beforeReinstall = p.lines().size();
            Files.copy(jar, dropped);
            p.awaitLine(l -> p.lines().indexOf(l) >= beforeReinstall && l.contains("rehydrated persistent trait 'score/score'"),
                    TIMEOUT);
            Readme.assertAppearsIn(Readme.example("guide-reinstall-log"), p.lines().subList(beforeReinstall, p.lines().size()));
            p.terminate();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
        }
    }

    private static void assertOneOf(List<String> output, List<String> one, List<String> other) {
        try {
            Readme.assertAppearsIn(one, output);
        } catch (AssertionError notOne) {
            try {
                Readme.assertAppearsIn(other, output);
            } catch (AssertionError notOther) {
                notOther.addSuppressed(notOne);
                throw notOther;
            }
        }
    }
}
