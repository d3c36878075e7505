package dev.orrery.schedule.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.DispatchEngine;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The transaction rules inside each executor's own code paths, with the engine chosen on the builder
 * (so both run whatever the suite's default): straight-line sites, a same-class loop of the
 * generated code (at least four systems of one run-function class without conditions), barriers that
 * split a phase into spans, and a commit request in the middle of a same-class loop.
 */
class ExecutorTransactionTest {
    static final Trait<int[]> TOKEN = Trait.of("Token", () -> new int[1]);
    static final Query TOKENS = Query.builder().with(TOKEN).build();

    /** One class for every instance: the generated code runs consecutive ones as one loop. */
    static final class Spawner implements RunFunction {
        final List<Integer> seen;
        final boolean request;

        Spawner(List<Integer> seen, boolean request) {
            this.seen = seen;
            this.request = request;
        }

        @Override
        public void run(World world, double dt) {
            seen.add(world.query(TOKENS).count());
            world.spawn(TOKEN);
            if (request) {
                world.enqueueCommit();
            }
        }
    }

    private static Schedule build(DispatchEngine engine, List<EcsSystem> systems) {
        CompiledSchedule s = (CompiledSchedule) Schedule.builder("s").systems(systems).dispatch(engine)
                .generationExecutor(Runnable::run).build();
        assertEquals(engine == DispatchEngine.GENERATED, s.isGenerated());
        return s;
    }

    @ParameterizedTest
    @EnumSource(DispatchEngine.class)
    void aSameClassRunSeesOneViewAndARequestInItsMiddlePublishes(DispatchEngine engine) {
        List<Integer> seen = new ArrayList<>();
        List<EcsSystem> systems = new ArrayList<>();
        EcsSystem previous = null;
        for (int i = 0; i < 8; i++) {
            EcsSystem.Builder b = EcsSystem.builder("spawner" + i).run(new Spawner(seen, i == 3));
            if (previous != null) {
                b.after(previous);
            }
            previous = b.build();
            systems.add(previous);
        }
        World world = new World();
        build(engine, systems).run(world, 0.016);
        assertEquals(List.of(0, 0, 0, 0, 4, 4, 4, 4), seen, "one view until the request after the fourth");
        assertEquals(8, world.entityCount());
        assertEquals(2, world.commitStats().publishes());
    }

    @ParameterizedTest
    @EnumSource(DispatchEngine.class)
    void barriersSplitAPhaseIntoSpans(DispatchEngine engine) {
        List<Integer> seen = new ArrayList<>();
        EcsSystem a = EcsSystem.builder("a").run(new Spawner(seen, false)).build();
        EcsSystem b = EcsSystem.builder("b").run(new Spawner(seen, false)).after(a).commitBefore().build();
        EcsSystem c = EcsSystem.builder("c").run(new Spawner(seen, false)).after(b).runIf(w -> true).commitAfter()
                .build();
        EcsSystem d = EcsSystem.builder("d").run(new Spawner(seen, false)).after(c).build();
        EcsSystem first = EcsSystem.builder("first").run((w, dt) -> { }).commitBefore().build();
        World world = new World();
        build(engine, List.of(first, a, b, c, d)).run(world, 0.016);
        assertEquals(List.of(0, 1, 1, 3), seen);
        assertEquals(3, world.commitStats().publishes(), "barrier before b, after c, and the phase's end");
        assertTrue(world.commitStats().opsCoalesced() == 0);
    }

    @ParameterizedTest
    @EnumSource(DispatchEngine.class)
    void aRequestFromAStraightLineSitePublishes(DispatchEngine engine) {
        List<Integer> seen = new ArrayList<>();
        EcsSystem gated = EcsSystem.builder("gated").run(new Spawner(seen, true)).runIf(w -> true).build();
        EcsSystem next = EcsSystem.builder("next").run(new Spawner(seen, false)).runIf(w -> true).after(gated).build();
        World world = new World();
        build(engine, List.of(gated, next)).run(world, 0.016);
        assertEquals(List.of(0, 1), seen);
        assertEquals(2, world.commitStats().publishes());
    }
}
