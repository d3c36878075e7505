package dev.orrery.demo.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./orrery-demo --save-at 10 FILE} then {@code --load FILE}: the loaded battle's combat log, sound
 * cues and projectile landings are the straight battle's after turn 10; a damaged file is one line
 * naming it and exit code 2.
 */
class SaveLoadDemoIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    @Test
    void aLoadedBattleGoesOnWithTheSameLog(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("turn10.cbor");
        List<String> straight;
        List<String> straightCues;
        List<String> straightLandings;
        try (DemoProcess p = DemoProcess.start(Map.of(), "--seed", "42")) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            straight = p.combatLog();
            straightCues = p.soundCues();
            straightLandings = p.projectiles();
        }
        int before;
        int cuesBefore;
        int landingsBefore;
        try (DemoProcess p = DemoProcess.start(Map.of(), "--seed", "42", "--save-at", "10", file.toString())) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            assertEquals(straight, p.combatLog(), "saving changes nothing");
            List<String> lines = p.lines();
            int saved = lines.indexOf("orrery-demo: saved the battle after turn 10 to " + file);
            assertTrue(saved >= 0, p.text());
            before = (int) lines.subList(0, saved).stream().filter(l -> l.startsWith("[dnd] ")).count();
            cuesBefore = (int) lines.subList(0, saved).stream().filter(l -> l.startsWith("[sfx] ")).count();
            landingsBefore = (int) lines.subList(0, saved).stream().filter(l -> l.startsWith("[fx] ")).count();
        }
        assertTrue(Files.size(file) > 0);
        try (DemoProcess p = DemoProcess.start(Map.of(), "--load", file.toString())) {
            assertEquals(0, p.waitFor(TIMEOUT), p.text());
            assertTrue(p.lines().stream().anyMatch(l -> l.startsWith("orrery-demo: continuing the battle from " + file)),
                    p.text());
            assertTrue(straight.subList(0, before).stream().anyMatch(l -> l.startsWith("[dnd] Turn 10:"))
                    && straight.subList(0, before).stream().noneMatch(l -> l.startsWith("[dnd] Turn 11:")),
                    "the save came right after turn 10");
            assertEquals(straight.subList(before, straight.size()), p.combatLog(), p.text());
            assertTrue(cuesBefore < straightCues.size() && landingsBefore < straightLandings.size(),
                    "the battle has cues and landings after turn 10 to compare");
            assertEquals(straightCues.subList(cuesBefore, straightCues.size()), p.soundCues(),
                    "the sound cues after the save are the straight battle's: " + p.text());
            assertEquals(straightLandings.subList(landingsBefore, straightLandings.size()), p.projectiles(),
                    "the projectiles in flight at the save land as in the straight battle: " + p.text());
        }
    }

    @Test
    void aDamagedFileIsOneLineAndExitCode2(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("damaged.cbor");
        Files.writeString(file, "ORRERY but not a snapshot");
        try (DemoProcess p = DemoProcess.start(Map.of(), "--load", file.toString())) {
            assertEquals(2, p.waitFor(TIMEOUT), p.text());
            List<String> errors = p.lines().stream().filter(l -> l.startsWith("orrery-demo: --load: ")).toList();
            assertEquals(1, errors.size(), p.text());
            assertTrue(errors.get(0).contains(file.toString()), p.text());
            assertTrue(p.lines().stream().noneMatch(l -> l.startsWith("\tat ")), p.text());
        }
    }
}
