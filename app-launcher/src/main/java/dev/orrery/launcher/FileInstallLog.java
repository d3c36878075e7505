package dev.orrery.launcher;

import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.osgi.framework.BundleException;

/**
 * Prints Felix FileInstall's lines (its java.util.logging logger {@value #LOGGER}, with
 * {@code felix.fileinstall.log.default=jul}) as FileInstall prints them to standard output by default
 * ("Installing bundle ...", "Started bundle: ..."), one line each, without stack traces; and drops its
 * start failures of bundles that cannot be resolved, which it repeats with a stack trace whenever the
 * plugins folder changes: the host reports each of those bundles once per change, naming what it misses
 * ({@code GameHost.plugins()}, state UNRESOLVED). Other failures keep their one line, cause included.
 *
 * <p>Lines go to the {@code System.out} of the moment (above the shell's prompt when it runs).
 */
final class FileInstallLog extends Handler {
    /** FileInstall's logger name. */
    static final String LOGGER = "fileinstall";
    private static final String START_FAILED = "Error while starting bundle:";

    private FileInstallLog() {
    }

    /**
     * Sends FileInstall's logger to this handler only.
     *
     * @return the logger (keep it: java.util.logging holds loggers weakly, and with them their handlers)
     */
    static Logger install() {
        Logger l = Logger.getLogger(LOGGER);
        l.setUseParentHandlers(false);
        l.addHandler(new FileInstallLog());
        return l;
    }

    /**
     * @param r a record of FileInstall's
     * @return the line to print, or null to drop it (a start failure for want of resolution)
     */
    static String line(LogRecord r) {
        Throwable t = r.getThrown();
        String message = r.getMessage() == null ? "" : r.getMessage();
        if (message.startsWith(START_FAILED) && t instanceof BundleException b && b.getType() == BundleException.RESOLVE_ERROR) {
            return null;
        }
        if (t == null) {
            return message;
        }
        StringBuilder out = new StringBuilder(message).append(": ").append(t);
        for (Throwable c = t.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            out.append(" (caused by ").append(c).append(')');
        }
        return out.toString();
    }

    @Override
    public void publish(LogRecord r) {
        String l = line(r);
        if (l != null) {
            System.out.println(l);
        }
    }

    @Override
    public void flush() {
        System.out.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
