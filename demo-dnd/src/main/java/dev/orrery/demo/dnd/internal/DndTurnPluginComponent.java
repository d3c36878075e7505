package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.TurnSystems;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes the turn pipeline ({@link TurnSystems}, plugin {@code dnd-turn}) as a {@link Plugin}
 * service of the schedule {@code dnd/turn} (service property {@code orrery.schedule}), so the host
 * builds that schedule beside the main one.
 */
@Component(service = Plugin.class, property = Plugin.SCHEDULE_PROPERTY + "=" + TurnPhases.SCHEDULE)
public final class DndTurnPluginComponent extends ForwardingPlugin {
    /** DS constructor. */
    public DndTurnPluginComponent() {
        super(TurnSystems.PLUGIN);
    }
}
