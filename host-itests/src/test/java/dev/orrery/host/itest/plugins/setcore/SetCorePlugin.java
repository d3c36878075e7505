package dev.orrery.host.itest.plugins.setcore;

import dev.orrery.host.itest.support.SharedSets;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code set-core}: declares the shared sets X (before Y) and Y, and no system. */
@Component(service = Plugin.class)
public final class SetCorePlugin extends ForwardingPlugin {
    /** DS constructor. */
    public SetCorePlugin() {
        super(Plugin.builder("set-core").sets(SharedSets.X, SharedSets.Y).build());
    }
}
