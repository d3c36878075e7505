package dev.orrery.schedule;

/**
 * Thrown by {@link Cooperative#await} and {@link Cooperative#supply} when the wait was cancelled before
 * the stage completed: {@link RunProbe#cancelWait} was called (a host does so when the plugin of the
 * parked system departs, or when it stops), or the waiting thread was interrupted (its interrupt flag
 * is then set again). The stage is cancelled too, as far as it can be (a worker task of
 * {@code supply} is interrupted). Propagating out of a system, it ends the world update: the phase's
 * transaction is discarded, nothing it staged is published. A system should let it propagate.
 *
 * @since 0.4
 */
public final class WaitCancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String label;

    /**
     * @param label the wait's label
     * @param reason why it was cancelled, e.g. {@code the host stops}
     */
    public WaitCancelledException(String label, String reason) {
        super("the wait for '" + label + "' was cancelled: " + reason);
        this.label = label;
    }

    /** @return the label the wait was given */
    public String label() {
        return label;
    }
}
