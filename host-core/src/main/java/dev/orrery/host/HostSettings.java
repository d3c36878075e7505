package dev.orrery.host;

import dev.orrery.host.internal.HostConfig;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Checks the host settings given as framework properties ({@code orrery.host.<key>}, e.g. in the
 * launcher's {@code conf/config.properties} or as {@code -D}), so that a launcher can refuse to start
 * with a bad one instead of running on without a host. The keys and their allowed values are those
 * of the host component (README, "Host settings"); ConfigAdmin values (PID {@code dev.orrery.host})
 * are not covered: a bad live configuration is logged by the host and the previous one kept.
 */
public final class HostSettings {
    private HostSettings() {
    }

    /**
     * @param frameworkProperty looks up a framework property by name; returns null when absent
     * @throws IllegalArgumentException with a one-line message naming the setting (e.g.
     *     {@code orrery.host.mode}), the allowed values and the value given, if a setting is bad
     */
    public static void validate(Function<String, String> frameworkProperty) {
        Objects.requireNonNull(frameworkProperty, "HostSettings.validate: frameworkProperty");
        HostConfig.from(Map.of(), frameworkProperty);
    }
}
