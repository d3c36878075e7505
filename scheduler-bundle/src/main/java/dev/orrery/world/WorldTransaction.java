package dev.orrery.world;

import java.lang.System.Logger.Level;

/**
 * The structural transaction of one world, as driven by the executor of a schedule (a system
 * dispatcher) and by tools; game code uses {@link World#enqueueCommit()} and
 * {@link World#isPendingDestroy(long)} instead. Obtained with {@link World#transaction()}: one object
 * per world, for the life of the world.
 *
 * <p>While a transaction is {@linkplain #isOpen() open}, the world's structural calls (spawn,
 * destroy, add and remove of entity traits, a {@code set} that adds a trait) are staged: queries,
 * {@code has}, {@code get}, {@code traitsOf} and {@code entityCount} keep seeing the committed
 * state until a {@linkplain #publish() publish} applies the net effect of everything staged, making
 * at most one table change per entity. A {@linkplain #discard() discard} throws the staged work away
 * and releases the handles of staged spawns. Scopes nest: {@link #open()} and {@link #close()} count,
 * and staging lasts until the outermost scope closes. A schedule opens one scope per run call,
 * publishes at the end of every phase and at declared barriers, and discards when something it
 * dispatched throws.
 *
 * <p><b>Threading:</b> confined to the world's thread, like the world.
 *
 * @since 0.1
 */
public final class WorldTransaction {
    private static final System.Logger LOG = System.getLogger("dev.orrery.world");
    /** {@link #attention} bit: {@link World#enqueueCommit()} was called in an open transaction. */
    static final int COMMIT_REQUESTED = 1;
    /** {@link #attention} bit: an operation on a destroyed entity waits for its system's name. */
    static final int DEAD_UNATTRIBUTED = 2;

    final StagedChanges staged;
    /** Open scopes. */
    int depth;
    /** What the executor must do after the current system returns; 0 for nothing (the common case). */
    int attention;
    private boolean strict;
    private boolean warnedThisFrame;

    WorldTransaction(EntityStore store) {
        this.staged = new StagedChanges(store, this);
    }

    /**
     * Opens a scope: from now until the outermost scope closes, structural calls are staged. The
     * outermost open starts a new frame for the dead-target warning (at most one per frame).
     */
    public void open() {
        if (depth++ == 0) {
            warnedThisFrame = false;
        }
    }

    /**
     * Closes a scope. When the outermost scope closes, whatever is still staged is published
     * (normally nothing: a schedule publishes at every phase end) and the events still pending are
     * delivered to observers, as by {@link #publish()}.
     *
     * @throws IllegalStateException if no scope is open
     * @throws DeadTargetException from that last publish, in strict mode
     */
    public void close() {
        if (depth == 0) {
            throw new IllegalStateException("WorldTransaction.close: no transaction scope is open");
        }
        if (--depth == 0) {
            try {
                publish();
            } finally {
                attention = 0;
            }
        }
    }

    /** @return whether structural calls are staged now (a scope is open) */
    public boolean isOpen() {
        return depth > 0;
    }

    /** @return whether something was staged since the last publish or discard */
    public boolean hasStaged() {
        return !staged.isEmpty();
    }

    /**
     * Publishes what is staged, now; does nothing when nothing is (an empty transaction publishes
     * nothing and counts no publish). Then the events pending for observers (those of this publish,
     * and value changes recorded since the last one) are delivered ({@link TraitEvents.Delivery}),
     * whether or not anything was staged. Operations on entities destroyed earlier in the transaction are
     * skipped and counted, with one WARNING per frame naming the system that staged the first one.
     *
     * @throws DeadTargetException in strict mode, when such operations exist; the transaction is
     *     discarded first
     * @throws RuntimeException whatever an observer threw while the events were delivered, unchanged
     */
    public void publish() {
        attention &= ~COMMIT_REQUESTED;
        if (!staged.isEmpty()) {
            String warning = staged.publish(strict);
            if (warning != null && !warnedThisFrame) {
                warnedThisFrame = true;
                LOG.log(Level.WARNING, warning);
            }
        }
        staged.events().afterPublish();
    }

    /**
     * Discards what is staged since the last publish: the world's live entities, their traits and
     * the tables are exactly those of the last publish; the handles of staged spawns are released
     * (their slots are reused later with a new generation). Value writes made in the meantime stay.
     * A pending {@link World#enqueueCommit()} request is dropped, and the recorded
     * {@link TraitEvents} are cleared (a discarded transaction fires no observer).
     */
    public void discard() {
        attention = 0;
        staged.discard();
        staged.events().clear();
    }

    /**
     * The executor's check after each system (cheap: one field read).
     *
     * @return whether {@link #afterSystem(String)} has work to do
     */
    public boolean needsAttention() {
        return attention != 0;
    }

    /**
     * Tells the transaction that the named system (its conditions and run function) returned: an
     * operation on a destroyed entity staged since is attributed to it, and a commit it requested
     * ({@link World#enqueueCommit()}) is published now, before the next system. Call it only when
     * {@link #needsAttention()} is true.
     *
     * @param system the system's name, for messages
     * @return whether it published
     * @throws DeadTargetException from that publish, in strict mode
     */
    public boolean afterSystem(String system) {
        int a = attention;
        attention = 0;
        if ((a & DEAD_UNATTRIBUTED) != 0) {
            staged.attributeDead(system);
        }
        if ((a & COMMIT_REQUESTED) != 0) {
            publish();
            return true;
        }
        return false;
    }

    /**
     * Strict mode, for tests: an operation on an entity destroyed earlier in the same transaction
     * fails the publish ({@link DeadTargetException}, the transaction discarded) instead of being
     * skipped with a warning.
     *
     * @param strict whether to fail
     */
    public void setStrict(boolean strict) {
        this.strict = strict;
    }

    /** @return whether strict mode is on */
    public boolean isStrict() {
        return strict;
    }

    /** {@link World#enqueueCommit()}: a request inside a transaction, a synchronous publish outside. */
    void requestCommit() {
        if (depth == 0) {
            publish();
        } else {
            attention |= COMMIT_REQUESTED;
        }
    }

    /** Called by {@link StagedChanges} when it records the first operation on a destroyed entity. */
    void deadStaged() {
        attention |= DEAD_UNATTRIBUTED;
    }

    /**
     * @param operation the world method, for the message
     * @throws IllegalStateException if a scope is open
     */
    void requireClosed(String operation) {
        if (depth > 0) {
            throw new IllegalStateException(operation + ": cannot run while a schedule runs on this world (its "
                    + "structural changes are staged in a transaction); call it between run calls");
        }
    }
}
