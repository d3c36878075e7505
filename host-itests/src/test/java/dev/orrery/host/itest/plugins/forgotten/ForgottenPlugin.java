package dev.orrery.host.itest.plugins.forgotten;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;

/**
 * Plugin {@code forgotten}: a plugin class whose {@code @Component} was forgotten, so its bundle
 * registers no Plugin service (the host names the class and the fix).
 */
public final class ForgottenPlugin extends ForwardingPlugin {
    /** Would be the DS constructor. */
    public ForgottenPlugin() {
        super(Plugin.builder("forgotten").systems(Recording.system("forgotten/tick")).build());
    }
}
