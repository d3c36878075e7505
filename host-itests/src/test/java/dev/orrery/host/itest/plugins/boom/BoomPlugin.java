package dev.orrery.host.itest.plugins.boom;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code boom}: {@code boom/tick} throws while the trace marks it as failing. */
@Component(service = Plugin.class)
public final class BoomPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public BoomPlugin() {
        super(Plugin.builder("boom").systems(Recording.system("boom/tick")).build());
    }
}
