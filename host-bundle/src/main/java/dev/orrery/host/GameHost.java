package dev.orrery.host;

import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The Orrery game host, registered as an OSGi service by the host bundle's component.
 *
 * <p>The host tracks {@code dev.orrery.schedule.Plugin} services (and {@code ScheduleHooks}),
 * builds one schedule per schedule name off the frame thread, swaps each rebuilt schedule in at a
 * frame boundary, and runs the main schedule once per frame on its frame thread, which is the only
 * thread that touches the world. A system that throws pauses the simulation (see
 * {@link #status()}); the host itself keeps tracking bundles.
 *
 * <p>All methods may be called from any thread.
 */
public interface GameHost {
    /** Service property / configuration key naming the schedule a plugin belongs to. */
    String SCHEDULE_PROPERTY = dev.orrery.schedule.Plugin.SCHEDULE_PROPERTY;

    /** @return the name of the main schedule, the one the frame loop runs */
    String mainSchedule();

    /**
     * @return the schedules now in force (swapped in), by name; the same value systems read from
     *     {@link Schedules#TRAIT}
     */
    Schedules schedules();

    /**
     * @param name a schedule name
     * @return the schedule of that name now in force, if any
     */
    default Optional<Schedule> schedule(String name) {
        return schedules().get(name);
    }

    /** @return the frame loop's state, frame count and last fault */
    HostStatus status();

    /**
     * @return every tracked plugin service as of the last swap: active, waiting or excluded with the
     *     reason, ordered by schedule name and then schedule order
     */
    List<PluginStatus> plugins();

    /**
     * @return the most recent rebuilds, oldest first (at most the last 100), one entry per schedule
     *     rebuilt
     */
    List<RebuildInfo> rebuilds();

    /** Pauses the simulation at the next frame boundary. Idempotent. */
    void pause();

    /** Resumes a paused simulation (also after a fault) at the next frame boundary. Idempotent. */
    void resume();

    /**
     * Runs {@code frames} frames of a paused simulation, with the dt of the frame mode.
     *
     * @param frames how many frames; at least 1
     * @return completes with the host's frame count after the last of them ran; completes
     *     exceptionally with {@link SystemFaultException} if a system threw during them, or with
     *     {@link IllegalStateException} if the host is stopped or not paused
     * @throws IllegalArgumentException if {@code frames < 1}
     */
    CompletionStage<Long> step(int frames);

    /**
     * Hands work to the frame thread, which runs it at the next frame boundary (also while paused).
     *
     * @param work what to do with the world; runs on the frame thread
     * @param <T> the result type
     * @return completes with the work's result, or exceptionally with what it threw, or with
     *     {@link IllegalStateException} if the host stops first. Do not wait for it on the frame thread
     *     (from a system): it would wait for itself.
     */
    <T> CompletionStage<T> submit(Function<World, T> work);

    /**
     * Asks the host to rebuild every schedule now (after the quiet period), even if no plugin changed.
     */
    void requestRebuild();

    /**
     * Asks the host to end the run, for a game that knows it is over (the demo's battle, a headless
     * server's scripted session): the frame loop stops at the next frame boundary and the OSGi
     * framework (the system bundle) is stopped from a separate thread, so a launcher waiting for the
     * framework (the Orrery launcher) exits with code 0. Returns at once; may be called from any thread,
     * a system on the frame thread included. Idempotent: later calls are ignored.
     *
     * <p>The default implementation throws: a host that cannot stop its framework keeps it.
     *
     * @param reason why, for the log (e.g. {@code "battle over"}); not null
     * @throws UnsupportedOperationException if this host cannot stop its framework
     */
    default void requestShutdown(String reason) {
        throw new UnsupportedOperationException("this GameHost cannot stop its framework (requestShutdown: " + reason + ")");
    }
}
