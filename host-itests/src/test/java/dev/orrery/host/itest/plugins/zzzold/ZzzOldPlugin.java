package dev.orrery.host.itest.plugins.zzzold;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code zzz-old}, the running plugin of the duplicate-name scenario: systems
 * {@code dup/sys} and {@code old/other}. It sorts after the newcomer by name.
 */
@Component(service = Plugin.class)
public final class ZzzOldPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public ZzzOldPlugin() {
        super(Plugin.builder("zzz-old").systems(Recording.system("dup/sys"), Recording.system("old/other")).build());
    }
}
