package dev.orrery.host.itest.plugins.slowctor;

import dev.orrery.host.itest.support.Gates;
import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code slowctor}: its constructor blocks until the test opens {@link Gates#SLOW_CONSTRUCTOR}. */
@Component(service = Plugin.class)
public final class SlowConstructorPlugin extends ForwardingPlugin {
    /** DS constructor: waits for the gate. */
    public SlowConstructorPlugin() {
        super(Plugin.builder("slowctor").systems(Recording.system("slowctor/tick")).build());
        try {
            Gates.SLOW_CONSTRUCTOR.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
