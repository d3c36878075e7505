package dev.orrery.plugin.prefab.isolated;

import dev.orrery.plugin.prefab.Prefab;
import dev.orrery.world.Trait;
import java.util.List;

/**
 * Content code that the purge tests load in a class loader of its own, standing for a content bundle
 * that is unloaded. Its prefabs refer to it in each possible way.
 */
public final class Content {
    /** A trait of this code. */
    public static final Trait<Content> OWN = Trait.of("content/own", Content::new);

    /**
     * @param shared a trait of code that stays
     * @return prefabs: defined here with a JDK value only; with a factory lambda of this class; with
     *     a trait of this code; with a constant value of this class
     */
    public static List<Prefab> prefabs(Trait<Object> shared) {
        return List.of(
                Prefab.builder("content/plain").with(shared, "jdk value").build(),
                Prefab.builder("content/factory").withFactory(shared, () -> new Content()).build(),
                Prefab.builder("content/own").withDefault(OWN).build(),
                Prefab.builder("content/constant").with(shared, new Content()).build());
    }

    /** @return a value of this class */
    public static Object value() {
        return new Content();
    }
}
