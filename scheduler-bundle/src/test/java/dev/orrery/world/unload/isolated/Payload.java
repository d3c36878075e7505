package dev.orrery.world.unload.isolated;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.world.MessageType;
import dev.orrery.world.unload.SharedTraits;
import dev.orrery.world.Trait;
import java.util.function.Supplier;

/**
 * Code that the purge tests load in a class loader of its own ({@link dev.orrery.world.IsolatedLoader}),
 * standing for a plugin bundle that is unloaded: it creates traits and values of its own class.
 */
public final class Payload {
    /** @return a trait created by this class, with a factory lambda of this class */
    public static Trait<Payload> ownTrait() {
        return Trait.of("payload/own", Payload::new);
    }

    /** @return a trait created by this class whose default is a JDK value */
    public static Trait<String> ownConstantTrait() {
        return Trait.withDefault("payload/constant", "jdk value");
    }

    /** @return a value factory of this class */
    public static Supplier<Object> factory() {
        return () -> new Payload();
    }

    /** @return a message type created by this class */
    public static MessageType<Object> ownMessageType() {
        return MessageType.of("payload/messages");
    }

    /**
     * @return an observer of this class: when an entity gets {@link SharedTraits#BURNING}, it counts
     *     the call in the world trait {@link SharedTraits#SEEN} and gives the entity a value of this class
     */
    public static EcsObserver ownObserver() {
        return EcsObserver.builder("payload/seen").onAdd(SharedTraits.BURNING).run((w, e) -> {
            w.add(SharedTraits.SEEN).incrementAndGet();
            w.add(e, SharedTraits.LOOT, new Payload());
        });
    }

    /** @return a new value of this class */
    public static Object value() {
        return new Payload();
    }
}
