package dev.orrery.host.itest.plugins.throwctor;

import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** A plugin component whose constructor throws (the guide's constructor pattern, failing). */
@Component(service = Plugin.class)
public final class ThrowingConstructorPlugin extends ForwardingPlugin {
    /** DS constructor: fails. */
    public ThrowingConstructorPlugin() {
        super(build());
    }

    private static Plugin build() {
        throw new IllegalStateException("throwctor: the constructor fails on purpose");
    }
}
