package dev.orrery.host.itest.plugins.broken;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/** A plugin component whose activate method throws: SCR never gets a service object from it. */
@Component(service = Plugin.class)
public final class BrokenActivatePlugin implements Plugin {
    /** DS constructor. */
    public BrokenActivatePlugin() {
    }

    @Activate
    void activate() {
        throw new IllegalStateException("broken plugin: activate fails on purpose");
    }

    @Override
    public String name() {
        return "broken";
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
