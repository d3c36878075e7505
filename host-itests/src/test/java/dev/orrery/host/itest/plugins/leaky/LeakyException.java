package dev.orrery.host.itest.plugins.leaky;

/** Thrown by {@code leaky/boom} on request: an exception class of the plugin bundle. */
public final class LeakyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LeakyException(String message) {
        super(message);
    }
}
