package dev.orrery.world;

import java.util.Arrays;
import java.util.Objects;

/**
 * The entity allocator of a {@link World}, as a value: its world tag, the generation of every slot and
 * the free list. A snapshot saves it so that a restore reproduces every entity handle exactly (handles
 * stored inside values stay valid, with no remapping) and the next spawns get the same handles as in
 * the original world ({@link World#allocatorState()}, {@link World#restoreEntities}).
 *
 * <p>A slot is live (its entity exists) unless it is in the free list. Immutable and thread-safe.
 *
 * @since 0.4
 */
public final class AllocatorState {
    private final int worldTag;
    private final int[] generations;
    private final int[] freeSlots;

    /**
     * @param worldTag the world tag of the handles, 1 to {@value Entity#WORLD_TAGS}
     * @param generations per slot, its current generation (1 to {@value Entity#MAX_GENERATION}); copied
     * @param freeSlots the free slots, distinct, each below {@code generations.length}; the slot the next
     *     spawn takes is the last one; copied
     * @throws IllegalArgumentException if a value is out of range or a free slot is given twice; the
     *     message names it
     * @throws NullPointerException if an array is null
     */
    public AllocatorState(int worldTag, int[] generations, int[] freeSlots) {
        if (worldTag < 1 || worldTag > Entity.WORLD_TAGS) {
            throw new IllegalArgumentException("AllocatorState: world tag " + worldTag + " is not between 1 and " + Entity.WORLD_TAGS);
        }
        this.worldTag = worldTag;
        this.generations = Objects.requireNonNull(generations, "AllocatorState: generations is null").clone();
        this.freeSlots = Objects.requireNonNull(freeSlots, "AllocatorState: freeSlots is null").clone();
        for (int slot = 0; slot < this.generations.length; slot++) {
            int g = this.generations[slot];
            if (g < 1 || g > Entity.MAX_GENERATION) {
                throw new IllegalArgumentException("AllocatorState: slot " + slot + " has generation " + g
                        + ", not between 1 and " + Entity.MAX_GENERATION);
            }
        }
        boolean[] seen = new boolean[this.generations.length];
        for (int slot : this.freeSlots) {
            if (slot < 0 || slot >= seen.length) {
                throw new IllegalArgumentException("AllocatorState: free slot " + slot + " is not a slot (there are " + seen.length + ")");
            }
            if (seen[slot]) {
                throw new IllegalArgumentException("AllocatorState: free slot " + slot + " is listed twice");
            }
            seen[slot] = true;
        }
    }

    /** @return the world tag of the handles */
    public int worldTag() {
        return worldTag;
    }

    /** @return how many slots the allocator has handed out (live or free) */
    public int slotCount() {
        return generations.length;
    }

    /**
     * @param slot a slot, {@code 0 <= slot < slotCount()}
     * @return its current generation
     * @throws IndexOutOfBoundsException for another slot
     */
    public int generation(int slot) {
        return generations[slot];
    }

    /** @return the generations of all slots; a copy */
    public int[] generations() {
        return generations.clone();
    }

    /** @return the free list (the next spawn takes the last one); a copy */
    public int[] freeSlots() {
        return freeSlots.clone();
    }

    /** @return how many slots are live (not free) */
    public int liveCount() {
        return generations.length - freeSlots.length;
    }

    /**
     * @param slot a slot below {@link #slotCount()}
     * @return the handle of that slot's current generation (its entity, when the slot is live)
     */
    public long handle(int slot) {
        return Entity.of(slot, generations[slot], worldTag);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AllocatorState a && a.worldTag == worldTag && Arrays.equals(a.generations, generations)
                && Arrays.equals(a.freeSlots, freeSlots);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * worldTag + Arrays.hashCode(generations)) + Arrays.hashCode(freeSlots);
    }

    @Override
    public String toString() {
        return "AllocatorState[tag " + worldTag + ", " + generations.length + " slots, " + freeSlots.length + " free]";
    }
}
