package dev.orrery.host;

/**
 * Whether the host's simulation advances.
 *
 * @since 0.1
 */
public enum RunState {
    /** Frames run one after another (real-time or fixed-step). */
    RUNNING,
    /**
     * No frame runs except those asked for with {@link GameHost#step(int)}; submitted work, schedule
     * swaps and bundle changes are still handled. The host pauses itself when a system throws.
     */
    PAUSED,
    /**
     * A frame has not returned for longer than the stuck limit ({@link HostSettings#stuckLimit()}): a
     * system (or an observer's hook) blocks or loops, and {@link HostStatus#stuck()} names it. Nothing
     * else runs on the frame thread meanwhile: no swap, no departure, no submitted work, no step. The
     * state goes back to {@link #RUNNING} or {@link #PAUSED} when the frame returns; stopping a stuck
     * host does not wait for it.
     */
    STUCK,
    /**
     * A system waits in {@code Cooperative.await} (or {@code Cooperative.supply}): the world update is
     * parked, and {@link HostStatus#parked()} says where, on what and since when. No later system or
     * phase runs until the wait ends; the host stays responsive, and pause and step requests, submitted
     * work and plugin arrivals take effect at the next frame boundary, after the update. A departure of
     * the parked system's plugin, or the host stopping, cancels the wait. The state goes back to
     * {@link #RUNNING} or {@link #PAUSED} when the wait ends. A parked frame is never {@link #STUCK}.
     */
    PARKED,
    /**
     * The frame loop has ended (host deactivated, framework stopping, the frame budget reached, or the
     * frame thread died: then {@link HostStatus#fault()} says why).
     */
    STOPPED
}
