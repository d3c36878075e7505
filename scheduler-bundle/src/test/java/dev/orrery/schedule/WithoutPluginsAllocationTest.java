package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.world.World;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's hot plug): a schedule derived by {@link Schedule#withoutPlugins} runs, like
 * a built one, without allocating after its first call on a world (SCH-117, SCH-149), also with a
 * system of a removed plugin disabled and a set declared by the removed plugin. Bytes are counted with
 * the calling thread's allocated-bytes counter, as in {@code SteadyStateAllocationTest}.
 */
class WithoutPluginsAllocationTest {
    private static final int WARM_UP = 30_000;
    private static final int MEASURED = 20_000;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
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

    private long allocatedBy(Runnable calls) {
        long before = threads.getCurrentThreadAllocatedBytes();
        calls.run();
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    private void assertNoAllocation(Schedule schedule) {
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "this JVM cannot count allocated bytes per thread");
        World world = new World();
        schedule.disable(world, schedule.systems().get(3));
        Runnable calls = () -> {
            for (int i = 0; i < MEASURED; i++) {
                schedule.run(world, 0.016);
                schedule.runPhases(world, Phase.ON_LOAD, Phase.ON_STORE, 0.016);
            }
        };
        Runnable nothing = () -> {
            for (int i = 0; i < MEASURED; i++) {
                counter[0]++;
            }
        };
        for (int i = 0; i < WARM_UP / MEASURED + 1; i++) {
            calls.run();
            nothing.run();
        }
        long before = counter[0];
        long overhead = allocatedBy(nothing);
        long allocated = allocatedBy(calls);

        assertTrue(counter[0] - before > 2L * MEASURED * 10, "systems ran: " + (counter[0] - before));
        assertEquals(0, allocated - overhead, "bytes allocated by " + (2 * MEASURED) + " warm calls (measurement overhead "
                + overhead + " bytes subtracted)");
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
