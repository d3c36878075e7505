package dev.orrery.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.SkipReason;
import dev.orrery.world.DeadTargetException;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PluginHarnessTest {
    private static final Trait<AtomicLong> COUNT = Trait.of("t/count", AtomicLong::new);
    private static final Trait<Boolean> GATE = Trait.withDefault("t/gate", Boolean.FALSE);

    private static final EcsSystem FIRST = EcsSystem.define("t/first", Phase.ON_UPDATE,
            (w, dt) -> w.add(COUNT).incrementAndGet());
    private static final EcsSystem SECOND = EcsSystem.builder("t/second").phase(Phase.ON_UPDATE).after(FIRST)
            .run((w, dt) -> w.add(COUNT).addAndGet(10)).build();
    private static final EcsSystem GATED = EcsSystem.builder("t/gated").phase(Phase.POST_UPDATE)
            .runIf(w -> Boolean.TRUE.equals(w.get(GATE))).run((w, dt) -> w.add(COUNT).addAndGet(100)).build();
    private static final Plugin PLUGIN = Plugin.builder("t").systems(SECOND, FIRST, GATED).build();

    @Test
    void stepsFramesAndRecordsWhatRanAndWhatWasSkippedWithTheReason() {
        PluginHarness h = PluginHarness.of(PLUGIN).step(2);
        assertEquals(22, h.get(COUNT).get());
        assertEquals(List.of("t/first", "t/second", "t/first", "t/second"), h.ran());
        assertEquals(List.of(new SystemRun(1, "t/gated", "PostUpdate", SkipReason.CONDITION),
                new SystemRun(2, "t/gated", "PostUpdate", SkipReason.CONDITION)), h.skipped());
        h.assertRanInOrder("t/first", "t/second");
        assertEquals(2, h.frames());
    }

    @Test
    void seededTraitsAreSeenByTheSystemsAndDisabledSystemsAreRecordedAsSuch() {
        PluginHarness h = PluginHarness.of(PLUGIN).seed(GATE, Boolean.TRUE);
        h.schedule().disable(h.world(), FIRST);
        h.step(1);
        assertEquals(110, h.get(COUNT).get());
        assertEquals(List.of(new SystemRun(1, "t/first", "OnUpdate", SkipReason.DISABLED)), h.skipped());
        assertEquals(List.of("t/second", "t/gated"), h.ran());
    }

    @Test
    void assertRanInOrderNamesTheFrameAndWhatRan() {
        PluginHarness h = PluginHarness.of(PLUGIN).step(1);
        AssertionError e = assertThrows(AssertionError.class, () -> h.assertRanInOrder("t/second", "t/first"));
        assertEquals("frame 1: expected [t/second, t/first] to run in this order, but the systems that ran were"
                + " [t/first, t/second]", e.getMessage());
        AssertionError never = assertThrows(AssertionError.class, () -> h.assertRanInOrder("t/gated"));
        assertTrue(never.getMessage().startsWith("frame 1: expected [t/gated]"), never.getMessage());
    }

    @Test
    void badInputIsRejectedNamingTheHarness() {
        PluginHarness h = PluginHarness.of(PLUGIN);
        assertEquals("PluginHarness.dt: dt must be a finite number >= 0 seconds, got -1.0",
                assertThrows(IllegalArgumentException.class, () -> h.dt(-1)).getMessage());
        assertEquals("PluginHarness.step: frames must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> h.step(0)).getMessage());
        assertEquals("world trait 't/count' was never added (after 0 frames)",
                assertThrows(AssertionError.class, () -> h.get(COUNT)).getMessage());
        assertEquals("PluginHarness.of: plugin #1 is null",
                assertThrows(NullPointerException.class, () -> PluginHarness.of(PLUGIN, null)).getMessage());
    }

    @Test
    void aScheduleThatCannotBeBuiltFailsInOf() {
        EcsSystem loop = EcsSystem.builder("t/loop").phase(Phase.ON_UPDATE).after(FIRST).before(FIRST)
                .run((w, dt) -> { }).build();
        Plugin bad = Plugin.builder("bad").systems(FIRST, loop).build();
        assertThrows(ScheduleBuildException.class, () -> PluginHarness.of(bad));
    }

    @Test
    void dtIsPassedToTheSystemsInSeconds() {
        Trait<double[]> seen = Trait.of("t/dt", () -> new double[1]);
        Plugin p = Plugin.builder("dt").systems(EcsSystem.define("dt/sum", Phase.ON_UPDATE,
                (w, dt) -> w.add(seen)[0] += dt)).build();
        PluginHarness h = PluginHarness.of(p).dt(0.25).step(3);
        assertEquals(0.75, h.get(seen)[0], 1e-12);
    }

    private static final Trait<String> COIN = Trait.withDefault("t/coin", "coin");

    @Test
    void stepPhaseRunsOneTransactionAndLastCommitsSaysWhatItPublished() {
        EcsSystem mint = EcsSystem.define("t/mint", Phase.ON_UPDATE, (w, dt) -> {
            for (int i = 0; i < 3; i++) {
                w.spawn(COIN);
            }
        });
        PluginHarness h = PluginHarness.of(Plugin.builder("coins").systems(mint).build());
        assertEquals(0, h.lastCommits().publishes());
        h.stepPhase(Phase.PRE_UPDATE);
        assertEquals(0, h.lastCommits().publishes(), "a phase without systems publishes nothing");
        h.stepPhase(Phase.ON_UPDATE);
        assertEquals(3, h.lastCommits().entitiesInserted());
        assertEquals(1, h.lastCommits().publishes());
        assertEquals(3, h.world().query(Query.of(COIN)).count());
        h.step(2);
        assertEquals(6, h.lastCommits().entitiesInserted(), "two frames, three coins each");
    }

    @Test
    void theHarnessIsStrictAboutOperationsOnEntitiesTheTransactionDestroyed() {
        EcsSystem spawnAndKill = EcsSystem.define("t/spawnAndKill", Phase.ON_UPDATE, (w, dt) -> {
            long e = w.spawn(COIN);
            w.destroy(e);
            w.remove(e, COIN);
        });
        PluginHarness h = PluginHarness.of(Plugin.builder("kill").systems(spawnAndKill).build());
        DeadTargetException x = assertThrows(DeadTargetException.class, () -> h.step(1));
        assertEquals("t/spawnAndKill", x.stagedBy().orElseThrow());
        assertEquals(1, h.lastCommits().discards());
        java.util.logging.Logger world = java.util.logging.Logger.getLogger("dev.orrery.world");
        java.util.logging.Level level = world.getLevel();
        world.setLevel(java.util.logging.Level.SEVERE); // the lenient path warns; this test expects it
        try {
            h.strict(false).step(1);
        } finally {
            world.setLevel(level);
        }
        assertEquals(1, h.lastCommits().opsSkippedDead());
    }
}
