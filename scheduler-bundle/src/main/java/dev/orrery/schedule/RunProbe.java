package dev.orrery.schedule;

import dev.orrery.schedule.internal.ProbeSlot;
import java.util.Objects;
import java.util.Optional;

/**
 * Beyond the spec (Orrery's own, issue 17): tells any thread which system the schedules built with
 * this probe ({@link ScheduleBuilder#probe}) are at, without {@link ScheduleHooks}. A frame watchdog
 * uses it to name a system that is stuck in a loop or a blocking call while it is stuck.
 *
 * <p><b>Why not hooks.</b> Hooks are called twice per system and make a schedule leave its generated
 * dispatcher for the hooked path on every run call they observe; a probe costs one store per system
 * (opaque mode, which on x86 and AArch64 is a plain store, no fence) and two per run call, and keeps
 * the generated dispatcher.
 *
 * <p><b>What is published.</b> Before a system's enabled check the engine publishes that system, so
 * while its set conditions, its own condition, its hooks or its run function execute, {@link #running()}
 * names it; a system skipped by its flag or a condition stays published until the next system is
 * reached. Init functions (Orrery's system lifecycle) publish their system too. A run call publishes
 * nothing until its first system and, when it returns or throws, publishes again whatever the call
 * around it had published (a system that stepped another schedule), or nothing. Between run calls the
 * answer is empty.
 *
 * <p><b>Threads.</b> Give one probe to the schedules that one thread runs (the host's frame thread);
 * schedules running on several threads at once would overwrite each other's entries. {@link #running()}
 * may be called from any thread at any time; it is exact on the running thread and best effort
 * elsewhere: it may lag behind a little, and across the entry or exit of a run call it may name a
 * system of the other schedule (see the implementation notes of the slot). It never throws.
 */
public final class RunProbe {
    private final ProbeSlot slot = new ProbeSlot();

    /** A probe no schedule publishes to yet. */
    public RunProbe() {
    }

    /** @return the system the probe's schedules are at, or empty when none is running; any thread */
    public Optional<Running> running() {
        return Optional.ofNullable(slot.read());
    }

    /** For {@link ScheduleBuilder}: the slot schedules write to. */
    ProbeSlot slot() {
        return slot;
    }

    /**
     * A system a schedule is at.
     *
     * @param schedule the name of the schedule running it
     * @param system the system
     * @param plugin the name of the plugin that declared it, or the schedule's name when the schedule
     *     declared it (as {@link Schedule#sourceOf})
     */
    public record Running(String schedule, EcsSystem system, String plugin) {
        /**
         * @throws NullPointerException if an argument is null
         */
        public Running {
            Objects.requireNonNull(schedule, "schedule");
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(plugin, "plugin");
        }
    }
}
