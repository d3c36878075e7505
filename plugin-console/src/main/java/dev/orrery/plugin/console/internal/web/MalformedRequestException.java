package dev.orrery.plugin.console.internal.web;

/**
 * A request the console cannot read (a bad percent escape, invalid UTF-8): answered 400 with the
 * message, which is one line naming the fault. Carries no stack trace. Beyond the spec (Orrery's own).
 */
public final class MalformedRequestException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the fault */
    public MalformedRequestException(String message) {
        super(message, null, false, false);
    }
}
