package dev.orrery.host.itest.plugins.lost;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code lost}: its system {@code lost/tick} is in phase {@code lost/Nowhere}, which no plugin declares. */
@Component(service = Plugin.class)
public final class LostPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public LostPlugin() {
        super(Plugin.builder("lost")
                .systems(Recording.system("lost/tick", Phase.define("lost/Nowhere"), "lost/tick")).build());
    }
}
