package dev.orrery.world.unload;

/**
 * What {@link WorldPurge#purge} dropped.
 *
 * @param worldTraits world traits removed (the trait belonged to unloaded code, or its value did)
 * @param components entity components removed (the trait belonged to unloaded code, or the value did)
 * @param entries entries dropped by {@link Purgeable} world values
 * @param messages messages dropped from the world's message buffers (their type belonged to unloaded
 *     code, or their value did)
 * @since 0.1
 */
public record PurgeReport(int worldTraits, int components, int entries, int messages) {
    /** A purge that dropped nothing. */
    public static final PurgeReport NONE = new PurgeReport(0, 0, 0, 0);

    /**
     * A report that dropped no messages.
     *
     * @param worldTraits world traits removed
     * @param components entity components removed
     * @param entries entries dropped by {@link Purgeable} world values
     */
    public PurgeReport(int worldTraits, int components, int entries) {
        this(worldTraits, components, entries, 0);
    }

    /** @return whether nothing was dropped */
    public boolean isEmpty() {
        return worldTraits == 0 && components == 0 && entries == 0 && messages == 0;
    }

    @Override
    public String toString() {
        return worldTraits + " world traits, " + components + " entity components, " + entries
                + " entries of purgeable world values" + (messages == 0 ? "" : ", " + messages + " messages");
    }
}
