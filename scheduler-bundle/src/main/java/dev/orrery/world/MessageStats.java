package dev.orrery.world;

import java.util.List;
import java.util.Objects;

/**
 * The counters of one message type in one world, for devtools and consoles: a snapshot taken by
 * {@link World#messageStats(MessageType)} or {@link World#messageStats()}. Immutable.
 *
 * @param type the type's name
 * @param maxAgeFrames the type's maximum age in frames ({@link MessageType#maxAgeFrames()})
 * @param sent messages sent since the world first saw the type
 * @param dropped messages dropped at their maximum age before every registered reader had read them
 *     (each message counted once, however many readers missed it)
 * @param expired messages dropped at their maximum age while no reader was registered for the type
 * @param buffered messages held now (not yet read by every reader, or, without readers, not yet
 *     expired)
 * @param readers the registered readers, in registration order
 * @since 0.1
 */
public record MessageStats(String type, int maxAgeFrames, long sent, long dropped, long expired, int buffered,
                           List<Reader> readers) {
    /**
     * @throws NullPointerException if {@code type} or {@code readers} is null
     */
    public MessageStats {
        Objects.requireNonNull(type, "type");
        readers = List.copyOf(readers);
    }

    /**
     * One reader of the type: a system that declares it ({@code EcsSystem.Builder.readsMessages}) in a
     * schedule that ran on the world.
     *
     * @param schedule the name of the reader's schedule
     * @param system the reader system's name
     * @param read messages it read
     * @param missed messages dropped at their maximum age before it read them
     */
    public record Reader(String schedule, String system, long read, long missed) {
        /**
         * @throws NullPointerException if a name is null
         */
        public Reader {
            Objects.requireNonNull(schedule, "schedule");
            Objects.requireNonNull(system, "system");
        }
    }
}
