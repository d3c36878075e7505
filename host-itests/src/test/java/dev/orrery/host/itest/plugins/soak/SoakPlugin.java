package dev.orrery.host.itest.plugins.soak;

import dev.orrery.host.itest.support.SoakProbes;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code soak}, installed, updated and uninstalled over and over by the hot-plug soak harness
 * (built as {@code itest.soak} 1.0.0 and 2.0.0 from this one package): one system {@code soak/tick}
 * that reports each run, with its bundle's version, to the soak probe ({@link SoakProbes}).
 */
@Component(service = Plugin.class)
public final class SoakPlugin implements Plugin {
    private final List<EcsSystem> systems;

    /** DS constructor. */
    public SoakPlugin() {
        String version = FrameworkUtil.getBundle(SoakPlugin.class).getVersion().toString();
        systems = List.of(EcsSystem.define("soak/tick", Phase.ON_UPDATE,
                (world, dt) -> world.add(SoakProbes.TRAIT).ran(version, System.nanoTime())));
    }

    @Override
    public String name() {
        return "soak";
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
        return systems;
    }
}
