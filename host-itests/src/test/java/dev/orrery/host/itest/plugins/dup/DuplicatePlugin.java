package dev.orrery.host.itest.plugins.dup;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code dup}: declares a system named {@code good/tick}, the name plugin {@code good} uses. */
@Component(service = Plugin.class)
public final class DuplicatePlugin extends ForwardingPlugin {
    /** DS constructor. */
    public DuplicatePlugin() {
        super(Plugin.builder("dup").systems(Recording.system("good/tick")).build());
    }
}
