package dev.orrery.host.itest.plugins.orderb;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code order-b}: {@code order-b/sys} in OnUpdate, no edges. */
@Component(service = Plugin.class)
public final class OrderBPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public OrderBPlugin() {
        super(Plugin.builder("order-b").systems(Recording.system("order-b/sys")).build());
    }
}
