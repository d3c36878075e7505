package dev.orrery.demo.dnd.internal;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.demo.dnd.TurnSystems;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes the turn pipeline ({@link TurnSystems}, plugin {@code dnd-turn}) as a {@link Plugin}
 * service of the schedule {@code dnd/turn} (service property {@code orrery.schedule}), so the host
 * builds that schedule beside the main one.
 *
 * <p>In JPMS mode the same class is a {@link java.util.ServiceLoader} provider ({@code @ServiceProvider};
 * optional in OSGi, so the bundle resolves without a Service Loader Mediator); its schedule is named in
 * the manifest header {@code Orrery-Plugin-Schedule} (bnd.bnd), as JPMS has no service properties.
 */
@Component(service = Plugin.class, property = Plugin.SCHEDULE_PROPERTY + "=" + TurnPhases.SCHEDULE)
@ServiceProvider(value = Plugin.class, resolution = Resolution.OPTIONAL)
public final class DndTurnPluginComponent extends ForwardingPlugin {
    /** Used by DS and by ServiceLoader. */
    public DndTurnPluginComponent() {
        super(TurnSystems.PLUGIN);
    }
}
