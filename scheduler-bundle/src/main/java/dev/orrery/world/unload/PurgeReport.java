package dev.orrery.world.unload;

/**
 * What {@link WorldPurge#purge} dropped.
 *
 * @param worldTraits world traits removed (the trait belonged to unloaded code, or its value did)
 * @param components entity components removed (the trait belonged to unloaded code, or the value did)
 * @param entries entries dropped by {@link Purgeable} world values
 * @param messages messages dropped from the world's message buffers (their type belonged to unloaded
 *     code, or their value did)
 * @param keptOpaque values of persistent traits of unloaded code (world values and entity components)
 *     kept as opaque data instead of dropped ({@code WorldSnapshot.keepOpaque}); not counted in
 *     {@code worldTraits} or {@code components} (since 0.2)
 * @since 0.1
 */
public record PurgeReport(int worldTraits, int components, int entries, int messages, int keptOpaque) {
    /** A purge that dropped nothing. */
    public static final PurgeReport NONE = new PurgeReport(0, 0, 0, 0, 0);

    /**
     * A report that kept nothing as opaque data.
     *
     * @param worldTraits world traits removed
     * @param components entity components removed
     * @param entries entries dropped by {@link Purgeable} world values
     * @param messages messages dropped from the world's message buffers
     */
    public PurgeReport(int worldTraits, int components, int entries, int messages) {
        this(worldTraits, components, entries, messages, 0);
    }

    /**
     * A report that dropped no messages.
     *
     * @param worldTraits world traits removed
     * @param components entity components removed
     * @param entries entries dropped by {@link Purgeable} world values
     */
    public PurgeReport(int worldTraits, int components, int entries) {
        this(worldTraits, components, entries, 0, 0);
    }

    /** @return whether nothing was dropped and nothing kept as opaque data */
    public boolean isEmpty() {
        return worldTraits == 0 && components == 0 && entries == 0 && messages == 0 && keptOpaque == 0;
    }

    @Override
    public String toString() {
        return worldTraits + " world traits, " + components + " entity components, " + entries
                + " entries of purgeable world values" + (messages == 0 ? "" : ", " + messages + " messages")
                + (keptOpaque == 0 ? "" : "; kept " + keptOpaque + " values of persistent traits as opaque data");
    }
}
