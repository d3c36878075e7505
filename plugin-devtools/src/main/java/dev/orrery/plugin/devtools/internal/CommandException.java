package dev.orrery.plugin.devtools.internal;

/**
 * A shell command cannot do what was asked (unknown schedule or system, frame thread not answering);
 * its message is what the shell prints, and nothing was changed.
 */
final class CommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommandException(String message) {
        super(message);
    }
}
