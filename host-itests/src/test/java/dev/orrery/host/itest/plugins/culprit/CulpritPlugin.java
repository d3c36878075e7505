package dev.orrery.host.itest.plugins.culprit;

import dev.orrery.host.itest.support.Trace;
import dev.orrery.host.itest.support.SharedSets;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code aaa-culprit}, the newcomer: system {@code culprit/sys} in set Y but before set X, which
 * runs before Y, so it closes a cycle through the shared sets.
 */
@Component(service = Plugin.class)
public final class CulpritPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public CulpritPlugin() {
        super(Plugin.builder("aaa-culprit").systems(EcsSystem.builder("culprit/sys").sets(SharedSets.Y)
                .before(SharedSets.X).run((world, dt) -> world.add(Trace.TRAIT).record("culprit/sys")).build())
                .build());
    }
}
