package dev.orrery.plugin.prefab;

/**
 * A prefab cannot be resolved or instantiated: unknown name, unknown parent, inheritance cycle,
 * override of a trait the prefab lacks, or a value factory that failed. The message names the prefab
 * at fault (and the one being spawned, when they differ).
 */
public final class PrefabException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 1L;

    /** The name of the prefab that was asked for. */
    private final String prefab;

    /**
     * @param prefab the name of the prefab that was asked for
     * @param message the message; names the prefab at fault
     * @param cause the cause, or null
     */
    public PrefabException(String prefab, String message, Throwable cause) {
        super(message, cause);
        this.prefab = prefab;
    }

    /** @return the name of the prefab that was asked for (spawned or resolved) */
    public String prefab() {
        return prefab;
    }
}
