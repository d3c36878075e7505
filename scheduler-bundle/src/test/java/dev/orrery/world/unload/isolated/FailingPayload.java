package dev.orrery.world.unload.isolated;

import dev.orrery.schedule.RunFunction;

/**
 * Code that the run-failure purge test loads in a class loader of its own
 * ({@link dev.orrery.world.IsolatedLoader}), standing for a plugin bundle whose system failed and
 * which is then unloaded.
 */
public final class FailingPayload {
    /** @return a run function of this class (a lambda, so of this loader) that throws a JDK exception */
    public static RunFunction failingRun() {
        return (world, dt) -> {
            throw new IllegalStateException("payload system failed");
        };
    }
}
