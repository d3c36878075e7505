package dev.orrery.host.itest.plugins.turnclock;

import dev.orrery.host.Schedules;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code turn-clock} of the main schedule: {@code turn-clock/tick} records each frame and, on
 * every second frame, ends a turn by running the {@code turn} schedule through the {@link Schedules}
 * world trait (the spec's turn-schedule example).
 */
@Component(service = Plugin.class)
public final class TurnClockPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public TurnClockPlugin() {
        super(Plugin.builder("turn-clock").systems(EcsSystem.define("turn-clock/tick", (world, dt) -> {
            Trace trace = world.add(Trace.TRAIT);
            trace.record("turn-clock/tick");
            if (trace.count("turn-clock/tick") % 2 == 0) {
                world.get(Schedules.TRAIT).require("turn").run(world, dt);
            }
        })).build());
    }
}
