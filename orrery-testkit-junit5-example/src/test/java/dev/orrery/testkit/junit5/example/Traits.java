package dev.orrery.testkit.junit5.example;

import dev.orrery.testkit.osgi.HostDriver;
import java.lang.reflect.InvocationTargetException;

/**
 * Reads plugin-example's clock trait without importing the plugin's package: the value's class is
 * the plugin bundle's, so the tests call its public {@code seconds()} reflectively. A static import of
 * {@code dev.orrery.plugin.example} would wire the tests bundle to the plugin (the probe trap); a
 * plugin whose tests read traits keeps their values to JDK types or to a model bundle's classes.
 */
final class Traits {
    private Traits() {
    }

    /**
     * @param host the driver
     * @param traitName the clock trait's name
     * @return the simulated seconds in the world, 0 if the world has no such trait yet
     * @throws AssertionError if the value has no public {@code seconds()} or it throws
     */
    static double seconds(HostDriver host, String traitName) {
        return host.worldValue(traitName).map(Traits::secondsOf).orElse(0.0);
    }

    private static double secondsOf(Object value) {
        try {
            return (Double) value.getClass().getMethod("seconds").invoke(value);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError("trait value " + value.getClass().getName() + " has no readable seconds(): " + e, e);
        }
    }
}
