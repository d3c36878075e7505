package dev.orrery.host;

/**
 * Completes a {@link GameHost#step(int)} stage exceptionally when a system threw during the steps and
 * the host paused the simulation.
 *
 * @since 0.1
 */
public final class SystemFaultException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient SystemFault fault;

    /**
     * @param fault the fault that paused the simulation
     */
    public SystemFaultException(SystemFault fault) {
        super("simulation paused: " + fault.describe());
        this.fault = fault;
    }

    /** @return the fault that paused the simulation */
    public SystemFault fault() {
        return fault;
    }
}
