package dev.orrery.schedule.internal.run;

import dev.orrery.world.MessageBus;
import dev.orrery.world.MessageReader;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * The message readers of one schedule in one world: the world's {@link MessageReader} of each system
 * that declares {@code readsMessages}, by system index, registered with the world's
 * {@link MessageBus} under the schedule's state trait (shared by the schedules that replace it, so a
 * rebuilt schedule's systems keep their cursors by name). Both executors bracket a reading system's
 * run function with {@link #enter(int)} and {@link #exit(int)}; generated code calls them like the
 * loop does.
 *
 * <p>Implementation notes. Registration happens when the schedule attaches to the world (its first
 * run call there, {@code Schedule.attach}, or a run call after another schedule of its lineage
 * attached: {@link ObserverHub}) and again whenever another registration under the same owner (a
 * purge) made this one's readers inactive: {@link #refresh()} checks one flag per run
 * call. Confined to the world's thread.
 */
final class RunMessages {
    private final RunLayout layout;
    private final Object owner;
    private final MessageBus bus;
    /** Per system index: its reader, or null for a system that reads no messages. */
    private final MessageReader[] readers;
    /** One of the readers, to tell whether the registration is still the current one. */
    private MessageReader probe;

    /**
     * @return the readers of the layout's reading systems, or null when no system reads messages
     */
    static RunMessages of(World world, RunLayout layout, Object owner) {
        return layout.anyReadsMessages ? new RunMessages(world.messageBus(), layout, owner) : null;
    }

    private RunMessages(MessageBus bus, RunLayout layout, Object owner) {
        this.bus = bus;
        this.layout = layout;
        this.owner = owner;
        this.readers = new MessageReader[layout.systemCount()];
    }

    /**
     * Registers a schedule's readers under its owner: those of {@code messages}, or none (so the readers
     * the owner had, of a schedule this one replaced, are dropped).
     *
     * @param messages the schedule's readers in the world, or null when no system reads messages
     */
    static void register(MessageBus bus, Object owner, String schedule, RunMessages messages) {
        if (messages == null) {
            bus.register(owner, schedule, List.of());
        } else {
            messages.register();
        }
    }

    /** Registers the readers when this is the first run call or a later registration replaced them. */
    void refresh() {
        if (probe != null && probe.isActive()) {
            return;
        }
        register();
    }

    /** Registers the readers, replacing those registered under the owner. */
    void register() {
        List<MessageReader.Declaration> declarations = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < readers.length; i++) {
            if (layout.readsMessages[i]) {
                declarations.add(new MessageReader.Declaration(layout.systemNames[i],
                        layout.systems[i].readsMessages(), layout.fixed.phaseClock[layout.systemPhase[i]] >= 0));
                indexes.add(i);
            }
        }
        List<MessageReader> registered = bus.register(owner, layout.scheduleName, declarations);
        for (int k = 0; k < registered.size(); k++) {
            readers[indexes.get(k)] = registered.get(k);
        }
        probe = registered.get(0);
    }

    /** System {@code i}'s run function begins; a no-op for a system that reads no messages. */
    void enter(int i) {
        MessageReader r = readers[i];
        if (r != null) {
            r.enter();
        }
    }

    /** System {@code i}'s run function returned; a no-op for a system that reads no messages. */
    void exit(int i) {
        MessageReader r = readers[i];
        if (r != null) {
            r.exit();
        }
    }
}
