package dev.orrery.host.itest.plugins.starter;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code starter}: an OnStart system {@code starter/init} (runs once per world) and two
 * OnUpdate systems {@code starter/tick} and {@code starter/extra}; each records its name.
 */
@Component(service = Plugin.class)
public final class StarterPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public StarterPlugin() {
        super(Plugin.builder("starter").systems(Recording.system("starter/init", Phase.ON_START, "starter/init"),
                Recording.system("starter/tick"), Recording.system("starter/extra")).build());
    }
}
