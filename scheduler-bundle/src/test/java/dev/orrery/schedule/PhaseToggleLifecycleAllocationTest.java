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
 * Beyond the spec (Orrery's own): phase toggles and the system lifecycle keep the steady state free of
 * allocation (as SCH-117/SCH-149): with initialised systems, a disabled phase and a disabled OnStart
 * holding a pending system, warm run calls allocate nothing, with and without hooks. Measured as in
 * {@code SteadyStateAllocationTest}: some window of warm run calls allocates 0 bytes.
 */
class PhaseToggleLifecycleAllocationTest {
    private static final int MEASURED = 20_000;

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

    private void assertNoAllocation(Schedule schedule) {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
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
        long before = counter[0];
        Measurement m = AllocationMeter.standard().measure(MEASURED, calls); // the warm-up windows make the first calls on each world
        long windows = m.warmUpWindows() + m.windowBytes().size();

        assertEquals(30 + 30, inits[0], "every system with init is initialised once per world");
        assertTrue(counter[0] - before > 4L * MEASURED * 10 * windows, "systems ran: " + (counter[0] - before));
        assertTrue(m.isAllocationFree(), m.describe(MEASURED + " iterations of 4 warm run calls"));
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
