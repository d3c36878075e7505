package dev.orrery.world.unload.isolated;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import java.util.List;

/**
 * A plugin's persistent state, loaded by the purge tests in a class loader of its own
 * ({@code IsolatedLoader}): the traits and the values are of this class, as a plugin bundle's are of
 * its bundle's classes.
 *
 * @param ticks a counter
 * @param name a label
 */
public record PersistentPayload(int ticks, String name) {
    /** The id of {@link #persistentTrait()}. */
    public static final String PERSISTENT_ID = "payload/persistent";

    /** @return a persistent trait (version 1, record codec) created by this class, with values of this class */
    public static Trait<PersistentPayload> persistentTrait() {
        return Trait.<PersistentPayload>builder(PERSISTENT_ID).defaultValue(new PersistentPayload(0, ""))
                .persistent(1, TraitCodec.of(PersistentPayload.class)).build();
    }

    /** @return a transient trait created by this class */
    public static Trait<PersistentPayload> transientTrait() {
        return Trait.of("payload/transient", () -> new PersistentPayload(0, "scratch"));
    }

    /** @return three values of this class: (1, "one"), (2, "two"), (3, "three") */
    public static List<Object> values() {
        return List.of(new PersistentPayload(1, "one"), new PersistentPayload(2, "two"), new PersistentPayload(3, "three"));
    }

    /** @return the world value: (40, "world") */
    public static Object worldValue() {
        return new PersistentPayload(40, "world");
    }
}
