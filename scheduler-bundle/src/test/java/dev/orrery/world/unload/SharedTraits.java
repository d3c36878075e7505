package dev.orrery.world.unload;

import dev.orrery.world.Trait;
import java.util.concurrent.atomic.AtomicInteger;

/** Traits of code that stays, which the isolated {@code Payload} uses (loaded by the test's loader). */
public final class SharedTraits {
    /** An entity trait of code that stays. */
    public static final Trait<String> BURNING = Trait.withDefault("shared/Burning", "hot");
    /** A world trait counting the payload observer's calls. */
    public static final Trait<AtomicInteger> SEEN = Trait.of("shared/seen", AtomicInteger::new);
    /** An entity trait of code that stays, holding values of any class. */
    public static final Trait<Object> LOOT = Trait.of("shared/loot", Object::new);

    private SharedTraits() {
    }
}
