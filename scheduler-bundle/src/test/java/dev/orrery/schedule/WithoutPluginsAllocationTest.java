package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's hot plug): a schedule derived by {@link Schedule#withoutPlugins} runs, like
 * a built one, without allocating after its first call on a world (SCH-117, SCH-149), also with a
 * system of a removed plugin disabled and a set declared by the removed plugin. Bytes are counted with
 * the calling thread's allocated-bytes counter, as in {@code SteadyStateAllocationTest}: the quietest
 * window of warm run calls allocates less than one byte per iteration (a single measured round once
 * showed 88 bytes on a fresh clone: a one-off of the JIT, which no window verdict may fail on).
 */
class WithoutPluginsAllocationTest {
    private static final int MEASURED = 20_000;

    private final long[] counter = new long[1];

    private Schedule filtered(ScheduleHooks hooks) {
        SystemSet shared = SystemSet.builder("leaving/shared").runIf(w -> counter[0] >= 0).build();
        Phase[] phases = {Phase.ON_START, Phase.ON_LOAD, Phase.ON_UPDATE, Phase.ON_STORE};
        List<List<EcsSystem>> perPlugin = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int i = 0; i < 60; i++) {
            EcsSystem.Builder b = EcsSystem.builder("sys" + i).phase(phases[i % phases.length]).run((w, dt) -> counter[0]++);
            if (i % 4 == 0) {
                b.sets(shared);
            }
            perPlugin.get(i % 3).add(b.build());
        }
        Plugin stays = Plugin.builder("stays").systems(perPlugin.get(0)).build();
        Plugin leaving = Plugin.builder("leaving").sets(shared).systems(perPlugin.get(1)).build();
        Plugin other = Plugin.builder("other").systems(perPlugin.get(2)).build();
        Schedule full = Schedule.builder("alloc").plugins(stays, leaving, other).hooks(hooks).build();
        return full.withoutPlugins(List.of("leaving"));
    }

    private void assertNoAllocation(Schedule schedule) {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        World world = new World();
        schedule.disable(world, schedule.systems().get(3));
        Runnable calls = () -> {
            for (int i = 0; i < MEASURED; i++) {
                schedule.run(world, 0.016);
                schedule.runPhases(world, Phase.ON_LOAD, Phase.ON_STORE, 0.016);
            }
        };
        long before = counter[0];
        Measurement m = AllocationMeter.standard().measure(MEASURED, calls); // the warm-up windows make the first calls on the world
        long windows = m.warmUpWindows() + m.windowBytes().size();

        assertTrue(counter[0] - before > 2L * MEASURED * 10 * windows, "systems ran: " + (counter[0] - before));
        assertTrue(m.isAllocationFree(), m.describe(MEASURED + " iterations of 2 warm run calls"));
    }

    @Test
    @DisplayName("a filtered schedule without hooks allocates nothing after its first call on a world")
    void no_allocation_without_hooks() {
        assertNoAllocation(filtered(null));
    }

    @Test
    @DisplayName("a filtered schedule with hooks allocates nothing after its first call on a world")
    void no_allocation_with_hooks() {
        assertNoAllocation(filtered(new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                counter[0]++;
            }

            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                counter[0] += reason.ordinal();
            }
        }));
    }
}
