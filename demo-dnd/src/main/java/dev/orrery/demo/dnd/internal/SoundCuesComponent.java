package dev.orrery.demo.dnd.internal;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.demo.dnd.SoundCues;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes the sound cues stand-in ({@link SoundCues}, plugin {@code dnd-sounds}) as a {@link Plugin}
 * service of the main schedule; in JPMS mode the same class is a {@link java.util.ServiceLoader}
 * provider (optional in OSGi, as for {@link DndTurnPluginComponent}).
 */
@Component(service = Plugin.class)
@ServiceProvider(value = Plugin.class, resolution = Resolution.OPTIONAL)
public final class SoundCuesComponent extends ForwardingPlugin {
    /** Used by DS and by ServiceLoader. */
    public SoundCuesComponent() {
        super(SoundCues.plugin(System.out));
    }
}
