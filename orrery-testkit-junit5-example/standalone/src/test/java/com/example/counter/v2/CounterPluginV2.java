package com.example.counter.v2;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.service.component.annotations.Component;

/** Version 2 of the {@code counter} plugin: adds 10 every frame. V2BundleTest makes it a bundle. */
@Component(service = Plugin.class)
public final class CounterPluginV2 extends ForwardingPlugin {
    /** The count (a trait of this revision: the update starts it afresh). */
    public static final Trait<AtomicLong> COUNT = Trait.of("counter/count", AtomicLong::new);

    /** Used by DS. */
    public CounterPluginV2() {
        super(Plugin.builder("counter")
                .systems(EcsSystem.define("counter/count", (world, dt) -> world.add(COUNT).addAndGet(10)))
                .build());
    }
}
