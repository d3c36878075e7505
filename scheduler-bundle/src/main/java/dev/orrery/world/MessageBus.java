package dev.orrery.world;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The messages of one world, as driven by the executors of schedules and by tools; game code uses
 * {@link World#send}, {@link World#messages} and {@link World#messageStats} instead. Obtained with
 * {@link World#messageBus()}: one object per world, for the life of the world.
 *
 * <p>An executor {@linkplain #register registers} the reading systems of its schedule when it first
 * runs on the world, calls {@link #enterRun(boolean)} and {@link #exitRun(MessageReader)} around each
 * run call (the outermost {@code run} call begins a frame), and brackets each reading system's run
 * function with {@link MessageReader#enter()} and {@link MessageReader#exit()}. Tools list the types
 * ({@link #types()}) and drop those of unloaded code ({@link #forget}, {@link #removeIf}).
 *
 * <p><b>The rules.</b>
 * <ul>
 *   <li><em>Frames.</em> A frame begins with each outermost {@code Schedule.run} call on the world
 *       ({@link #frames()} counts them). A {@code run} nested in a system, and {@code runPhase} or
 *       {@code runPhases} (outermost or nested), are not frames: a world driven only by them never
 *       ages its messages. A message sent during a frame belongs to it; one sent between run calls
 *       belongs to the next frame.</li>
 *   <li><em>Readers.</em> The systems that declare a type ({@code readsMessages}) in the schedules
 *       that run on the world. A schedule registers its reading systems on its first run call on the
 *       world, and again after another schedule with the same state trait (one that adopted its state,
 *       or that it was derived from) registered in between: each registration replaces the previous
 *       readers of that state trait, a system of the same name keeping its cursor. A reader
 *       registered later starts at the oldest message held. A schedule's attachment to the world
 *       ({@code Schedule.attach}, which its first run call on the world does) registers its readers the
 *       same way, even when it has none, so the readers of the schedule it replaced are gone; its
 *       {@code Schedule.detach} (the host's, when the schedule stops) {@linkplain #unregister
 *       unregisters} them, so they no longer hold messages back.</li>
 *   <li><em>Reading.</em> Only the run function of a registered reader reads, each message once: all
 *       messages of the type sent since its previous read (including those sent since by itself).</li>
 *   <li><em>Retention.</em> A message is dropped when every registered reader has read it (when the
 *       last reader's run function returns), or when a frame begins and {@link MessageType#maxAgeFrames()}
 *       frames have begun since the frame it belongs to; without any registered reader only the
 *       latter. A reader in a fixed-step phase ({@code Declaration.stepped}) need not run in every
 *       frame: the messages it has not read yet are kept past their age until it read them. Messages dropped unread by a reader are counted (per reader and per type,
 *       {@link MessageStats}), with one WARNING per reader naming it, repeated only after a read of
 *       that reader lost nothing.</li>
 * </ul>
 *
 * <p><b>Threading:</b> confined to the world's thread, like the world.
 *
 * <p>Implementation notes. One {@link MessageChannel} per type, found through an identity map with a
 * one-entry cache for the last type sent (a sender usually sends one type in a row), and listed in an
 * array so that beginning a frame visits the channels without an iterator. Readers are grouped by the
 * owner their executor registers them under (a schedule's state trait, which the schedules that
 * replace it share): a new registration of the owner moves each cursor to the reader of the same
 * system name and type, and detaches the others, so a rebuilt schedule's readers keep their place and a
 * departed system stops holding messages back. The bus refers to no world, schedule or system.
 *
 * @since 0.1
 */
public final class MessageBus {
    private static final System.Logger LOG = System.getLogger("dev.orrery.world");

    private final Map<MessageType<?>, MessageChannel> byType = new IdentityHashMap<>();
    private MessageChannel[] channels = new MessageChannel[0];
    private MessageType<?> lastType;
    private MessageChannel lastChannel;
    private final Map<Object, MessageReader[]> groups = new IdentityHashMap<>();
    /** The reader whose run function is running now, or null. */
    MessageReader current;
    /** Run calls in progress on the world. */
    private int depth;
    /** Whether the outermost run call in progress is a frame (a {@code run} call). */
    private boolean inFrame;
    /** Frames begun so far. */
    private long frames;

    MessageBus() {
    }

    // ---- executors ----

    /**
     * Registers the reading systems of one schedule, replacing those registered before under the same
     * owner: a system of the same name keeps its cursor for each type it still declares (it reads on
     * where it stopped); a new system, or a new type of a system, starts at the oldest message held;
     * cursors of systems and types no longer declared are dropped, so they no longer hold messages back.
     * Every reader the owner had before becomes inactive ({@link MessageReader#isActive()}).
     *
     * @param owner identifies the schedule across rebuilds (the executors use its state trait); not null
     * @param schedule the schedule's name, for statistics and messages; not null
     * @param readers the reading systems, each name once; not null
     * @return the new readers, in the order of {@code readers}
     */
    public List<MessageReader> register(Object owner, String schedule, List<MessageReader.Declaration> readers) {
        Objects.requireNonNull(owner, "MessageBus.register: owner is null");
        Objects.requireNonNull(schedule, "MessageBus.register: schedule is null");
        MessageReader[] before = groups.getOrDefault(owner, new MessageReader[0]);
        MessageReader[] after = new MessageReader[readers.size()];
        List<ReaderCursor> kept = new ArrayList<>();
        for (int r = 0; r < after.length; r++) {
            MessageReader.Declaration d = readers.get(r);
            MessageReader old = null;
            for (MessageReader b : before) {
                if (b.system().equals(d.system())) {
                    old = b;
                }
            }
            MessageType<?>[] types = d.types().toArray(new MessageType<?>[0]);
            ReaderCursor[] cursors = new ReaderCursor[types.length];
            for (int k = 0; k < types.length; k++) {
                ReaderCursor c = old == null ? null : old.cursorOf(types[k]);
                if (c == null) {
                    c = new ReaderCursor(types[k], schedule, d.system());
                    channel(types[k]).addCursor(c);
                }
                c.stepped = d.stepped();
                kept.add(c);
                cursors[k] = c;
            }
            after[r] = new MessageReader(this, schedule, d.system(), types, cursors);
        }
        for (MessageReader b : before) {
            b.retire();
            for (ReaderCursor c : b.cursors) {
                if (!containsIdentity(kept, c) && c.channel != null) {
                    c.channel.removeCursor(c);
                }
            }
        }
        groups.put(owner, after);
        return List.of(after);
    }

    /**
     * Unregisters the reading systems registered under an owner (its schedule stopped running on the
     * world): their readers become inactive and their cursors are dropped, so they no longer hold
     * messages back and the bus keeps no reference to them. A later registration under the owner
     * starts its readers at the oldest message held.
     *
     * @param owner as given to {@link #register}; not null
     * @return how many readers were unregistered (0 when the owner had none)
     */
    public int unregister(Object owner) {
        Objects.requireNonNull(owner, "MessageBus.unregister: owner is null");
        MessageReader[] before = groups.remove(owner);
        if (before == null) {
            return 0;
        }
        for (MessageReader b : before) {
            b.retire();
            for (ReaderCursor c : b.cursors) {
                if (c.channel != null) {
                    c.channel.removeCursor(c);
                }
            }
        }
        return before.length;
    }

    /**
     * A run call ({@code run}, {@code runPhase}, {@code runPhases}) begins on the world. The outermost
     * {@code run} call begins a frame: messages older than their type's maximum age are dropped.
     * Until {@link #exitRun} no reader is current (a reader enters for its own run function).
     *
     * @param frame whether the call is a {@code run} call (only an outermost one begins a frame)
     * @return the reader that was current, to hand to {@link #exitRun}
     */
    public MessageReader enterRun(boolean frame) {
        MessageReader outer = current;
        current = null;
        if (depth++ == 0) {
            inFrame = frame;
            if (frame) {
                beginFrame();
            }
        }
        return outer;
    }

    /**
     * The run call that the last {@link #enterRun} began has ended (returned or thrown); a reader whose
     * run function threw is closed as if it had returned.
     *
     * @param outer what {@link #enterRun} returned
     */
    public void exitRun(MessageReader outer) {
        MessageReader r = current;
        while (r != null && r != outer) {
            MessageReader o = r.outer;
            r.abandon();
            r = o;
        }
        current = outer;
        if (depth > 0 && --depth == 0) {
            inFrame = false;
        }
    }

    /** @return the frames begun on the world so far (outermost {@code run} calls) */
    public long frames() {
        return frames;
    }

    private void beginFrame() {
        frames++;
        MessageChannel[] cs = channels;
        for (MessageChannel c : cs) {
            c.endViews();
            if (c.head != c.tail) {
                List<ReaderCursor> slow = c.age(frames);
                for (int k = 0; k < slow.size(); k++) {
                    warnSlow(c, slow.get(k));
                }
            }
        }
    }

    private static void warnSlow(MessageChannel c, ReaderCursor r) {
        int age = c.type.maxAgeFrames();
        LOG.log(Level.WARNING, "messages of type '" + c.type.name() + "': reader '" + r.system + "' (schedule '"
                + r.schedule + "') did not read messages before their maximum age of " + age + " frame"
                + (age == 1 ? "" : "s") + " and lost them (" + r.missed + " so far); it is disabled, skipped by a"
                + " condition or runs less often than the messages expire: run it more often or give the type a"
                + " larger maximum age (MessageType.of(name, maxAgeFrames)); further losses are only counted"
                + " (World.messageStats) until it catches up");
    }

    // ---- world ----

    void send(MessageType<?> type, Object value) {
        MessageChannel c = type == lastType ? lastChannel : channel(type);
        c.send(value, inFrame ? frames : frames + 1);
    }

    @SuppressWarnings("unchecked")
    <T> Messages<T> read(MessageType<T> type) {
        MessageReader r = current;
        if (r == null) {
            throw notAReader(type);
        }
        ReaderCursor c = r.cursorOf(type);
        if (c == null) {
            throw undeclared(r, type);
        }
        return (Messages<T>) c.read(this);
    }

    /** Attaches a cursor whose type was forgotten to the type's new channel. */
    MessageChannel attach(ReaderCursor c) {
        MessageChannel ch = channel(c.type);
        ch.addCursor(c);
        return ch;
    }

    private IllegalStateException notAReader(MessageType<?> type) {
        String where = depth == 0 ? "outside every schedule's run" : "by code that is not the run function of a system"
                + " that declares readsMessages (a system that declares none, a condition, an init function, a hook or an observer)";
        return new IllegalStateException("World.messages: messages of type '" + type.name() + "' read " + where
                + "; only systems read messages, each exactly once: declare the type on the reading system with"
                + " EcsSystem.builder(name).readsMessages(type)");
    }

    private static IllegalStateException undeclared(MessageReader r, MessageType<?> type) {
        return new IllegalStateException("World.messages: system '" + r.system() + "' (schedule '" + r.schedule()
                + "') reads messages of type '" + type.name() + "' but does not declare it; add readsMessages("
                + type.name() + ") to its builder (EcsSystem.builder(\"" + r.system() + "\").readsMessages(...))");
    }

    private MessageChannel channel(MessageType<?> type) {
        MessageChannel c = byType.get(type);
        if (c == null) {
            c = new MessageChannel(type);
            byType.put(type, c);
            channels = Arrays.copyOf(channels, channels.length + 1);
            channels[channels.length - 1] = c;
        }
        lastType = type;
        lastChannel = c;
        return c;
    }

    private static boolean containsIdentity(List<ReaderCursor> list, ReaderCursor c) {
        for (ReaderCursor x : list) {
            if (x == c) {
                return true;
            }
        }
        return false;
    }

    // ---- statistics and unloading code (cold paths) ----

    /**
     * @return the counters of every type the world has seen (sent, read, registered for), in the order
     *     the world first saw them; a new list
     */
    public List<MessageStats> stats() {
        List<MessageStats> out = new ArrayList<>(channels.length);
        for (MessageChannel c : channels) {
            out.add(stats(c));
        }
        return List.copyOf(out);
    }

    /**
     * @param type the type; not null
     * @return its counters; all zero, without readers, when the world never saw it
     */
    public MessageStats stats(MessageType<?> type) {
        Objects.requireNonNull(type, "MessageBus.stats: type is null");
        MessageChannel c = byType.get(type);
        return c == null ? new MessageStats(type.name(), type.maxAgeFrames(), 0, 0, 0, 0, List.of()) : stats(c);
    }

    private static MessageStats stats(MessageChannel c) {
        List<MessageStats.Reader> readers = new ArrayList<>();
        for (ReaderCursor r : c.cursors()) {
            readers.add(new MessageStats.Reader(r.schedule, r.system, r.read, r.missed));
        }
        return new MessageStats(c.type.name(), c.type.maxAgeFrames(), c.sent, c.dropped, c.expired, c.buffered(),
                readers);
    }

    /** @return the cursors of a type's channel, or an empty list when the world never saw it (for tests) */
    List<ReaderCursor> cursorsOf(MessageType<?> type) {
        MessageChannel c = byType.get(type);
        return c == null ? List.of() : c.cursors();
    }

    /** @return every type the world refers to, in the order it first saw them; a new list */
    public List<MessageType<?>> types() {
        List<MessageType<?>> out = new ArrayList<>(channels.length);
        for (MessageChannel c : channels) {
            out.add(c.type);
        }
        return List.copyOf(out);
    }

    /**
     * Forgets a type: drops its messages, its counters and every reference to it and its values
     * (the registered readers of a schedule with a reader that declares it are replaced by readers
     * without it and become inactive, so their executor registers again). A system that still
     * declares it and reads it again starts afresh.
     *
     * @param type the type; not null
     * @return how many held messages were dropped
     * @throws IllegalStateException if a schedule runs on the world; nothing is dropped then
     */
    public int forget(MessageType<?> type) {
        Objects.requireNonNull(type, "MessageBus.forget: type is null");
        requireIdle("MessageBus.forget");
        MessageChannel c = byType.remove(type);
        if (c == null) {
            return 0;
        }
        MessageChannel[] next = new MessageChannel[channels.length - 1];
        for (int k = 0, j = 0; k < channels.length; k++) {
            if (channels[k] != c) {
                next[j++] = channels[k];
            }
        }
        channels = next;
        for (MessageReader[] group : groups.values()) {
            boolean affected = false;
            for (MessageReader r : group) {
                affected |= r.cursorOf(type) != null;
            }
            if (affected) { // every reader of the group retires, so its executor registers again
                for (int k = 0; k < group.length; k++) {
                    group[k] = group[k].without(type);
                }
            }
        }
        if (lastType == type) {
            lastType = null;
            lastChannel = null;
        }
        return c.close();
    }

    /**
     * Removes the held messages of a type whose value matches; readers skip them and read the others as
     * before.
     *
     * @param type the type; not null
     * @param which tested once per held message value; not null
     * @return how many were removed
     * @throws IllegalStateException if a schedule runs on the world; nothing is removed then
     */
    public int removeIf(MessageType<?> type, Predicate<Object> which) {
        Objects.requireNonNull(type, "MessageBus.removeIf: type is null");
        Objects.requireNonNull(which, "MessageBus.removeIf: which is null");
        requireIdle("MessageBus.removeIf");
        MessageChannel c = byType.get(type);
        return c == null ? 0 : c.removeIf(which);
    }

    /** Drops every held message (the world is reset); readers, types and counters stay. */
    void clear() {
        for (MessageChannel c : channels) {
            c.clear();
        }
    }

    private void requireIdle(String operation) {
        if (depth > 0) {
            throw new IllegalStateException(operation + ": cannot run while a schedule runs on this world; call it"
                    + " between run calls");
        }
    }
}
