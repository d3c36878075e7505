package dev.orrery.launcher;

/**
 * Why the launcher will not start, in one line, with the exit code that says which kind of reason it
 * is: {@link Main#BAD_SETTING} for a bad argument, setting, configuration file or folder;
 * {@link Main#FAILED} for anything else that keeps the run from starting (the distribution folder is
 * in use by another host). {@link Main} prints {@code orrery: cannot start: <message>} and exits with
 * the code.
 */
final class LaunchRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    /**
     * @param exitCode the process's exit code
     * @param message one line naming the thing at fault and why
     */
    LaunchRefusal(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    /**
     * @param message one line naming the setting, file or folder at fault and why
     * @return a refusal with exit code {@link Main#BAD_SETTING}
     */
    static LaunchRefusal badSetting(String message) {
        return new LaunchRefusal(Main.BAD_SETTING, message);
    }

    /** @return the process's exit code */
    int exitCode() {
        return exitCode;
    }
}
