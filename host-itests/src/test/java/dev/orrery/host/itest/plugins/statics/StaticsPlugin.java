package dev.orrery.host.itest.plugins.statics;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code statics}: keeps its count in a static field, which every update starts again from 0
 * (the host warns about it at install).
 */
@Component(service = Plugin.class)
public final class StaticsPlugin extends ForwardingPlugin {
    /** The state that belongs in a world trait. */
    static int kills;

    /** DS constructor. */
    public StaticsPlugin() {
        super(Plugin.builder("statics").systems(EcsSystem.define("statics/count", (w, dt) -> kills++)).build());
    }
}
