package dev.orrery.world.unload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import dev.orrery.world.unload.isolated.FailingPayload;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's system lifecycle): the world's record of initialised systems refers to the
 * systems, usually a plugin's code; {@code WorldPurge.purge} forgets, without disposing, those of unloaded
 * code, so the record keeps no unloaded plugin's class loader reachable.
 */
class LifecyclePurgeTest {
    private final World world = new World();

    @Test
    @DisplayName("an initialised system whose run function is of unloaded code is forgotten without dispose; the others stay")
    void purge_forgets_systems_of_unloaded_code() {
        IsolatedLoader loader = new IsolatedLoader(FailingPayload.class.getName());
        RunFunction run = (RunFunction) loader.call("failingRun");
        List<String> events = new ArrayList<>();
        EcsSystem payload = EcsSystem.builder("payload/system").run(run)
                .init(w -> events.add("init payload")).dispose(w -> events.add("dispose payload")).build();
        EcsSystem stays = EcsSystem.builder("stays").phase(dev.orrery.schedule.Phase.PRE_UPDATE).run((w, dt) -> { })
                .init(w -> events.add("init stays")).dispose(w -> events.add("dispose stays")).build();
        Schedule schedule = Schedule.builder("main").systems(stays, payload).build();
        assertThrows(RuntimeException.class, () -> schedule.run(world, 0)); // the payload's run throws
        assertEquals(List.of("init stays", "init payload"), events);

        PurgeReport report = WorldPurge.purge(world, Unloading.of(loader));
        assertEquals(new PurgeReport(0, 0, 2), report, "the failure record and the initialised payload system");
        assertEquals(1, schedule.disposeAll(world));
        assertEquals(List.of("init stays", "init payload", "dispose stays"), events, "the forgotten one is not disposed");
    }
}
