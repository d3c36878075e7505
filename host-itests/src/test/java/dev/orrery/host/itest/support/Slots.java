package dev.orrery.host.itest.support;

import dev.orrery.world.Trait;

/**
 * Traits defined by the support bundle (a bundle that is never updated) whose values may be of any
 * class: the leak tests put values of a plugin's own classes into them, which must be dropped with the
 * plugin, while values of JDK classes stay.
 */
public final class Slots {
    /** World trait and entity component of any value; default: a plain {@code Object}. */
    public static final Trait<Object> ANY = Trait.of("itest/any", Object::new);

    private Slots() {
    }
}
