package dev.orrery.host.itest.plugins.alpha;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code alpha}: one system {@code alpha/tick}. */
@Component(service = Plugin.class)
public final class AlphaPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public AlphaPlugin() {
        super(Plugin.builder("alpha").systems(Recording.system("alpha/tick")).build());
    }
}
