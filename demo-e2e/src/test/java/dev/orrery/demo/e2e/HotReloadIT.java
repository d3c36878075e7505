package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The README's hot reload: while a battle runs, the rules bundle's jar is copied into the demo's
 * {@code demo-plugins/} folder again; FileInstall updates the bundle, the host rebuilds both schedules with the new
 * bundle's plugins, and the battle goes on from the same turn and hit points: the combat log is the
 * same as that of a battle with the same seed and no update.
 */
class HotReloadIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String VERSION = System.getProperty("orrery.version", "0.1.0-SNAPSHOT");

    @Test
    @DisplayName("copying the rules jar into demo-plugins/ mid-battle updates the bundle; the battle continues with its state")
    void rulesUpdateKeepsTheBattle() throws Exception {
        List<String> straight;
        List<String> straightCues;
        List<String> straightShots;
        try (DemoProcess p = DemoProcess.start(Map.of(), "--seed", "7")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            straight = p.combatLog();
            straightCues = p.soundCues();
            straightShots = p.projectiles();
        }
        // The README's commands: the battle to start, the rebuild (not run here: the reactor built the
        // jar) and the copy into the demo's plugin folder.
        assertEquals(List.of("./orrery-demo --realtime --seed 7"), Readme.commands("hot-reload-start"));
        List<String> commands = Readme.commands("hot-reload-commands");
        assertEquals("mvn -B -q -pl demo-dnd -am package -DskipTests", commands.get(0));
        String[] cp = commands.get(1).split(" ");
        assertEquals("cp", cp[0]);
        Path rules = DemoProcess.REPO.resolve(cp[1]);
        Path dropped = DemoProcess.REPO.resolve(cp[2]).resolve(rules.getFileName());
        assertEquals(DemoProcess.REPO.resolve("demo-dnd/target/demo-dnd-" + VERSION + ".jar"), rules);
        // Paced at 400 frames/s (about 0.15 s per turn) so the copy lands mid-battle; the outcome does
        // not depend on the rate (fixed dt).
        try (DemoProcess p = DemoProcess.start(Map.of("JAVA_OPTS", "-Dorrery.host.rate=400"), "--seed", "7")) {
            p.awaitLine(l -> l.equals("[dnd] -- Round 2 --"), TIMEOUT);
            Files.copy(rules, dropped, StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(dropped, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
            int copiedAt = p.lines().size();
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            List<String> after = p.lines().subList(copiedAt, p.lines().size());
            assertTrue(after.stream().anyMatch(l -> l.contains("Updating bundle dev.orrery.demo.dnd ")
                    || l.contains("Updating bundle dev.orrery.demo.dnd/")), "no bundle update:\n" + p.text());
            assertTrue(after.stream().anyMatch(l -> l.contains("[dev.orrery.host] schedule 'main' rebuilt")),
                    "no rebuild of main:\n" + p.text());
            assertTrue(after.stream().anyMatch(l -> l.contains("[dev.orrery.host] schedule 'dnd/turn' rebuilt")),
                    "no rebuild of dnd/turn:\n" + p.text());
            int rebuildAt = copiedAt + indexOf(after, "[dev.orrery.host] schedule 'main' rebuilt");
            assertTrue(p.lines().subList(rebuildAt, p.lines().size()).stream().anyMatch(l -> l.startsWith("[dnd] Turn ")),
                    "the battle did not go on after the update:\n" + p.text());
            assertEquals(1, p.combatLog().stream().filter(l -> l.startsWith("[dnd] === Skirmish")).count());
            assertEquals(straight, p.combatLog());
            // the sound cues (dnd-sounds, replaced with the rules) read the rules' damage messages: the
            // hits in flight at the update are played once, none is lost
            assertEquals(straightCues, p.soundCues(), p.text());
            // the projectiles (dnd-fx, replaced with the rules) keep their flight in the world: a shot in the
            // air at the update lands once, with the same steps
            assertEquals(straightShots, p.projectiles(), p.text());
            Readme.assertAppearsIn(Readme.example("hot-reload"), after);
        }
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }
}
