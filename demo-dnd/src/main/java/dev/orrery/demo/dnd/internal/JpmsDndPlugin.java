package dev.orrery.demo.dnd.internal;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.demo.dnd.DemoSettings;
import dev.orrery.demo.dnd.FrameSystems;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;

/**
 * JPMS mode's counterpart of {@link DndPluginComponent}: the frame systems ({@link FrameSystems},
 * plugin {@code dnd}) as a {@link java.util.ServiceLoader} provider of {@link Plugin} (main schedule),
 * with the battle configuration read from the system properties (the JPMS launcher turns
 * {@code conf/config.properties} and {@code -D} into those), so the same seed plays the same battle in
 * both modes. It touches no OSGi type; in OSGi mode it is never instantiated (DS publishes
 * {@link DndPluginComponent} instead; the ServiceLoader requirement is optional).
 */
@ServiceProvider(value = Plugin.class, resolution = Resolution.OPTIONAL)
public final class JpmsDndPlugin extends ForwardingPlugin {
    /**
     * Used by ServiceLoader.
     *
     * @throws IllegalArgumentException if a demo property cannot be parsed (the launcher then leaves
     *     the provider out, with one line)
     */
    public JpmsDndPlugin() {
        super(FrameSystems.plugin(DemoSettings.from(System::getProperty).battleConfig(), System.out,
                DemoSettings.configDelay(System::getProperty)));
    }
}
