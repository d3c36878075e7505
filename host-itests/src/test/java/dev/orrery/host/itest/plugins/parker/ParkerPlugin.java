package dev.orrery.host.itest.plugins.parker;

import dev.orrery.host.itest.support.Gates;
import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code parker}: {@code parker/load} awaits the test's stage ({@link Gates#parkStage()}) on a
 * host worker through {@code Cooperative.supply}, then counts a load.
 */
@Component(service = Plugin.class)
public final class ParkerPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public ParkerPlugin() {
        super(Plugin.builder("parker").systems(EcsSystem.define("parker/load", (w, dt) -> {
            String value = Cooperative.supply("remote profile", () -> Gates.parkStage().get());
            Gates.LOADS.add(value);
        })).build());
    }
}
