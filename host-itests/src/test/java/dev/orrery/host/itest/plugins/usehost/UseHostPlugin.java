package dev.orrery.host.itest.plugins.usehost;

import dev.orrery.host.GameHost;
import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Plugin {@code usehost}: a plugin component with a (static, mandatory) reference to {@code GameHost},
 * the pattern README.md "Plugins that use the GameHost" describes; its system is named after the
 * host's main schedule, read in activate.
 */
@Component(service = Plugin.class)
public final class UseHostPlugin extends ForwardingPlugin {
    /**
     * DS constructor injection.
     *
     * @param host the game host
     */
    @Activate
    public UseHostPlugin(@Reference GameHost host) {
        super(Plugin.builder("usehost").systems(Recording.system("usehost/tick-" + host.mainSchedule())).build());
    }
}
