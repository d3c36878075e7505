package dev.orrery.host.itest.plugins.needer;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.host.itest.support.SharedPhases;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code needer}: runs {@code needer/tick} in phase {@code shared/Stage}, which only {@code exporter} declares. */
@Component(service = Plugin.class)
public final class NeederPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public NeederPlugin() {
        super(Plugin.builder("needer")
                .systems(Recording.system("needer/tick", SharedPhases.STAGE, "needer/tick")).build());
    }
}
