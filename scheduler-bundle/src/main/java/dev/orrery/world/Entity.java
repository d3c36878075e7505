package dev.orrery.world;

/**
 * Entity handles: an entity is a plain {@code long}, so queries hand entities to callbacks without
 * allocating.
 *
 * <p><b>Layout.</b> A handle packs, from the low bits up:
 * <ul>
 *   <li>bits 0–30: the slot index ({@link #index}), {@code >= 0}. A world has at most
 *       2,147,483,647 entity slots (memory runs out long before: each slot costs a few array
 *       entries).</li>
 *   <li>bits 32–55: the slot's generation ({@link #generation}), 1 to 16,777,215
 *       ({@value #MAX_GENERATION}). A world reuses the slot of a destroyed entity for a later spawn
 *       with the next generation, so an old handle never reaches the new entity; after
 *       16,777,215 reuses of one slot the generation wraps to 1, so only a handle kept across that
 *       many reuses of its own slot could name a newer entity.</li>
 *   <li>bits 56–62: the tag of the world that spawned it ({@link #worldTag}), 1 to 127
 *       ({@value #WORLD_TAGS}). Worlds get their tags in creation order, so any 127 worlds created
 *       one after another have distinct tags; the 128th world created gets the first one's tag again,
 *       and between two worlds with the same tag a handle is not told apart (it is then checked by
 *       slot and generation only, as a handle of that world).</li>
 *   <li>bits 31 and 63 are 0: every handle a world spawns is a positive {@code long}.</li>
 * </ul>
 * {@link World} checks the generation and the world tag on every entity call, in one comparison,
 * and throws an {@link IllegalArgumentException} naming the handle for an entity that is not alive
 * or belongs to another world (see {@link World#isAlive(long)}, which says false instead). Generations
 * start at 1, so {@link #NONE} ({@code 0}) is never a live entity. Handles stored in values stay
 * valid in their world; they mean nothing in another world (a copy of the values into another
 * world must map them to that world's handles).
 *
 * <p>This class only decodes and formats handles; it has no state.
 *
 * @since 0.1
 */
public final class Entity {
    /** The handle that never names a live entity ({@code 0}): use it as "no entity". */
    public static final long NONE = 0L;
    /** The largest generation; the next one after it is 1. */
    public static final int MAX_GENERATION = 0x00FF_FFFF;
    /** How many world tags there are (1 to this); worlds created further apart share tags. */
    public static final int WORLD_TAGS = 127;
    /** Bits of a handle's high word ({@link #stamp}) that hold the generation. */
    static final int GENERATION_MASK = MAX_GENERATION;
    /** Where the world tag starts in a handle's high word. */
    static final int TAG_SHIFT = 24;

    private Entity() {
    }

    /**
     * @param entity a handle
     * @return its slot index, {@code >= 0} for a well-formed handle
     */
    public static int index(long entity) {
        return (int) entity;
    }

    /**
     * @param entity a handle
     * @return its generation, 0 to {@value #MAX_GENERATION} ({@code 0} only for {@link #NONE} and
     *     malformed handles)
     */
    public static int generation(long entity) {
        return stamp(entity) & GENERATION_MASK;
    }

    /**
     * @param entity a handle
     * @return the tag of the world that spawned it, 1 to {@value #WORLD_TAGS} for a handle a world
     *     spawned ({@code 0} for {@link #NONE})
     */
    public static int worldTag(long entity) {
        return (stamp(entity) >>> TAG_SHIFT) & 0x7F;
    }

    /**
     * Formats a handle for messages: {@code index v generation} for a well-formed handle, e.g.
     * {@code 5v2} (the world tag is not shown); {@code Entity.NONE} for {@link #NONE}; and
     * {@code invalid entity handle 0x…} (16 hex digits) for a handle no world can spawn: one with
     * generation 0, a negative index or bit 63 set (e.g. {@code -1}).
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
        return index(entity) + "v" + generation(entity);
    }

    /** @return whether a world could have spawned the handle: index {@code >= 0}, generation not 0, positive */
    static boolean isWellFormed(long entity) {
        return entity > 0 && index(entity) >= 0 && generation(entity) != 0;
    }

    /** @return the high word of a handle: world tag and generation, as a world stores it per slot */
    static int stamp(long entity) {
        return (int) (entity >>> 32);
    }

    /** @return the handle of a slot whose high word (world tag and generation) is {@code stamp} */
    static long of(int index, int stamp) {
        return ((long) stamp << 32) | (index & 0xFFFF_FFFFL);
    }

    /** @return the handle with these parts (for tests and messages) */
    static long of(int index, int generation, int worldTag) {
        return of(index, (worldTag << TAG_SHIFT) | (generation & GENERATION_MASK));
    }
}
