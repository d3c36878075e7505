package dev.orrery.host.itest.support;

import dev.orrery.schedule.SystemSet;

/**
 * System sets several test plugins refer to (sets are matched by object, so they live in the support
 * bundle every plugin imports): {@link #X} runs before {@link #Y}. Declared only by the
 * {@code set-core} plugin; the newcomer-cycle scenario puts a system in each.
 */
public final class SharedSets {
    /** Set {@code shared/Y}. */
    public static final SystemSet Y = SystemSet.define("shared/Y");
    /** Set {@code shared/X}: its members run before those of {@link #Y}. */
    public static final SystemSet X = SystemSet.builder("shared/X").before(Y).build();

    private SharedSets() {
    }
}
