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
     * The frame loop has ended (host deactivated, framework stopping, the frame budget reached, or the
     * frame thread died: then {@link HostStatus#fault()} says why).
     */
    STOPPED
}
