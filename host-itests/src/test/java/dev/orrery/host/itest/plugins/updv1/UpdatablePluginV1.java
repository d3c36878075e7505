package dev.orrery.host.itest.plugins.updv1;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code upd}, version 1: {@code upd/tick} records {@code upd/tick:v1}; {@code upd/extra}. */
@Component(service = Plugin.class)
public final class UpdatablePluginV1 extends ForwardingPlugin {
    /** DS constructor. */
    public UpdatablePluginV1() {
        super(Plugin.builder("upd").systems(
                Recording.system("upd/tick", Phase.ON_UPDATE, "upd/tick:v1"),
                Recording.system("upd/extra")).build());
    }
}
