package dev.orrery.host.itest.plugins.good;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code good}: one system {@code good/tick}. */
@Component(service = Plugin.class)
public final class GoodPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public GoodPlugin() {
        super(Plugin.builder("good").systems(Recording.system("good/tick")).build());
    }
}
