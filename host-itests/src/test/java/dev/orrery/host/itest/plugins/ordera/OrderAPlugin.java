package dev.orrery.host.itest.plugins.ordera;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code order-a}: {@code order-a/sys} in OnUpdate, no edges. */
@Component(service = Plugin.class)
public final class OrderAPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public OrderAPlugin() {
        super(Plugin.builder("order-a").systems(Recording.system("order-a/sys")).build());
    }
}
