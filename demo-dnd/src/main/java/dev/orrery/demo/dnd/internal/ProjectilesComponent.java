package dev.orrery.demo.dnd.internal;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.demo.dnd.Projectiles;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes the projectiles ({@link Projectiles}, plugin {@code dnd-fx}) as a {@link Plugin} service
 * of the schedule {@code dnd/fx} (service property {@code orrery.schedule}), which the frame system
 * steps every frame. In JPMS mode the same class is a {@link java.util.ServiceLoader} provider, its
 * schedule named in the manifest header {@code Orrery-Plugin-Schedule} (bnd.bnd), as for
 * {@link DndTurnPluginComponent}.
 */
@Component(service = Plugin.class, property = Plugin.SCHEDULE_PROPERTY + "=" + Projectiles.SCHEDULE)
@ServiceProvider(value = Plugin.class, resolution = Resolution.OPTIONAL)
public final class ProjectilesComponent extends ForwardingPlugin {
    /** Used by DS and by ServiceLoader. */
    public ProjectilesComponent() {
        super(Projectiles.plugin(System.out));
    }
}
