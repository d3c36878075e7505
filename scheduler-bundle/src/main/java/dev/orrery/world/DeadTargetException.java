package dev.orrery.world;

import java.util.Optional;

/**
 * Thrown by a publish in strict mode ({@link WorldTransaction#setStrict(boolean)}) when the
 * transaction holds a structural operation on an entity that an earlier operation of the same
 * transaction destroyed. The whole transaction is discarded before this is thrown, so the world is
 * exactly as the last publish left it. Outside strict mode such operations are skipped and counted
 * ({@link CommitStats#opsSkippedDead()}) with one WARNING per frame instead.
 *
 * @since 0.1
 */
public final class DeadTargetException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final String stagedBy;
    private final String operation;

    DeadTargetException(String stagedBy, String operation, long skipped) {
        super((stagedBy == null ? "a structural operation" : "system '" + stagedBy + "'") + " staged " + operation
                + " after it was destroyed earlier in the same transaction"
                + (skipped > 1 ? " (and " + (skipped - 1) + " more such operations)" : "")
                + "; the transaction was discarded (strict mode). Check World.isPendingDestroy(entity) before"
                + " staging, or order the systems so the destroy comes last");
        this.stagedBy = stagedBy;
        this.operation = operation;
    }

    /**
     * @return the name of the system (as its executor reported it) during which the first such
     *     operation was staged, if known
     */
    public Optional<String> stagedBy() {
        return Optional.ofNullable(stagedBy);
    }

    /** @return the first such operation, e.g. {@code add of trait 'Burning' to entity 5v1} */
    public String operation() {
        return operation;
    }
}
