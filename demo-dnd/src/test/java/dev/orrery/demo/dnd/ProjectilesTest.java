package dev.orrery.demo.dnd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.BattleState;
import dev.orrery.demo.dnd.model.CombatLog;
import dev.orrery.demo.dnd.model.Flights;
import dev.orrery.demo.dnd.model.Position;
import dev.orrery.demo.dnd.model.Projectile;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.host.Schedules;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The projectiles stand-in ({@link Projectiles}, schedule {@code dnd/fx}) in a battle run as the host
 * runs it: main, dnd/turn and dnd/fx in the world's {@link Schedules}, frames of a fixed dt.
 */
class ProjectilesTest {
    private static final long MAX_FRAMES = 200_000;
    /** A landing line: weapon, shooter, target, squares, steps, frames, alpha. */
    private static final Pattern LINE = Pattern.compile("\\[fx\\] (.+): (.+) \\(\\d+,\\d+\\) -> (.+) \\(\\d+,\\d+\\), (\\d+) squares"
            + " in (\\d+) fixed steps \\(60 Hz\\), drawn in (\\d+) frames, last at \\([0-9.]+,[0-9.]+\\), alpha ([0-9.]+)");

    /** A battle with the projectiles, frames of {@code dt}; its landing lines and combat log. */
    private record Run(List<String> lines, List<String> log, World world) {
    }

    private static Run battle(long seed, double dt) {
        World world = new World();
        world.set(CombatLog.TRAIT, CombatLog.silent());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Schedule main = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN,
                FrameSystems.plugin(BattleConfig.defaults(seed, false), new PrintStream(new ByteArrayOutputStream()))).build();
        Schedule turn = Schedule.builder(TurnPhases.SCHEDULE).plugins(TurnSystems.PLUGIN).build();
        Schedule fx = Schedule.builder(Projectiles.SCHEDULE)
                .plugins(Projectiles.plugin(new PrintStream(out, true, StandardCharsets.UTF_8))).build();
        world.set(Schedules.TRAIT, Schedules.of(Map.of("main", main, TurnPhases.SCHEDULE, turn, Projectiles.SCHEDULE, fx)));
        long frames = 0;
        while (!world.add(Flights.TRAIT).landed().isDone() && frames++ < MAX_FRAMES) {
            main.run(world, dt);
        }
        assertEquals(Stage.OVER, world.get(BattleState.TRAIT).stage(), "the battle ended");
        return new Run(out.toString(StandardCharsets.UTF_8).lines().toList(), world.get(CombatLog.TRAIT).lines(), world);
    }

    private static long rangedAttacks(List<String> log) {
        return log.stream().filter(l -> l.contains(" with fire bolt: ") || l.contains(" with shortbow: ")).count();
    }

    @Test
    @DisplayName("headless frames (1/60 s): one line per ranged attack, one fixed step a frame, alpha 0.00, the same on every run")
    void oneLinePerShotHeadless() {
        Run run = battle(42, 1.0 / 60);
        assertTrue(rangedAttacks(run.log()) > 3, run.log().toString());
        assertEquals(rangedAttacks(run.log()), run.lines().size(), String.join("\n", run.lines()));
        for (String line : run.lines()) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            assertEquals(Integer.parseInt(m.group(4)) * Projectiles.STEPS_PER_SQUARE, Integer.parseInt(m.group(5)), line);
            assertEquals(m.group(5), m.group(6), "one step a frame: " + line);
            assertEquals("0.00", m.group(7), line);
        }
        assertTrue(run.world().query(Projectiles.IN_FLIGHT).isEmpty(), "every projectile landed");
        assertEquals(run.lines(), battle(42, 1.0 / 60).lines(), "the same seed, the same lines");
    }

    @Test
    @DisplayName("real-time frames (1/144 s): the same shots and steps, drawn in more frames than steps at alphas in between")
    void interpolatedUnderFasterFrames() {
        Run fixed = battle(42, 1.0 / 60);
        Run fast = battle(42, 1.0 / 144);
        assertEquals(fixed.log(), fast.log(), "the battle does not depend on the frame rate");
        assertEquals(fixed.lines().size(), fast.lines().size());
        boolean someAlpha = false;
        for (int i = 0; i < fast.lines().size(); i++) {
            Matcher a = LINE.matcher(fixed.lines().get(i));
            Matcher b = LINE.matcher(fast.lines().get(i));
            assertTrue(a.matches() && b.matches(), fast.lines().get(i));
            for (int g = 1; g <= 5; g++) {
                assertEquals(a.group(g), b.group(g), "the same shot and steps: " + fast.lines().get(i));
            }
            int steps = Integer.parseInt(b.group(5));
            int frames = Integer.parseInt(b.group(6));
            assertTrue(frames >= 2 * steps, "144 frames a second draw a 60 Hz step about 2.4 times: " + fast.lines().get(i));
            someAlpha |= !b.group(7).equals("0.00");
        }
        assertTrue(someAlpha, "some landing frame fell between two steps: " + fast.lines());
    }

    @Test
    @DisplayName("a projectile is drawn between its last two steps: at flown - 1 + alpha steps into the flight")
    void drawnBetweenTheLastTwoSteps() {
        Projectile p = Projectile.launched("shortbow", "Archer", "Cyl", new Position(13, 2), new Position(3, 2), 20);
        assertEquals(13.0, p.drawn(0.7).drawnX(), 1e-12, "before the first step: where it starts");
        for (int i = 0; i < 4; i++) {
            p = p.stepped();
        }
        Projectile drawn = p.drawn(0.5);
        assertEquals(13 - 10 * 3.5 / 20, drawn.drawnX(), 1e-12);
        assertEquals(2.0, drawn.drawnY(), 1e-12);
        assertEquals(1, drawn.frames());
        assertFalse(drawn.landed());
        for (int i = 0; i < 30; i++) {
            p = p.stepped();
        }
        assertTrue(p.landed());
        assertEquals(20, p.flown(), "never past the target");
    }
}
