package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.BattleState;
import dev.orrery.demo.dnd.model.CombatLog;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.host.Schedules;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A battle without OSGi, as the host runs it: a main schedule (prefab, dnd and dnd-sounds plugins) run once per
 * fixed 1/60 s frame, and the turn schedule reachable through {@link Schedules#TRAIT}.
 */
final class Battle {
    static final double DT = 1.0 / 60;

    final World world = new World();
    final ByteArrayOutputStream console = new ByteArrayOutputStream();
    final ByteArrayOutputStream sounds = new ByteArrayOutputStream();
    final Plugin soundCues = SoundCues.plugin(new PrintStream(sounds, true, StandardCharsets.UTF_8));
    Schedule main;
    Schedule turn;
    long frames;

    Battle(BattleConfig config) {
        world.set(CombatLog.TRAIT, CombatLog.silent());
        install(FrameSystems.plugin(config, new PrintStream(console, true, StandardCharsets.UTF_8)), TurnSystems.PLUGIN);
    }

    /** Builds (or rebuilds, adopting the state like the host) both schedules from these plugin values. */
    void install(Plugin dnd, Plugin... turnPlugins) {
        var mainBuilder = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN, dnd, soundCues);
        var turnBuilder = Schedule.builder(TurnPhases.SCHEDULE).plugins(turnPlugins);
        if (main != null) {
            mainBuilder.adoptStateOf(main);
            turnBuilder.adoptStateOf(turn);
        }
        main = mainBuilder.build();
        turn = turnBuilder.build();
        world.set(Schedules.TRAIT, Schedules.of(Map.of("main", main, TurnPhases.SCHEDULE, turn)));
    }

    void frame() {
        main.run(world, DT);
        frames++;
    }

    /** Runs frames until the battle is over or the frame limit. */
    Battle runToEnd(long maxFrames) {
        while (stage() != Stage.OVER && frames < maxFrames) {
            frame();
        }
        return this;
    }

    Stage stage() {
        BattleState s = world.get(BattleState.TRAIT);
        return s == null ? Stage.SETUP : s.stage();
    }

    BattleState state() {
        return world.get(BattleState.TRAIT);
    }

    List<String> log() {
        return world.get(CombatLog.TRAIT).lines();
    }

    /** @return the sound cue lines printed so far */
    List<String> cues() {
        return sounds.toString(StandardCharsets.UTF_8).lines().toList();
    }

    String consoleText() {
        return console.toString(StandardCharsets.UTF_8);
    }
}
