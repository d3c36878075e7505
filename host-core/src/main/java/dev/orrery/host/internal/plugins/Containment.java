package dev.orrery.host.internal.plugins;

/**
 * Which {@link Throwable}s the host contains at a plugin boundary (rebuilds, observer calls, frames),
 * and how it names them in a one-line reason.
 *
 * <p>Contained: everything except a {@link VirtualMachineError} other than {@link StackOverflowError}
 * (an {@link OutOfMemoryError} or an {@link InternalError} leaves the JVM in no state to go on). So a
 * {@link RuntimeException}, an {@link AssertionError}, a {@link StackOverflowError} and a
 * {@link LinkageError} (code of a half-unloaded bundle) are all contained.
 */
public final class Containment {
    private Containment() {
    }

    /**
     * @param t a throwable caught at a rebuild-side boundary
     * @throws VirtualMachineError {@code t} itself when it is one other than {@link StackOverflowError}
     */
    public static void rethrowIfFatal(Throwable t) {
        if (isFatal(t)) {
            throw (VirtualMachineError) t;
        }
    }

    /**
     * @param t a throwable caught at a plugin boundary
     * @return whether it is not contained: a {@link VirtualMachineError} other than {@link StackOverflowError}
     */
    public static boolean isFatal(Throwable t) {
        return t instanceof VirtualMachineError && !(t instanceof StackOverflowError);
    }

    /**
     * @param t a contained throwable
     * @return its {@code toString()} ({@code java.lang.AssertionError: boom}), or its class name when
     *     that throws too (its {@code getMessage()} may be plugin code)
     */
    public static String describe(Throwable t) {
        try {
            return String.valueOf(t);
        } catch (Throwable again) {
            rethrowIfFatal(again);
            return t.getClass().getName();
        }
    }
}
