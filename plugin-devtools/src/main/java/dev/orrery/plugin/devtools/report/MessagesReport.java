package dev.orrery.plugin.devtools.report;

import dev.orrery.world.MessageStats;
import dev.orrery.world.World;
import java.util.List;

/**
 * The host world's message types with their counters: sent, held, dropped and expired, and per reader
 * the messages read and missed ({@link MessageStats}). What {@code orrery:messages} shows.
 *
 * @param types every type the world has seen, in the order it first saw them
 * @since 0.1
 */
public record MessagesReport(List<MessageStats> types) implements Report {
    /** Copies the list and checks for nulls. */
    public MessagesReport {
        types = List.copyOf(types);
    }

    /**
     * Reads the world's message counters. Call it on the thread that owns the world (in a host, the
     * frame thread: inside {@code GameHost.submit}).
     *
     * @param world the world; not null
     * @return the report
     */
    public static MessagesReport read(World world) {
        return new MessagesReport(world.messageStats());
    }
}
