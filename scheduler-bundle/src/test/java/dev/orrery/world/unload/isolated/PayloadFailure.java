package dev.orrery.world.unload.isolated;

/**
 * An exception class that the run-failure purge test loads in a class loader of its own
 * ({@link dev.orrery.world.IsolatedLoader}): a plugin's own exception type, thrown by a system of code
 * that stays.
 */
public final class PayloadFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public PayloadFailure() {
        super("payload's own exception class");
    }
}
