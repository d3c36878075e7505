package dev.orrery.schedule;

import java.time.Duration;

/**
 * Thrown by {@link Cooperative#await} and {@link Cooperative#supply} when the stage did not complete in
 * time: within the timeout given to the call, or, outside a world update, within
 * {@link Cooperative#OUTSIDE_BUDGET}. The stage was cancelled (as far as it can be) before this is
 * thrown, so the work behind it stops rather than running on with nobody to deliver to.
 *
 * @since 0.4
 */
public final class WaitTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String label;
    private final Duration waited;

    /**
     * @param label the wait's label
     * @param waited how long the call waited
     * @param where where the call was, for the message, e.g. {@code outside a world update}
     */
    public WaitTimeoutException(String label, Duration waited, String where) {
        super("the wait for '" + label + "' gave up after " + waited.toMillis() + " ms " + where
                + "; the stage was cancelled");
        this.label = label;
        this.waited = waited;
    }

    /** @return the label the wait was given */
    public String label() {
        return label;
    }

    /** @return how long the call waited */
    public Duration waited() {
        return waited;
    }
}
