package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The world's structural transaction on its own (schedules drive it the same way; see the schedule tests). */
@Tag("engine-independent")
class WorldTransactionTest {
    static final Trait<int[]> BULLET = Trait.of("Bullet", () -> new int[1]);
    static final Trait<String> BURNING = Trait.withDefault("Burning", "hot");
    static final Trait<String> A = Trait.withDefault("A", "a");
    static final Trait<String> B = Trait.withDefault("B", "b");
    static final Query BULLETS = Query.builder().with(BULLET).build();

    private final World world = new World();
    private final WorldTransaction tx = world.transaction();
    private WorldLog log;

    @BeforeEach
    void capture() {
        log = new WorldLog();
    }

    @AfterEach
    void release() {
        log.close();
    }

    @Test
    @DisplayName("a staged spawn is alive at once, invisible to queries and counts until the publish")
    void stagedSpawnIsInvisibleUntilPublish() {
        tx.open();
        long bullet = world.spawn(BULLET.with(new int[] {7}));
        assertTrue(world.isAlive(bullet));
        assertEquals(0, world.query(BULLETS).count());
        assertEquals(0, world.entityCount());
        assertFalse(world.has(bullet, BULLET));
        assertNull(world.get(bullet, BULLET));
        assertEquals(List.of(), world.traitsOf(bullet));
        tx.publish();
        assertEquals(1, world.query(BULLETS).count());
        assertEquals(7, world.get(bullet, BULLET)[0]);
        tx.close();
    }

    @Test
    @DisplayName("a crash discards every staged op: the world is the last publish, reserved ids are released")
    void discardRestoresTheLastPublish() {
        long[] others = new long[10];
        for (int i = 0; i < others.length; i++) {
            others[i] = world.spawn(A.with("x" + i));
        }
        long valueTarget = others[0];
        tx.open();
        long[] spawned = {world.spawn(BULLET), world.spawn(BULLET), world.spawn(BULLET)};
        for (long e : others) {
            world.add(e, BURNING);
        }
        world.set(valueTarget, A, "written"); // a value write: applies at once and stays
        tx.discard();
        tx.close();
        assertEquals(10, world.entityCount());
        for (long e : others) {
            assertEquals(Set.of(A), new HashSet<>(world.traitsOf(e)));
        }
        assertEquals("written", world.get(valueTarget, A));
        for (long e : spawned) {
            assertFalse(world.isAlive(e), "a discarded spawn's handle is dead");
        }
        long reused = world.spawn();
        assertEquals(Entity.index(spawned[2]), Entity.index(reused), "the slot is reused");
        assertNotEquals(Entity.generation(spawned[2]), Entity.generation(reused), "with a new generation");
        CommitStats s = world.commitStats();
        assertEquals(1, s.discards());
        assertEquals(13, s.opsDiscarded());
        assertEquals(0, s.publishes());
    }

    @Test
    @DisplayName("add A, add B, remove A on one entity: one archetype move, to {B}")
    void opsOnOneEntityCoalesceIntoOneMove() {
        long e = world.spawn();
        tx.open();
        world.add(e, A);
        world.add(e, B);
        world.remove(e, A);
        tx.close();
        assertEquals(List.of(B), world.traitsOf(e));
        CommitStats s = world.commitStats();
        assertEquals(1, s.archetypeMoves());
        assertEquals(3, s.opsApplied());
        assertEquals(2, s.opsCoalesced());
    }

    @Test
    @DisplayName("a spawn with later adds in the same transaction is one insertion")
    void spawnWithAddsIsOneInsertion() {
        tx.open();
        long e = world.spawn(A);
        String b = world.add(e, B, "given");
        assertEquals("given", b);
        assertEquals("a", world.add(e, A), "add of a trait the pending entity has returns its pending value");
        tx.close();
        assertEquals(Set.of(A, B), new HashSet<>(world.traitsOf(e)));
        CommitStats s = world.commitStats();
        assertEquals(1, s.entitiesInserted());
        assertEquals(0, s.archetypeMoves());
        assertEquals(1, s.publishes());
    }

    @Test
    @DisplayName("destroy then add in one transaction: the add is skipped, counted, one WARNING naming the system")
    void opOnPendingDestroyIsSkippedAndCounted() {
        long e = world.spawn(A);
        tx.open();
        world.destroy(e);
        assertTrue(world.isPendingDestroy(e));
        assertTrue(world.isAlive(e), "still alive until the publish");
        tx.afterSystem("killer");
        world.add(e, BURNING);
        world.remove(e, A);
        assertTrue(tx.needsAttention());
        tx.afterSystem("igniter");
        tx.publish();
        tx.close();
        assertFalse(world.isAlive(e));
        assertEquals(2, world.commitStats().opsSkippedDead());
        assertEquals(1, log.warnings().size(), log.warnings().toString());
        assertTrue(log.warnings().get(0).startsWith("system 'igniter' staged add of trait 'Burning' to entity "),
                log.warnings().get(0));
    }

    @Test
    @DisplayName("at most one dead-target WARNING per frame (outermost scope)")
    void oneWarningPerFrame() {
        for (int frame = 0; frame < 2; frame++) {
            tx.open();
            for (int phase = 0; phase < 3; phase++) {
                long e = world.spawn(A);
                tx.publish();
                world.destroy(e);
                world.add(e, B);
                tx.publish();
            }
            tx.close();
        }
        assertEquals(2, log.warnings().size());
        assertEquals(6, world.commitStats().opsSkippedDead());
    }

    @Test
    @DisplayName("strict mode: a dead-target op fails the publish naming the system, and the transaction is discarded")
    void strictModeFailsThePublish() {
        tx.setStrict(true);
        long e = world.spawn(A);
        tx.open();
        long other = world.spawn(B);
        world.destroy(e);
        world.add(e, BURNING);
        tx.afterSystem("igniter");
        DeadTargetException x = assertThrows(DeadTargetException.class, tx::publish);
        assertEquals("igniter", x.stagedBy().orElseThrow());
        assertTrue(x.getMessage().startsWith("system 'igniter' staged add of trait 'Burning' to entity "), x.getMessage());
        assertTrue(world.isAlive(e), "discarded: the destroy did not happen");
        assertFalse(world.isAlive(other), "discarded: the spawn's handle is released");
        assertEquals(List.of(), log.warnings());
        tx.close();
    }

    @Test
    @DisplayName("value writes and world traits are not staged")
    void valueWritesAndWorldTraitsApplyAtOnce() {
        Trait<String> score = Trait.withDefault("score", "0");
        long e = world.spawn(A.with("before"));
        tx.open();
        world.set(e, A, "after");
        assertEquals("after", world.get(e, A));
        world.set(score, "10");
        assertEquals("10", world.get(score));
        assertFalse(tx.hasStaged());
        world.set(e, B, "structural");
        assertTrue(tx.hasStaged(), "a set that adds a trait is structural");
        assertFalse(world.has(e, B));
        tx.close();
        assertEquals("structural", world.get(e, B));
    }

    @Test
    @DisplayName("a set on a trait the transaction removed and re-added writes the pending value")
    void setAfterReAddWritesThePendingValue() {
        long e = world.spawn(A.with("committed"));
        tx.open();
        world.remove(e, A);
        world.add(e, A, "re-added");
        world.set(e, A, "set");
        assertEquals("committed", world.get(e, A), "the committed view until the publish");
        tx.close();
        assertEquals("set", world.get(e, A));
        assertEquals(0, world.commitStats().archetypeMoves(), "removed and re-added: same table");
    }

    @Test
    @DisplayName("enqueueCommit: a request inside a transaction that afterSystem publishes once; a no-op outside")
    void enqueueCommitCoalescesAndIsSynchronousOutside() {
        world.enqueueCommit();
        assertEquals(0, world.commitStats().publishes());
        tx.open();
        world.spawn(A);
        world.enqueueCommit();
        world.enqueueCommit();
        assertEquals(0, world.entityCount(), "the requesting system keeps its view");
        assertTrue(tx.afterSystem("requester"));
        assertEquals(1, world.entityCount());
        assertFalse(tx.needsAttention());
        tx.close();
        assertEquals(1, world.commitStats().publishes());
    }

    @Test
    @DisplayName("nested scopes stage until the outermost closes; publishes may happen at any depth")
    void nestedScopes() {
        tx.open();
        world.spawn(A);
        tx.open();
        world.spawn(A);
        tx.publish();
        assertEquals(2, world.entityCount());
        world.spawn(A);
        tx.close();
        assertTrue(world.isStaging());
        assertEquals(2, world.entityCount());
        tx.close();
        assertFalse(world.isStaging());
        assertEquals(3, world.entityCount());
        assertThrows(IllegalStateException.class, tx::close);
    }

    @Test
    @DisplayName("reset and forget refuse to run inside a transaction; removeFromEntities is staged")
    void coldPathsInsideATransaction() {
        long e = world.spawn(A, B);
        tx.open();
        IllegalStateException x = assertThrows(IllegalStateException.class, world::reset);
        assertTrue(x.getMessage().startsWith("World.reset: cannot run while a schedule runs on this world"), x.getMessage());
        assertThrows(IllegalStateException.class, () -> world.forget(A));
        assertEquals(1, world.removeFromEntities(A));
        assertTrue(world.has(e, A));
        tx.close();
        assertEquals(List.of(B), world.traitsOf(e));
    }

    @Test
    @DisplayName("a publish inside a query iteration (a nested run from a callback) keeps the iteration's visits")
    void publishInsideIteration() {
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            all.add(world.spawn(BULLET));
        }
        List<Long> visited = new ArrayList<>();
        tx.open();
        world.query(BULLETS).forEach(e -> {
            visited.add(e);
            world.spawn(BULLET);
            world.destroy(e);
            tx.publish();
        });
        tx.close();
        assertEquals(all.subList(0, visited.size()), visited.subList(0, visited.size()));
        assertEquals(4, visited.size(), "each entity of the start set once; spawned ones are not visited");
        assertEquals(4, world.entityCount());
        for (long e : all) {
            assertFalse(world.isAlive(e));
        }
    }

    @Test
    @DisplayName("an op on a handle that is dead before the transaction fails at once, as outside")
    void staleHandleFailsAtOnce() {
        long e = world.spawn();
        world.destroy(e);
        tx.open();
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> world.add(e, A));
        assertTrue(x.getMessage().startsWith("World.add: entity "), x.getMessage());
        tx.close();
    }

    @Test
    @DisplayName("a table compacted after an iteration keeps the rows of spawns staged after a publish inside it")
    void compactionKeepsStagedRows() {
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            all.add(world.spawn(BULLET.with(new int[] {i})));
        }
        List<Long> spawned = new ArrayList<>();
        tx.open();
        int[] visits = {0};
        world.query(BULLETS).forEach(e -> {
            if (visits[0]++ == 0) {
                world.destroy(all.get(1));
                world.destroy(all.get(3));
                tx.publish(); // two holes in the table until the iteration ends
                for (int i = 0; i < 3; i++) {
                    spawned.add(world.spawn(BULLET.with(new int[] {100 + i}))); // staged rows after the holes
                }
            }
        });
        assertEquals(4, world.query(BULLETS).count(), "compacted; the staged spawns not visible yet");
        tx.close();
        assertEquals(7, world.query(BULLETS).count());
        Set<Integer> values = new HashSet<>();
        world.query(BULLETS).forEach(BULLET, (e, v) -> values.add(v[0]));
        assertEquals(Set.of(0, 2, 4, 5, 100, 101, 102), values, "an iteration visits every committed row");
        for (int i = 0; i < 3; i++) {
            assertEquals(100 + i, world.get(spawned.get(i), BULLET)[0]);
        }
        for (int i : new int[] {0, 2, 4, 5}) {
            assertEquals(i, world.get(all.get(i), BULLET)[0]);
        }
        world.destroy(spawned.get(0));
        assertEquals(6, world.query(BULLETS).count(), "the table keeps working");
    }
}
