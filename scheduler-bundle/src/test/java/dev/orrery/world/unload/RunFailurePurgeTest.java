package dev.orrery.world.unload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import dev.orrery.world.unload.isolated.FailingPayload;
import dev.orrery.world.unload.isolated.PayloadFailure;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's fault attribution): the {@link RunFailure} a world keeps refers to the
 * failed system and the exception, usually a plugin's classes; {@code WorldPurge.purge} drops it when they
 * belong to unloaded code, so the failure record keeps no unloaded plugin's class loader reachable.
 */
class RunFailurePurgeTest {
    private final World world = new World();

    private Throwable fail(Schedule schedule) {
        return assertThrows(RuntimeException.class, () -> schedule.run(world, 0));
    }

    @Test
    @DisplayName("a failure whose system's run function is of unloaded code is dropped; another unloading keeps it")
    void run_function_of_unloaded_code() {
        IsolatedLoader loader = new IsolatedLoader(FailingPayload.class.getName());
        RunFunction run = (RunFunction) loader.call("failingRun");
        assertSame(loader, run.getClass().getClassLoader());
        Schedule schedule = Schedule.builder("main").systems(EcsSystem.define("payload/system", run)).build();
        Throwable thrown = fail(schedule);
        assertTrue(RunFailure.of(world, thrown).isPresent());

        assertEquals(PurgeReport.NONE, WorldPurge.purge(world, Unloading.of(new IsolatedLoader(FailingPayload.class.getName()))),
                "another loader: kept");
        assertTrue(RunFailure.of(world, thrown).isPresent());

        assertEquals(new PurgeReport(0, 0, 1), WorldPurge.purge(world, Unloading.of(loader)));
        assertEquals(Optional.empty(), RunFailure.of(world, thrown));
        assertEquals(Optional.empty(), RunFailure.last(world));
    }

    @Test
    @DisplayName("a failure whose exception is of an unloaded class is dropped")
    void exception_of_unloaded_code() throws ReflectiveOperationException {
        IsolatedLoader loader = new IsolatedLoader(PayloadFailure.class.getName());
        RuntimeException own = (RuntimeException) loader.loadClass(PayloadFailure.class.getName())
                .getConstructor().newInstance();
        RuntimeException wrapped = new IllegalStateException("wrapped", own);
        Schedule schedule = Schedule.builder("main").systems(EcsSystem.define("stays", (w, dt) -> {
            throw wrapped;
        })).build();
        Throwable thrown = fail(schedule);
        assertSame(wrapped, thrown);
        assertTrue(RunFailure.of(world, thrown).isPresent());

        assertEquals(new PurgeReport(0, 0, 1), WorldPurge.purge(world, Unloading.of(loader)), "found through the cause");
        assertEquals(Optional.empty(), RunFailure.of(world, thrown));
    }
}
