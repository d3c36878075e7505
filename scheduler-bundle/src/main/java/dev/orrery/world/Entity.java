package dev.orrery.world;

/**
 * Entity handles: an entity is a plain {@code long}, so queries hand entities to callbacks without
 * allocating.
 *
 * <p>A handle packs a slot index (low 32 bits) and the slot's generation (high 32 bits). A world
 * reuses the slot of a destroyed entity for a later spawn with the next generation, so an old handle
 * never reaches the new entity: {@link World} checks the generation on every call and throws an
 * {@link IllegalArgumentException} naming the handle (see {@link World#isAlive(long)}). Generations
 * start at 1, so {@link #NONE} ({@code 0}) is never a live entity. A handle is meaningful only in the
 * world that spawned it; handles of another world are not detected.
 *
 * <p>This class only decodes and formats handles; it has no state.
 *
 * @since 0.1
 */
public final class Entity {
    /** The handle that never names a live entity ({@code 0}): use it as "no entity". */
    public static final long NONE = 0L;

    private Entity() {
    }

    /**
     * @param entity a handle
     * @return its slot index, {@code >= 0}
     */
    public static int index(long entity) {
        return (int) entity;
    }

    /**
     * @param entity a handle
     * @return its generation ({@code 0} only for {@link #NONE} and malformed handles)
     */
    public static int generation(long entity) {
        return (int) (entity >>> 32);
    }

    /**
     * Formats a handle for messages: {@code index v generation} for a well-formed handle, e.g.
     * {@code 5v2} (the generation unsigned); {@code Entity.NONE} for {@link #NONE}; and
     * {@code invalid entity handle 0x…} (16 hex digits) for a handle no world can spawn, one with
     * generation 0 or a negative index (e.g. {@code -1}).
     *
     * @param entity a handle
     * @return the text
     */
    public static String toString(long entity) {
        if (entity == NONE) {
            return "Entity.NONE";
        }
        if (!isWellFormed(entity)) {
            return "invalid entity handle 0x" + String.format("%016x", entity);
        }
        return index(entity) + "v" + Integer.toUnsignedString(generation(entity));
    }

    /** @return whether a world could have spawned the handle: index {@code >= 0}, generation not 0 */
    static boolean isWellFormed(long entity) {
        return index(entity) >= 0 && generation(entity) != 0;
    }

    static long of(int index, int generation) {
        return ((long) generation << 32) | (index & 0xFFFF_FFFFL);
    }
}
