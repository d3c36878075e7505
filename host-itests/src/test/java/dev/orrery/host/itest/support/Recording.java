package dev.orrery.host.itest.support;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;

/** Systems for the test plugins that record into the {@link Trace}. */
public final class Recording {
    private Recording() {
    }

    /**
     * @param name system name, also the recorded event
     * @return a system in OnUpdate that records its name each run, and throws
     *     {@link IllegalStateException} while the trace marks it as failing
     */
    public static EcsSystem system(String name) {
        return system(name, Phase.ON_UPDATE, name);
    }

    /**
     * @param name system name
     * @param phase its phase
     * @param event what it records each run
     * @return the system
     */
    public static EcsSystem system(String name, Phase phase, String event) {
        return EcsSystem.define(name, phase, (world, dt) -> {
            Trace trace = world.add(Trace.TRAIT);
            if (trace.isFailing(name)) {
                throw new IllegalStateException("system " + name + " was told to fail");
            }
            trace.record(event);
        });
    }
}
