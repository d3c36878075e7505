package com.example.counter;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code counter} plugin: its system {@code counter/count} adds 1 to the world trait
 * {@code counter/count} every frame (version 2 adds 10). The trait holds a JDK value, so tests read it by
 * name without this bundle's classes.
 */
@Component(service = Plugin.class)
public final class CounterPlugin extends ForwardingPlugin {
    /** The count, a world trait. */
    public static final Trait<AtomicLong> COUNT = Trait.of("counter/count", AtomicLong::new);

    /** Used by DS. */
    public CounterPlugin() {
        super(Plugin.builder("counter")
                .systems(EcsSystem.define("counter/count", (world, dt) -> world.add(COUNT).incrementAndGet()))
                .build());
    }
}
