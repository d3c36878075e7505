package dev.orrery.testkit.updates.plain;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code upd} with one system; its component is satisfied as soon as its bundle starts. */
@Component(service = Plugin.class)
public final class PlainPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public PlainPlugin() {
        super(Plugin.builder("upd").systems(EcsSystem.define("upd/tick", (w, dt) -> { })).build());
    }
}
