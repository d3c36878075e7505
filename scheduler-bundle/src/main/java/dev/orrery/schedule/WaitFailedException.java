package dev.orrery.schedule;

/**
 * Thrown by {@link Cooperative#await} and {@link Cooperative#supply} when the awaited stage completed
 * exceptionally: the stage's exception is the {@linkplain #getCause() cause} (unwrapped from a
 * {@link java.util.concurrent.CompletionException}), and the message names the wait's label. A system
 * may catch it and go on; uncaught, it is a failure of the system like any other exception its run
 * function throws (the phase's transaction is discarded, the failure names the system).
 *
 * @since 0.4
 */
public final class WaitFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String label;

    /**
     * @param label the wait's label
     * @param cause what the stage completed with; not null
     */
    public WaitFailedException(String label, Throwable cause) {
        super("the wait for '" + label + "' failed: " + cause, cause);
        this.label = label;
    }

    /** @return the label the wait was given */
    public String label() {
        return label;
    }
}
