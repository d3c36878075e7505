package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.DemoSettings;
import dev.orrery.demo.dnd.FrameSystems;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes the frame systems ({@link FrameSystems}, plugin {@code dnd}) as a {@link Plugin} service
 * of the host's main schedule. The battle configuration comes from the framework properties
 * ({@link DemoSettings}); the component holds no state.
 */
@Component(service = Plugin.class)
public final class DndPluginComponent extends ForwardingPlugin {
    /**
     * @param context the bundle context, for the framework properties
     * @throws IllegalArgumentException if a demo property cannot be parsed (the component does not
     *     activate; SCR logs the message)
     */
    @Activate
    public DndPluginComponent(BundleContext context) {
        super(FrameSystems.plugin(DemoSettings.from(context::getProperty).battleConfig(), System.out,
                DemoSettings.configDelay(context::getProperty)));
    }
}
