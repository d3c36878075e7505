package dev.orrery.plugin.example;

import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Publishes {@link ClockPlugin#PLUGIN} as an OSGi {@link Plugin} service for the host. */
@Component(service = Plugin.class)
public final class ClockPluginComponent extends ForwardingPlugin {
    /** DS constructor. */
    public ClockPluginComponent() {
        super(ClockPlugin.PLUGIN);
    }
}
