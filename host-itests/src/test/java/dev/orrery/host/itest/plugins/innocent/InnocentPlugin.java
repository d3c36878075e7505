package dev.orrery.host.itest.plugins.innocent;

import dev.orrery.host.itest.support.Trace;
import dev.orrery.host.itest.support.SharedSets;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code zzz-innocent}, running: system {@code innocent/sys} in set X. */
@Component(service = Plugin.class)
public final class InnocentPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public InnocentPlugin() {
        super(Plugin.builder("zzz-innocent").systems(EcsSystem.builder("innocent/sys").sets(SharedSets.X)
                .run((world, dt) -> world.add(Trace.TRAIT).record("innocent/sys")).build()).build());
    }
}
