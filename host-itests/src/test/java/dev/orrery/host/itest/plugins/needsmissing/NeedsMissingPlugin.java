package dev.orrery.host.itest.plugins.needsmissing;

import dev.orrery.host.itest.missing.Missing;
import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code needsmissing}: imports {@code dev.orrery.host.itest.missing}, which only {@code itest.missing} exports. */
@Component(service = Plugin.class)
public final class NeedsMissingPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public NeedsMissingPlugin() {
        super(Plugin.builder("needsmissing").systems(Recording.system(Missing.system())).build());
    }
}
