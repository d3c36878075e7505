package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.world.MessageBus;
import dev.orrery.world.MessageReader;
import dev.orrery.world.SystemContext;
import dev.orrery.world.SystemContexts;
import dev.orrery.world.TraitEvents;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schedules attached to one world, and the delivery of the world's {@link TraitEvents} to their
 * observers: one object per world, installed as the world's {@link TraitEvents.Delivery} by the first
 * schedule that attaches ({@link #of}).
 *
 * <p>A schedule attaches on its first run call on the world and with {@code Schedule.attach}; its
 * attachment is keyed by its state trait, which the schedules that replace it share (a rebuild that
 * adopts its state, {@code withoutPlugins}), so attaching one replaces the previous one of that
 * lineage: the previous one's observers stop watching and are never called again, and the per-system
 * and per-observer contexts of the schedule's name that no attached schedule of that name still has
 * are dropped ({@link SystemContexts#retain}). {@code Schedule.detach} ({@link #detach}) ends the
 * lineage's attachment. The world reaches a schedule's observers only through its attachment.
 *
 * <p>The delivery ({@link #deliver}, called by the world after each publish and, outside a
 * transaction, after each immediate change, whenever events are pending): rounds of (take every
 * pending event, clear them, call for each event the observers of every attached schedule, in the
 * order the schedules attached and each schedule's observers in declaration order, then publish what
 * the observers staged), while events are pending, at most {@link EcsObserver#ROUND_LIMIT}. Every
 * event reaches every attached schedule's observers once, whichever schedule's publish (or immediate
 * change) delivered it, so a nested run call delivers the outer schedule's pending events too.
 * During a delivery the world's transaction is open (the observers' structural calls are staged), no
 * message reader is current (an observer reads no messages, it may send), and each observer runs with
 * its own context; the system context current before is current again afterwards. A throwing observer
 * discards what its round staged, and the exception propagates unchanged.
 *
 * <p>Implementation notes: the hub refers to its world weakly (the world refers to it, and schedules'
 * per-world runtimes, which the schedules key weakly by world, refer to it); the attached observers
 * are an array replaced on each change, so a delivery iterates a stable snapshot even when an observer
 * attaches a schedule (by running one). A steady delivery allocates nothing. World thread only.
 */
final class ObserverHub implements TraitEvents.Delivery {
    /** One schedule's attachment: whether it is still the current one of its lineage. */
    static final class Attachment {
        final String scheduleName;
        final List<String> systems;
        final List<String> observerNames;
        final ObserverRuntime observers;
        boolean active = true;

        Attachment(String scheduleName, List<String> systems, ObserverRuntime observers) {
            this.scheduleName = scheduleName;
            this.systems = systems;
            this.observers = observers;
            this.observerNames = observers == null ? List.of() : observers.names();
        }
    }

    private final WeakReference<World> world;
    private final TraitEvents events;
    private final WorldTransaction tx;
    private final SystemContexts contexts;
    private final MessageBus bus;
    private final Map<Object, Attachment> byOwner = new IdentityHashMap<>();
    /** The attached schedules' observers, in attach order. */
    private ObserverRuntime[] attached = new ObserverRuntime[0];
    private boolean delivering;
    private long[] scratchEntities = new long[16];
    private int[] scratchTraits = new int[16];
    private byte[] scratchKinds = new byte[16];

    private ObserverHub(World world) {
        this.world = new WeakReference<>(world);
        this.events = world.traitEvents();
        this.tx = world.transaction();
        this.contexts = world.systemContexts();
        this.bus = world.messageBus();
    }

    /** @return the world's hub, installed on first request */
    static ObserverHub of(World world) {
        TraitEvents ev = world.traitEvents();
        if (ev.delivery() instanceof ObserverHub hub) {
            return hub;
        }
        ObserverHub hub = new ObserverHub(world);
        ev.setDelivery(hub);
        return hub;
    }

    /**
     * Attaches a schedule, replacing the attachment of its lineage.
     *
     * @param owner the lineage (the schedule's state trait)
     * @param scheduleName the schedule's name
     * @param systems its systems' names
     * @param observers its observers in this world, or null for none
     * @return the attachment, active until replaced or detached
     */
    Attachment attach(Object owner, String scheduleName, List<String> systems, ObserverRuntime observers) {
        Attachment a = new Attachment(scheduleName, systems, observers);
        if (observers != null) {
            observers.watch(); // first: a watch this one shares with the replaced one stays open
        }
        Attachment old = byOwner.put(owner, a);
        end(old);
        rebuild();
        retain(scheduleName);
        if (old != null && !old.scheduleName.equals(scheduleName)) {
            retain(old.scheduleName);
        }
        return a;
    }

    /**
     * Ends the attachment of a lineage: its observers are never called again, and the contexts of its
     * schedule's name that no attached schedule has are dropped.
     *
     * @param owner the lineage
     * @return whether it was attached
     */
    boolean detach(Object owner) {
        Attachment old = byOwner.remove(owner);
        if (old == null) {
            return false;
        }
        end(old);
        rebuild();
        retain(old.scheduleName);
        return true;
    }

    private static void end(Attachment old) {
        if (old != null) {
            old.active = false;
            if (old.observers != null) {
                old.observers.unwatch();
            }
        }
    }

    private void rebuild() {
        List<ObserverRuntime> list = new ArrayList<>();
        for (Attachment a : byOwner.values()) {
            if (a.observers != null) {
                list.add(a.observers);
            }
        }
        // attach order: IdentityHashMap has none, so keep the previous order and append newcomers
        List<ObserverRuntime> ordered = new ArrayList<>();
        for (ObserverRuntime r : attached) {
            if (list.contains(r)) {
                ordered.add(r);
            }
        }
        for (ObserverRuntime r : list) {
            if (!ordered.contains(r)) {
                ordered.add(r);
            }
        }
        attached = ordered.toArray(new ObserverRuntime[0]);
    }

    /** Drops the contexts of schedule {@code name} that no attached schedule of that name has. */
    private void retain(String name) {
        Set<String> systems = new HashSet<>();
        Set<String> observers = new HashSet<>();
        for (Attachment a : byOwner.values()) {
            if (a.scheduleName.equals(name)) {
                systems.addAll(a.systems);
                observers.addAll(a.observerNames);
            }
        }
        contexts.retain(name, systems, observers);
    }

    /** @return whether the lineage has an attachment (for tests and tools) */
    boolean isAttached(Object owner) {
        return byOwner.containsKey(owner);
    }

    @Override
    public void deliver() {
        if (delivering || events.size() == 0) {
            return;
        }
        World w = world.get();
        if (w == null) {
            return;
        }
        if (attached.length == 0) {
            events.clear();
            return;
        }
        delivering = true;
        SystemContext outerContext = contexts.current();
        MessageReader outerReader = bus.enterRun(false); // no reader is current: observers read no messages
        tx.open();
        boolean failed = true;
        try {
            for (int round = 1; events.size() > 0; round++) {
                if (round > EcsObserver.ROUND_LIMIT) {
                    roundLimit(w);
                    break;
                }
                int n = take();
                ObserverRuntime[] subscribers = attached;
                for (int k = 0; k < n; k++) {
                    int kind = scratchKinds[k];
                    int index = scratchTraits[k];
                    long entity = scratchEntities[k];
                    for (ObserverRuntime s : subscribers) {
                        s.fire(kind, index, entity, w);
                    }
                }
                tx.publish(); // calls deliver() again, which returns at once
            }
            failed = false;
        } finally {
            delivering = false;
            contexts.restore(outerContext);
            bus.exitRun(outerReader);
            if (failed) {
                tx.discard(); // what the failing round staged; the rounds before stay published
            }
            tx.close();
        }
    }

    /** Copies the recorded events out and clears them. */
    private int take() {
        TraitEvents ev = events;
        int n = ev.size();
        if (n > scratchEntities.length) {
            int c = Math.max(n, scratchEntities.length * 2);
            scratchEntities = new long[c];
            scratchTraits = new int[c];
            scratchKinds = new byte[c];
        }
        for (int k = 0; k < n; k++) {
            scratchEntities[k] = ev.entity(k);
            scratchTraits[k] = ev.traitIndex(k);
            scratchKinds[k] = (byte) ev.kind(k).ordinal();
        }
        ev.clear();
        return n;
    }

    /**
     * Events are still pending after the last round: when they would fire an observer, fails naming
     * them (recorded as an OBSERVER failure of the first); otherwise they are dropped.
     */
    private void roundLimit(World w) {
        List<String> names = new ArrayList<>();
        ObserverRuntime blamed = null;
        int first = -1;
        for (ObserverRuntime s : attached) {
            int o = s.pending(events, names);
            if (blamed == null && o >= 0) {
                blamed = s;
                first = o;
            }
        }
        events.clear();
        if (blamed == null) {
            return; // what is pending fires no observer
        }
        IllegalStateException e = new IllegalStateException("schedule '" + blamed.scheduleName
                + "': observers still firing after " + EcsObserver.ROUND_LIMIT + " rounds of one publish: "
                + String.join(", ", names) + " (each round's changes fire the next; the earlier rounds stay published)");
        blamed.record(w, e, first);
        throw e;
    }
}
