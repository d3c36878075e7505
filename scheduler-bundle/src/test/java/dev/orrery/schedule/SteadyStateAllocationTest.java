package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.schedule.condition.RunIf;
import dev.orrery.schedule.condition.StateStack;
import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Steady state allocates nothing (SCH-117, SCH-149): after the first call on a world, run calls are
 * measured with the calling thread's allocated-bytes counter, window after window
 * ({@link AllocationMeter}): the quietest window of {@value #MEASURED} iterations allocates less than
 * one byte per iteration (normally 0), which a one-off allocation of the JIT cannot prevent and an
 * allocation per call (or per sixteen calls) never gives. The speed
 * figures live in the JMH benchmarks; this test only counts bytes.
 */
class SteadyStateAllocationTest {
    private static final int MEASURED = 20_000;
    /** Where a planted allocation escapes to, so that escape analysis cannot remove it. */
    private static volatile Object sink;

    /** A counter the systems, conditions and hooks bump without allocating. */
    private final long[] counter = new long[1];

    private Schedule build(String name, ScheduleHooks hooks, EcsSystem... extra) {
        Phase custom = Phase.builder("Custom").dependsOn(Phase.ON_UPDATE).build();
        Phase detached = Phase.define("Detached");
        SystemSet open = SystemSet.builder("open").runIf(w -> true).build();
        SystemSet closed = SystemSet.builder("closed").runIf(w -> false).build();
        List<EcsSystem> systems = new ArrayList<>();
        Phase[] phases = {Phase.ON_START, Phase.ON_LOAD, Phase.PRE_UPDATE, Phase.ON_UPDATE, custom, Phase.ON_STORE, detached};
        for (int i = 0; i < 70; i++) {
            EcsSystem.Builder b = EcsSystem.builder("sys" + i).phase(phases[i % phases.length])
                    .run((w, dt) -> counter[0]++);
            if (i % 3 == 0) {
                b.sets(open);
            }
            if (i % 11 == 0) {
                b.sets(closed);
            }
            if (i % 5 == 0) {
                b.runIf(w -> counter[0] >= 0);
            }
            systems.add(b.build());
        }
        systems.addAll(List.of(extra));
        ScheduleBuilder builder = Schedule.builder(name).phases(custom, detached).sets(open, closed).systems(systems);
        return builder.hooks(hooks).build();
    }

    /**
     * Beyond the spec (Orrery's own): systems and sets with several AND-ed conditions, and conditions of
     * the run-condition library (timers with jitter, state gates, combinators) that fire now and then.
     */
    private Schedule buildWithCombinedConditions(String name) {
        SystemSet gated = SystemSet.builder("gated").runIf(w -> counter[0] >= 0)
                .runIf(RunIf.both(RunIf.inState("game"), RunIf.every(0.05, 0.02))).build();
        SystemSet paced = SystemSet.builder("paced").runIf(RunIf.cooldown(0.1)).runIf(w -> true).build();
        List<EcsSystem> systems = new ArrayList<>();
        Phase[] phases = {Phase.ON_START, Phase.ON_LOAD, Phase.ON_UPDATE, Phase.ON_STORE};
        for (int i = 0; i < 60; i++) {
            EcsSystem.Builder b = EcsSystem.builder("sys" + i).phase(phases[i % phases.length])
                    .run((w, dt) -> counter[0]++);
            switch (i % 6) {
                case 0 -> b.sets(gated);
                case 1 -> b.sets(paced, gated);
                case 2 -> b.runIf(w -> true).runIf(RunIf.every(0.03));
                case 3 -> b.runIf(RunIf.either(RunIf.inState("menu"), RunIf.negate(RunIf.after(1000))));
                case 4 -> b.runIf(RunIf.both(RunIf.every(0.2, 0.1), RunIf.inState("game"))).runIf(w -> counter[0] >= 0);
                default -> b.runIf(w -> counter[0] >= 0).runIf(w -> true);
            }
            systems.add(b.build());
        }
        return Schedule.builder(name).sets(gated, paced).systems(systems).build();
    }

    private Measurement measure(Schedule schedule) {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        World world = new World();
        World other = new World();
        StateStack.push(world, "game");
        StateStack.push(other, "game");
        RunIf.seed(other, 7);
        schedule.disable(world, schedule.systems().get(3));
        schedule.disable(other, schedule.systems().get(5));
        Runnable calls = () -> {
            for (int i = 0; i < MEASURED; i++) {
                schedule.run(world, 0.016);
                schedule.runPhase(world, Phase.ON_UPDATE, 0.016);
                schedule.runPhases(world, Phase.ON_LOAD, Phase.ON_STORE, 0.016);
                schedule.run(other, 0.016); // alternating worlds: the per-world lookup allocates nothing either
            }
        };
        long before = counter[0];
        Measurement m = AllocationMeter.standard().measure(MEASURED, calls); // the warm-up windows make the first calls on each world
        long windows = m.warmUpWindows() + m.windowBytes().size();
        assertTrue(counter[0] - before > 4L * MEASURED * 10 * windows, "systems ran: " + (counter[0] - before));
        return m;
    }

    private void assertNoAllocation(Schedule schedule) {
        Measurement m = measure(schedule);
        assertTrue(m.isAllocationFree(), m.describe(MEASURED + " iterations of 4 warm run calls"));
    }

    @Test
    @DisplayName("SCH-117 after the first call on a world, run calls with no hooks allocate nothing")
    void SCH_117_no_allocation_without_hooks() {
        assertNoAllocation(build("s117", null));
    }

    @Test
    @DisplayName("SCH-149 with hooks, run calls allocate nothing: the one ctx per world is reused")
    void SCH_149_no_allocation_with_hooks() {
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                counter[0]++;
            }

            @Override
            public void afterSystem(HookContext ctx) {
                counter[0]++;
            }

            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                counter[0] += reason.ordinal();
            }
        };
        assertNoAllocation(build("s149", hooks));
    }

    @Test
    @DisplayName("the check catches a system that allocates on every run: no window of warm run calls is quiet")
    void a_planted_allocation_per_run_fails_the_check() {
        Schedule schedule = build("planted", null,
                EcsSystem.builder("allocates").phase(Phase.ON_UPDATE).run((w, dt) -> sink = new long[1]).build());
        Measurement m = measure(schedule);
        // each iteration reaches OnUpdate in several run calls, on a world where the system is enabled
        assertTrue(m.leastBytes() >= 16L * MEASURED, m.describe((4 * MEASURED) + " run calls"));
        assertEquals(AllocationMeter.DEFAULT_MAX_WINDOWS, m.windowBytes().size(), "no window was quiet: " + m);
        assertFalse(m.isAllocationFree(), m.describe((4 * MEASURED) + " run calls"));
    }

    @Test
    @DisplayName("SCH-117 with several AND-ed conditions per system and set and with library conditions (timers with jitter, state, combinators): 0 B per run call")
    void SCH_117_no_allocation_with_combined_and_library_conditions() {
        assertNoAllocation(buildWithCombinedConditions("combined"));
    }
}
