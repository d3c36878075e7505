package dev.orrery.host.itest.plugins.fault;

/**
 * The kinds of {@link Throwable} the fault-injection matrix throws:
 * each one is raised for real where it is chosen, by {@link #raise(String)}.
 */
public enum FaultKind {
    /** An {@link IllegalStateException}. */
    RUNTIME(IllegalStateException.class),
    /** An {@link AssertionError}: an {@link Error} that is not a {@link VirtualMachineError}. */
    ERROR(AssertionError.class),
    /** A {@link StackOverflowError} from real, unbounded recursion. */
    STACK_OVERFLOW(StackOverflowError.class),
    /** A {@link NoClassDefFoundError}, as code of a half-unloaded bundle gives. */
    LINKAGE(NoClassDefFoundError.class);

    private final Class<? extends Throwable> type;

    FaultKind(Class<? extends Throwable> type) {
        this.type = type;
    }

    /** @return the class of what {@link #raise(String)} throws */
    public Class<? extends Throwable> type() {
        return type;
    }

    /**
     * Throws this kind of fault; never returns normally.
     *
     * @param where the place, for the message (e.g. {@code "run of f-run-error/sys"})
     * @return nothing; declared so that callers can write {@code throw kind.raise(where)}
     */
    public RuntimeException raise(String where) {
        switch (this) {
            case RUNTIME:
                throw new IllegalStateException("injected fault in " + where);
            case ERROR:
                throw new AssertionError("injected fault in " + where);
            case STACK_OVERFLOW:
                recurse(where.length());
                throw new AssertionError("recursion ended without a StackOverflowError in " + where);
            case LINKAGE:
                throw new NoClassDefFoundError("dev/orrery/host/itest/plugins/fault/Gone (injected fault in "
                        + where + ")");
            default:
                throw new AssertionError(this);
        }
    }

    /**
     * @param kindName a kind's name, any case
     * @return that kind
     * @throws IllegalArgumentException naming the value when it is no kind
     */
    public static FaultKind of(String kindName) {
        try {
            return valueOf(kindName.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fault kind '" + kindName + "' is none of "
                    + java.util.Arrays.toString(values()), e);
        }
    }

    private static long recurse(long depth) {
        // The addition after the call keeps it from being a tail call.
        return recurse(depth + 1) + depth;
    }
}
