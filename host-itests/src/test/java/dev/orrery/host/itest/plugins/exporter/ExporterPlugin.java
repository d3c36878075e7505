package dev.orrery.host.itest.plugins.exporter;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.host.itest.support.SharedPhases;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code exporter}: declares phase {@code shared/Stage} and runs {@code exporter/tick} in it. */
@Component(service = Plugin.class)
public final class ExporterPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public ExporterPlugin() {
        super(Plugin.builder("exporter").phases(SharedPhases.STAGE)
                .systems(Recording.system("exporter/tick", SharedPhases.STAGE, "exporter/tick")).build());
    }
}
