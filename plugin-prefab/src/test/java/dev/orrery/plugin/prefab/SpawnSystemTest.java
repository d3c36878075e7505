package dev.orrery.plugin.prefab;

import static dev.orrery.plugin.prefab.TestTraits.HEALTH;
import static dev.orrery.plugin.prefab.TestTraits.NAME;
import static dev.orrery.plugin.prefab.TestTraits.SPEED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.Query;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The prefab/spawn system, called directly (system.run().run(world, dt)). */
class SpawnSystemTest {
    private final World world = new World();
    private final SpawnQueue queue = SpawnQueue.of(world);

    private void runSpawn() {
        PrefabPlugin.SPAWN.run().run(world, 0.016);
    }

    private Map<String, Integer> countBySource() {
        Map<String, Integer> out = new TreeMap<>();
        world.query(Query.of(Prefab.SOURCE)).forEach(Prefab.SOURCE, (e, s) -> out.merge(s, 1, Integer::sum));
        return out;
    }

    @Test
    void requestsSpawnNothingUntilTheSystemRunsThenAllAtOnce() {
        PrefabRegistry.of(world).register(Prefab.builder("coin").with(NAME, "coin").build());
        queue.request("coin");
        queue.request("coin", NAME.with("gold"));
        assertEquals(0, world.entityCount());
        assertEquals(2, queue.pending());
        runSpawn();
        assertEquals(2, world.entityCount());
        assertEquals(0, queue.pending());
        assertEquals(Map.of("coin", 2), countBySource());
        List<String> names = new ArrayList<>();
        world.query(Query.of(NAME)).forEach(NAME, (e, n) -> names.add(n));
        names.sort(null);
        assertEquals(List.of("coin", "gold"), names);
        runSpawn();
        assertEquals(2, world.entityCount());
    }

    @Test
    void badRequestsAreDroppedAndReportedWithoutAbortingTheOthersOfThePass() {
        PrefabRegistry registry = PrefabRegistry.of(world);
        registry.register(Prefab.builder("orc").with(HEALTH, 5).build());
        registry.register(Prefab.builder("loop-a").parent("loop-b").build());
        registry.register(Prefab.builder("loop-b").parent("loop-a").build());
        registry.register(Prefab.builder("orphan").parent("missing").build());
        registry.register(Prefab.builder("broken").withFactory(NAME, () -> {
            throw new IllegalStateException("no names left");
        }).build());
        queue.request("orc");
        queue.request("dragon");
        queue.request("orc", SPEED.with(9));
        queue.request("loop-a");
        queue.request("orc", HEALTH.with(6));
        queue.request("orphan");
        queue.request("broken");
        queue.request("orc");

        runSpawn();

        assertEquals(Map.of("orc", 3), countBySource());
        List<SpawnError> errors = queue.drainErrors();
        assertEquals(List.of(
                "prefab 'dragon' is not registered",
                "prefab 'orc' has no trait 'Speed' to override (its traits: [Health])",
                "prefab 'loop-a': inheritance cycle loop-a -> loop-b -> loop-a",
                "prefab 'orphan': parent 'missing' is not registered",
                "prefab 'broken': the value factory of trait 'Name' threw java.lang.IllegalStateException: no names left"),
                errors.stream().map(SpawnError::message).toList());
        assertEquals(List.of("dragon", "orc", "loop-a", "orphan", "broken"),
                errors.stream().map(SpawnError::prefab).toList());
        assertEquals(SpawnRequest.of("orc", SPEED.with(9)).toString(), errors.get(1).request().toString());
        assertEquals(List.of(), queue.errors());
        assertEquals(0, queue.pending());
    }

    @Test
    void errorsAccumulateUntilDrained() {
        queue.request("nothing");
        runSpawn();
        queue.request("nothing-else");
        runSpawn();
        assertEquals(List.of("nothing", "nothing-else"), queue.errors().stream().map(SpawnError::prefab).toList());
        assertEquals(2, queue.drainErrors().size());
        assertEquals(0, queue.errors().size());
    }

    @Test
    void requestsWithoutAnyRegistryAreReportedAsUnknown() {
        queue.request("ghost");
        runSpawn();
        assertEquals(List.of("prefab 'ghost' is not registered"),
                queue.drainErrors().stream().map(SpawnError::message).toList());
    }

    @Test
    void theSystemAddsNoTraitWhenNothingWasRequested() {
        World empty = new World();
        PrefabPlugin.SPAWN.run().run(empty, 0);
        assertFalse(empty.has(SpawnQueue.TRAIT));
        assertFalse(empty.has(PrefabRegistry.TRAIT));
    }

    @Test
    void aRequestMadeDuringThePassWaitsForTheNextOne() {
        PrefabRegistry.of(world).register(Prefab.builder("spawner").withFactory(NAME, () -> {
            queue.request("spawner");
            return "s";
        }).build());
        queue.request("spawner");
        runSpawn();
        assertEquals(1, world.entityCount());
        assertEquals(1, queue.pending());
        runSpawn();
        assertEquals(2, world.entityCount());
    }

    @Test
    void badRequestArgumentsFailAtOnce() {
        assertEquals("SpawnRequest: prefab name is missing or empty",
                assertThrows(IllegalArgumentException.class, () -> queue.request("")).getMessage());
        assertThrows(NullPointerException.class, () -> queue.request("x", (dev.orrery.world.TraitValue<?>) null));
        assertEquals(0, queue.pending());
    }
}
