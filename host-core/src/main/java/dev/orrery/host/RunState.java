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
     * The frame loop has ended (host deactivated, framework stopping, the frame budget reached, or the
     * frame thread died: then {@link HostStatus#fault()} says why).
     */
    STOPPED
}
