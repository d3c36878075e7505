package dev.orrery.host.itest.plugins.updv2;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code upd}, version 2: {@code upd/tick} now records {@code upd/tick:v2}. */
@Component(service = Plugin.class)
public final class UpdatablePluginV2 extends ForwardingPlugin {
    /** DS constructor. */
    public UpdatablePluginV2() {
        super(Plugin.builder("upd").systems(
                Recording.system("upd/tick", Phase.ON_UPDATE, "upd/tick:v2"),
                Recording.system("upd/extra")).build());
    }
}
