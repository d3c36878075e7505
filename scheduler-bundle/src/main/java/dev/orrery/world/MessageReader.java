package dev.orrery.world;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One reading system of one schedule in one world, as registered by the schedule's executor
 * ({@link MessageBus#register}); game code never sees it. While the system's run function runs the
 * executor brackets it with {@link #enter()} and {@link #exit()}, and {@link World#messages} then reads
 * through this reader's cursors: one per declared type.
 *
 * <p><b>Threading:</b> confined to the world's thread, like the world.
 *
 * @since 0.1
 */
public final class MessageReader {
    private final MessageBus bus;
    private final String schedule;
    private final String system;
    private final MessageType<?>[] types;
    final ReaderCursor[] cursors;
    /** The reader that was current when this one entered (restored at exit). */
    MessageReader outer;
    private boolean active = true;

    MessageReader(MessageBus bus, String schedule, String system, MessageType<?>[] types, ReaderCursor[] cursors) {
        this.bus = bus;
        this.schedule = schedule;
        this.system = system;
        this.types = types;
        this.cursors = cursors;
    }

    /**
     * The system's run function begins: until {@link #exit()}, {@link World#messages} reads as this
     * reader.
     */
    public void enter() {
        outer = bus.current;
        bus.current = this;
    }

    /**
     * The system's run function returned: the reader that was current before {@link #enter()} is again,
     * and the messages that every reader has now read are released.
     */
    public void exit() {
        bus.current = outer;
        outer = null;
        for (ReaderCursor c : cursors) {
            c.endView();
        }
    }

    /**
     * @return whether this reader is still the registered one for its system: false once a later
     *     registration of its schedule replaced it (the executor then registers again)
     */
    public boolean isActive() {
        return active;
    }

    /** @return the name of the reader's schedule */
    public String schedule() {
        return schedule;
    }

    /** @return the reader system's name */
    public String system() {
        return system;
    }

    /** @return the types it declared, in declared order */
    public List<MessageType<?>> types() {
        return List.of(types);
    }

    void retire() {
        active = false;
    }

    /** @return a copy without {@code type}, keeping the other cursors; this reader retires */
    MessageReader without(MessageType<?> type) {
        List<MessageType<?>> ts = new ArrayList<>();
        List<ReaderCursor> cs = new ArrayList<>();
        for (int k = 0; k < types.length; k++) {
            if (types[k] != type) {
                ts.add(types[k]);
                cs.add(cursors[k]);
            }
        }
        retire();
        return new MessageReader(bus, schedule, system, ts.toArray(new MessageType<?>[0]),
                cs.toArray(new ReaderCursor[0]));
    }

    /** The run function threw: its views end as if it had returned. */
    void abandon() {
        outer = null;
        for (ReaderCursor c : cursors) {
            c.endView();
        }
    }

    /** @return the cursor for {@code type}, or null when the system did not declare it */
    ReaderCursor cursorOf(MessageType<?> type) {
        MessageType<?>[] ts = types;
        for (int k = 0; k < ts.length; k++) {
            if (ts[k] == type) {
                return cursors[k];
            }
        }
        return null;
    }

    /** @return the cursor of the declared type with this index */
    ReaderCursor cursor(int k) {
        return cursors[k];
    }

    @Override
    public String toString() {
        return "MessageReader[" + schedule + "/" + system + "]";
    }

    /**
     * What a schedule declares for one reading system: its name and the types it reads.
     *
     * @param system the system's name
     * @param types the types it reads, in declared order, each once
     * @param stepped whether the system runs in fixed steps, possibly not in every frame: its unread
     *     messages are then kept past {@link MessageType#maxAgeFrames()} until its next run, so it reads
     *     each message once whether a frame runs zero or several of its steps
     */
    public record Declaration(String system, List<MessageType<?>> types, boolean stepped) {
        /**
         * @throws NullPointerException if an argument or a type is null
         */
        public Declaration {
            Objects.requireNonNull(system, "system");
            types = List.copyOf(types);
        }

        /**
         * A system that runs in every frame (not {@code stepped}).
         *
         * @param system the system's name
         * @param types the types it reads, in declared order, each once
         */
        public Declaration(String system, List<MessageType<?>> types) {
            this(system, types, false);
        }
    }
}
