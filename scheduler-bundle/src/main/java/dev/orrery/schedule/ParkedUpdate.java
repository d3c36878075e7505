package dev.orrery.schedule;

import dev.orrery.world.World;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A world update parked in {@link Cooperative#await}: where (world, schedule, phase, system and its
 * plugin), on what (the label, and what the stage is) and since when. Published by the schedule's
 * {@link RunProbe} ({@link RunProbe#parked()}) for as long as the wait lasts. Immutable.
 *
 * @param world the world whose update is parked
 * @param schedule the name of the schedule whose system waits
 * @param phase the phase being run
 * @param system the system that waits; null when unknown (a wait from an init function or a
 *     condition is named after the system being considered)
 * @param plugin the plugin that declared that system (the schedule's name for its own systems); null
 *     when unknown
 * @param label the label the system gave the wait
 * @param stage what is awaited, e.g. {@code worker task} for {@link Cooperative#supply}, or the
 *     stage's class name
 * @param since when the update parked, by the probe's clock
 * @since 0.4
 */
public record ParkedUpdate(World world, String schedule, Phase phase, EcsSystem system, String plugin, String label,
                           String stage, Instant since) {
    /**
     * @throws NullPointerException if a value other than {@code system} and {@code plugin} is null
     */
    public ParkedUpdate {
        Objects.requireNonNull(world, "ParkedUpdate: world");
        Objects.requireNonNull(schedule, "ParkedUpdate: schedule");
        Objects.requireNonNull(phase, "ParkedUpdate: phase");
        Objects.requireNonNull(label, "ParkedUpdate: label");
        Objects.requireNonNull(stage, "ParkedUpdate: stage");
        Objects.requireNonNull(since, "ParkedUpdate: since");
    }

    /** @return the system's name, if known */
    public Optional<String> systemName() {
        return Optional.ofNullable(system).map(EcsSystem::name);
    }

    /** @return the plugin of the system, if known */
    public Optional<String> pluginName() {
        return Optional.ofNullable(plugin);
    }

    /**
     * @return one line, e.g. {@code system 'net/load' of plugin 'net' in schedule 'main', phase 'Update',
     *     parked on 'profile' (worker task)}
     */
    public String describe() {
        return (system == null ? "a system" : "system '" + system.name() + "'")
                + (plugin == null ? "" : " of plugin '" + plugin + "'") + " in schedule '" + schedule + "', phase '"
                + phase.name() + "', parked on '" + label + "' (" + stage + ")";
    }
}
