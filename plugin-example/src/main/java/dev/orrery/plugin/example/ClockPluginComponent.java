package dev.orrery.plugin.example;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes {@link ClockPlugin#PLUGIN} two ways from the same jar:
 * <ul>
 *   <li>as an OSGi {@link Plugin} service for the host, through Declarative Services
 *       ({@code @Component}; OSGi Compendium ch. 112);</li>
 *   <li>as a {@link java.util.ServiceLoader} provider on the plain module path or class path
 *       ({@code @ServiceProvider}: bnd writes {@code META-INF/services/dev.orrery.schedule.Plugin} and,
 *       with {@code -jpms-module-info} in bnd.bnd, {@code provides dev.orrery.schedule.Plugin with ...}
 *       in the generated module-info). {@code resolution = OPTIONAL} keeps the bundle resolvable in a
 *       framework without a Service Loader Mediator (SPI Fly), such as the Orrery host.</li>
 * </ul>
 * It holds no fields and no game state; ServiceLoader and DS both use the public no-argument
 * constructor.
 */
@Component(service = Plugin.class)
@ServiceProvider(value = Plugin.class, resolution = Resolution.OPTIONAL)
public final class ClockPluginComponent extends ForwardingPlugin {
    /** Used by DS and by ServiceLoader. */
    public ClockPluginComponent() {
        super(ClockPlugin.PLUGIN);
    }
}
