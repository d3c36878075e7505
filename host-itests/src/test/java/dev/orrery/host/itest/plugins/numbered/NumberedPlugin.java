package dev.orrery.host.itest.plugins.numbered;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * A plugin named after its bundle's symbolic name ({@code itest.n3} gives plugin {@code n3} with system
 * {@code n3/tick}), so one class serves many bundles.
 */
@Component(service = Plugin.class)
public final class NumberedPlugin implements Plugin {
    private volatile Plugin data;

    /** DS constructor. */
    public NumberedPlugin() {
    }

    @Activate
    void activate(BundleContext ctx) {
        String bsn = ctx.getBundle().getSymbolicName();
        String name = bsn.substring(bsn.lastIndexOf('.') + 1);
        data = Plugin.builder(name).systems(Recording.system(name + "/tick")).build();
    }

    @Override
    public String name() {
        return data.name();
    }

    @Override
    public List<Phase> phases() {
        return data.phases();
    }

    @Override
    public List<SystemSet> sets() {
        return data.sets();
    }

    @Override
    public List<EcsSystem> systems() {
        return data.systems();
    }
}
