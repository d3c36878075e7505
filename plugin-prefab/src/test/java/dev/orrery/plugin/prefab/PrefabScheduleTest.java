package dev.orrery.plugin.prefab;

import static dev.orrery.plugin.prefab.TestTraits.HEALTH;
import static dev.orrery.plugin.prefab.TestTraits.NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spawn timing in a running schedule: the prefab plugin next to content plugins. */
class PrefabScheduleTest {
    private static final Prefab COIN = Prefab.builder("game/coin").with(NAME, "coin").build();
    private static final Prefab GEM = Prefab.builder("gems/gem").parent("game/coin").with(HEALTH, 3).build();
    private static final Query COINS = Query.of(Prefab.SOURCE);

    private final World world = new World();
    private final List<String> log = new ArrayList<>();
    /** Frame counter kept in the world, as game state should be. */
    private final Trait<int[]> frame = Trait.of("test/frame", () -> new int[1]);

    private EcsSystem observer(String name, Phase phase) {
        return EcsSystem.define(name, phase,
                (w, dt) -> log.add(name + "@" + w.add(frame)[0] + "=" + w.query(COINS).count()));
    }

    private Plugin game() {
        return Plugin.builder("game").systems(
                PrefabPlugin.keepRegistered("game/prefabs", COIN),
                EcsSystem.define("game/start-coin", Phase.ON_START, (w, dt) -> SpawnQueue.of(w).request("game/coin")),
                EcsSystem.define("game/frame", Phase.ON_LOAD, (w, dt) -> w.add(frame)[0]++),
                EcsSystem.define("game/drop-coin", Phase.ON_UPDATE, (w, dt) -> {
                    if (w.add(frame)[0] == 2) {
                        SpawnQueue.of(w).request("game/coin", NAME.with("dropped"));
                    }
                }),
                observer("update", Phase.ON_UPDATE),
                observer("post-update", Phase.POST_UPDATE),
                observer("pre-store", Phase.PRE_STORE),
                EcsSystem.define("game/store-request", Phase.ON_STORE, (w, dt) -> {
                    if (w.add(frame)[0] == 3) {
                        SpawnQueue.of(w).request("game/coin", NAME.with("late"));
                    }
                }))
                .build();
    }

    @Test
    void theSpawnPhaseRunsDirectlyAfterPostUpdate() {
        Schedule schedule = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN, game()).build();
        List<Phase> phases = schedule.phases();
        int spawn = phases.indexOf(PrefabPlugin.SPAWN_PHASE);
        assertEquals(Phase.POST_UPDATE, phases.get(spawn - 1));
        assertEquals(Phase.PRE_STORE, phases.get(spawn + 1));
        assertEquals(false, schedule.isManual(PrefabPlugin.SPAWN_PHASE));
        assertEquals(List.of(PrefabPlugin.SPAWN), schedule.systemsOf(PrefabPlugin.SPAWN_PHASE));
        assertEquals("prefab", schedule.sourceOf(PrefabPlugin.SPAWN));
    }

    @Test
    void requestsOfAFrameAreSpawnedAfterPostUpdateAndBeforePreStore() {
        Schedule schedule = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN, game()).build();
        schedule.run(world, 0.016);
        assertEquals(List.of("update@1=0", "post-update@1=0", "pre-store@1=1"), log, "OnStart request: same frame");
        log.clear();
        schedule.run(world, 0.016);
        assertEquals(List.of("update@2=1", "post-update@2=1", "pre-store@2=2"), log, "OnUpdate request: same frame");
        log.clear();
        schedule.run(world, 0.016);
        assertEquals(List.of("update@3=2", "post-update@3=2", "pre-store@3=2"), log);
        log.clear();
        schedule.run(world, 0.016);
        assertEquals(List.of("update@4=2", "post-update@4=2", "pre-store@4=3"), log,
                "OnStore request: spawned in the next frame's spawn phase");
        List<String> names = new ArrayList<>();
        world.query(Query.of(NAME, Prefab.SOURCE)).forEach(NAME, Prefab.SOURCE, (e, n, s) -> names.add(s + ":" + n));
        names.sort(null);
        assertEquals(List.of("game/coin:coin", "game/coin:dropped", "game/coin:late"), names);
        assertEquals(List.of(), SpawnQueue.of(world).errors());
    }

    @Test
    void theSpawningSetOrdersASystemOfTheSpawnPhaseAfterTheSpawns() {
        EcsSystem init = EcsSystem.builder("init/count").phase(PrefabPlugin.SPAWN_PHASE).after(PrefabPlugin.SPAWNING)
                .run((w, dt) -> log.add("init saw " + w.query(COINS).count())).build();
        Plugin initPlugin = Plugin.builder("init").systems(init).build();
        Schedule schedule = Schedule.builder("main").plugins(initPlugin, PrefabPlugin.PLUGIN, game()).build();
        assertEquals(List.of(PrefabPlugin.SPAWN, init), schedule.systemsOf(PrefabPlugin.SPAWN_PHASE));
        schedule.run(world, 0);
        assertEquals("init saw 1", log.get(2));
    }

    @Test
    void aContentPluginThatJoinsLaterRegistersItsPrefabsAndSpawnsThemFromItsOnStart() {
        Schedule v1 = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN, game()).build();
        v1.run(world, 0);
        v1.run(world, 0);
        Plugin gems = Plugin.builder("gems").systems(
                PrefabPlugin.keepRegistered("gems/prefabs", GEM),
                EcsSystem.define("gems/start", Phase.ON_START, (w, dt) -> SpawnQueue.of(w).request("gems/gem")))
                .build();
        Schedule v2 = Schedule.builder("main").adoptStateOf(v1).plugins(PrefabPlugin.PLUGIN, game(), gems).build();
        log.clear();
        v2.run(world, 0);
        List<String> sources = new ArrayList<>();
        world.query(COINS).forEach(Prefab.SOURCE, (e, s) -> sources.add(s));
        sources.sort(null);
        assertEquals(List.of("game/coin", "game/coin", "gems/gem"), sources,
                "game's OnStart did not run again; the joiner's did, and its request was spawned in that frame");
        long gem = world.query(Query.of(HEALTH, Prefab.SOURCE)).entities()[0];
        assertEquals("coin", world.get(gem, NAME));
        assertEquals(3, world.get(gem, HEALTH));
        assertEquals(List.of(), SpawnQueue.of(world).errors());
    }

    @Test
    void afterAResetOnStartRegistersAgainAndSpawningWorks() {
        Schedule schedule = Schedule.builder("main").plugins(PrefabPlugin.PLUGIN, game()).build();
        schedule.run(world, 0);
        schedule.run(world, 0);
        assertEquals(2, world.query(COINS).count());
        world.reset();
        log.clear();
        schedule.run(world, 0);
        assertEquals(List.of("update@1=0", "post-update@1=0", "pre-store@1=1"), log);
        assertEquals(List.of(), SpawnQueue.of(world).errors());
    }
}
