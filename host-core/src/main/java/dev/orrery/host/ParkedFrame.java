package dev.orrery.host;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A frame whose world update is parked: a system waits in {@code Cooperative.await} (or
 * {@code Cooperative.supply}) for a value that is not there yet. While it waits the host's state is
 * {@link RunState#PARKED} and {@link HostStatus#parked()} holds this value. Immutable; equal when every
 * value is.
 *
 * @param frame the number of the frame that is parked
 * @param world the world whose update is parked; the host runs one, {@value #HOST_WORLD}
 * @param schedule the schedule whose system waits
 * @param phase the phase being run
 * @param system the system that waits, or null when unknown
 * @param plugin the plugin of that system (the schedule's name for its own systems), or null when unknown
 * @param label what the system waits for, as it named it
 * @param stage what is awaited, e.g. {@code worker task}
 * @param since when the wait began
 * @since 0.4
 */
public record ParkedFrame(long frame, String world, String schedule, String phase, String system, String plugin,
                          String label, String stage, Instant since) {
    /** The name of the host's one world. */
    public static final String HOST_WORLD = "host";

    /**
     * @throws NullPointerException if a value other than {@code system} and {@code plugin} is null
     */
    public ParkedFrame {
        Objects.requireNonNull(world, "ParkedFrame: world");
        Objects.requireNonNull(schedule, "ParkedFrame: schedule");
        Objects.requireNonNull(phase, "ParkedFrame: phase");
        Objects.requireNonNull(label, "ParkedFrame: label");
        Objects.requireNonNull(stage, "ParkedFrame: stage");
        Objects.requireNonNull(since, "ParkedFrame: since");
    }

    /** @return the system that waits, if known */
    public Optional<String> systemName() {
        return Optional.ofNullable(system);
    }

    /** @return its plugin, if known */
    public Optional<String> pluginName() {
        return Optional.ofNullable(plugin);
    }

    /**
     * @return one line, e.g. {@code system 'net/load' of plugin 'net' in schedule 'main' (world 'host',
     *     phase 'OnUpdate') is parked on 'profile' (worker task) since 2026-01-01T00:00:00Z (frame 57)}
     */
    public String describe() {
        return (system == null ? "a system" : "system '" + system + "'") + (plugin == null ? "" : " of plugin '" + plugin
                + "'") + " in schedule '" + schedule + "' (world '" + world + "', phase '" + phase + "') is parked on '"
                + label + "' (" + stage + ") since " + since + " (frame " + frame + ")";
    }
}
