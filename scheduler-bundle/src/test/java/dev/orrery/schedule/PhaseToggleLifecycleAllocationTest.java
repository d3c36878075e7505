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
 * Beyond the spec (Orrery's own): phase toggles and the system lifecycle keep the steady state free of
 * allocation (as SCH-117/SCH-149): with initialised systems, a disabled phase and a disabled OnStart
 * holding a pending system, warm run calls allocate nothing, with and without hooks.
 */
class PhaseToggleLifecycleAllocationTest {
    private static final int WARM_UP = 30_000;
    private static final int MEASURED = 20_000;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final long[] counter = new long[1];
    private final long[] inits = new long[1];

    private Schedule build(String name, ScheduleHooks hooks) {
        Phase[] phases = {Phase.ON_START, Phase.ON_LOAD, Phase.PRE_UPDATE, Phase.ON_UPDATE, Phase.POST_UPDATE, Phase.ON_STORE};
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            EcsSystem.Builder b = EcsSystem.builder("sys" + i).phase(phases[i % phases.length])
                    .run((w, dt) -> counter[0]++);
            if (i % 2 == 0) {
                b.init(w -> inits[0]++).dispose(w -> inits[0]--);
            }
            if (i % 7 == 0) {
                b.runIf(w -> counter[0] >= 0);
            }
            systems.add(b.build());
        }
        return Schedule.builder(name).systems(systems).hooks(hooks).build();
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
        World other = new World();
        schedule.disablePhase(world, Phase.ON_STORE);
        schedule.disablePhase(world, Phase.ON_START); // its systems stay pending, every pass
        schedule.disable(world, schedule.systems().get(9));
        schedule.disablePhase(other, Phase.PRE_UPDATE);
        Runnable calls = () -> {
            for (int i = 0; i < MEASURED; i++) {
                schedule.run(world, 0.016);
                schedule.runPhase(world, Phase.ON_STORE, 0.016);
                schedule.runPhases(world, Phase.ON_LOAD, Phase.ON_STORE, 0.016);
                schedule.run(other, 0.016);
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
        assertEquals(30 + 30, inits[0], "every system with init is initialised once per world");
        long before = counter[0];
        long overhead = allocatedBy(nothing);
        long allocated = allocatedBy(calls);

        assertTrue(counter[0] - before > 4L * MEASURED * 10, "systems ran: " + (counter[0] - before));
        assertEquals(0, allocated - overhead, "bytes allocated by " + (4 * MEASURED) + " warm calls (measurement overhead "
                + overhead + " bytes subtracted)");
        schedule.disposeAll(world);
        schedule.disposeAll(other);
        assertEquals(0, inits[0], "every initialised system disposed");
    }

    @Test
    @DisplayName("phase toggles and initialised systems: warm run calls without hooks allocate nothing")
    void no_allocation_without_hooks() {
        assertNoAllocation(build("alloc", null));
    }

    @Test
    @DisplayName("phase toggles and initialised systems: warm run calls with hooks (PHASE_DISABLED skips) allocate nothing")
    void no_allocation_with_hooks() {
        assertNoAllocation(build("allocHooks", new ScheduleHooks() {
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
