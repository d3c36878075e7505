package dev.orrery.host.itest.support;

import dev.orrery.schedule.Phase;

/**
 * A phase object both the exporting plugin (which declares it) and the needing plugin (whose system
 * runs in it) refer to: phases are matched by object, so it lives in a bundle both import.
 */
public final class SharedPhases {
    /** Declared only by the {@code exporter} plugin; runs after OnUpdate. */
    public static final Phase STAGE = Phase.builder("shared/Stage").dependsOn(Phase.ON_UPDATE).build();

    private SharedPhases() {
    }
}
