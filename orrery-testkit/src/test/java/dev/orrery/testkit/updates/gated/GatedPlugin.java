package dev.orrery.testkit.updates.gated;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Plugin {@code upd} whose component waits for a {@code Runnable} service with
 * {@code orrery.testkit.gate=upd}: its bundle starts, but the plugin arrives only once the test
 * registers that service.
 */
@Component(service = Plugin.class)
public final class GatedPlugin extends ForwardingPlugin {
    /**
     * DS constructor.
     *
     * @param gate the test's gate service
     */
    @Activate
    public GatedPlugin(@Reference(target = "(orrery.testkit.gate=upd)") Runnable gate) {
        super(Plugin.builder("upd").systems(EcsSystem.define("upd/tick", (w, dt) -> { })).build());
    }
}
