package dev.orrery.host.itest.plugins.soakclock;

import dev.orrery.host.itest.support.SoakProbes;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code soak-clock}: one system in OnLoad that ticks the soak probe ({@link SoakProbes}) every frame. */
@Component(service = Plugin.class)
public final class SoakClockPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public SoakClockPlugin() {
        super(Plugin.builder("soak-clock").systems(EcsSystem.define("soak-clock/tick", Phase.ON_LOAD,
                (world, dt) -> world.add(SoakProbes.TRAIT).tick(System.nanoTime()))).build());
    }
}
