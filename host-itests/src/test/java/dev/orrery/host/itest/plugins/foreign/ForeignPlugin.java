package dev.orrery.host.itest.plugins.foreign;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code foreign}: its bundle embeds its own copy of {@code dev.orrery.schedule} (see
 * TestBundles), so its {@code Plugin} service is of a class the host cannot use.
 */
@Component(service = Plugin.class)
public final class ForeignPlugin implements Plugin {
    /** DS constructor. */
    public ForeignPlugin() {
    }

    @Override
    public String name() {
        return "foreign";
    }

    @Override
    public List<Phase> phases() {
        return List.of();
    }

    @Override
    public List<SystemSet> sets() {
        return List.of();
    }

    @Override
    public List<EcsSystem> systems() {
        return List.of();
    }
}
