package ${package};

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes {@link GamePlugin#PLUGIN}: as an OSGi service for the Orrery host (Declarative Services),
 * and as a {@link java.util.ServiceLoader} provider on the plain module path ({@code provides
 * dev.orrery.schedule.Plugin} in the generated module-info; {@code resolution = OPTIONAL} so the
 * bundle needs no Service Loader Mediator in OSGi).
 */
@Component(service = Plugin.class)
@ServiceProvider(value = Plugin.class, resolution = Resolution.OPTIONAL)
public final class GamePluginComponent extends ForwardingPlugin {
    /** Used by DS and by ServiceLoader. */
    public GamePluginComponent() {
        super(GamePlugin.PLUGIN);
    }
}
