package dev.orrery.launcher;

import java.util.Hashtable;
import java.util.concurrent.atomic.AtomicInteger;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.launch.Framework;

/**
 * The shell's {@code exit} command: {@code exit} or {@code exit <code>} stops the framework (the host
 * stops at a frame boundary) and the launcher exits with that code (default 0).
 *
 * <p>Without it, {@code exit} at the {@code g!} prompt meant {@code java.lang.System.exit(int)} (the
 * Gogo JLine profile adds System's methods as commands): {@code exit} alone failed with "Cannot coerce
 * exit() to any of [(int)]", and {@code exit 0} ended the JVM from the shell thread, which the shell's
 * stop then interrupted. Registered as a Gogo command service in the scope {@code gogo}, which the
 * profile searches first ({@code SCOPE = 'gogo:*'}), so it wins over {@code system:exit}.
 *
 * <p>Public methods are called by Gogo reflectively, on the shell thread; the requested code is kept
 * for the launcher's main thread.
 */
public final class ShellExit {
    /** Exit code when no {@code exit} was typed. */
    static final int NONE = Integer.MIN_VALUE;

    private final Framework framework;
    private final AtomicInteger code = new AtomicInteger(NONE);

    private ShellExit(Framework framework) {
        this.framework = framework;
    }

    /**
     * Registers the command with the framework.
     *
     * @param framework the framework to stop
     * @return the command, to ask for the code afterwards
     */
    static ShellExit register(Framework framework) {
        ShellExit command = new ShellExit(framework);
        BundleContext context = framework.getBundleContext();
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("osgi.command.scope", "gogo");
        props.put("osgi.command.function", new String[] {"exit"});
        context.registerService(Object.class, command, props);
        return command;
    }

    /** Stops the host and the framework; the launcher exits with code 0. */
    public void exit() {
        exit(0);
    }

    /**
     * Stops the host and the framework; the launcher exits with {@code status}.
     *
     * @param status the exit code, 0 to 255
     * @throws IllegalArgumentException if the code is outside 0..255
     */
    public void exit(int status) {
        if (status < 0 || status > 255) {
            throw new IllegalArgumentException("exit: the code must be 0 to 255, got " + status);
        }
        code.compareAndSet(NONE, status);
        try {
            framework.stop(); // returns at once: Felix stops on a thread of its own
        } catch (BundleException e) {
            throw new IllegalStateException("exit: cannot stop the framework: " + e.getMessage(), e);
        }
    }

    /** @return the code given to {@code exit}, or {@link #NONE} */
    int requestedCode() {
        return code.get();
    }
}
