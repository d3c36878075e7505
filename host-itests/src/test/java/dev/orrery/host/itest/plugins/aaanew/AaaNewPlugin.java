package dev.orrery.host.itest.plugins.aaanew;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Phase;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code aaa-new}, the newcomer of the duplicate-name scenario: a system also named
 * {@code dup/sys} (recording {@code dup/sys:new}). It sorts before the running plugin by name.
 */
@Component(service = Plugin.class)
public final class AaaNewPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public AaaNewPlugin() {
        super(Plugin.builder("aaa-new").systems(Recording.system("dup/sys", Phase.ON_UPDATE, "dup/sys:new")).build());
    }
}
