package dev.orrery.host.internal.plugins;

import dev.orrery.schedule.ScheduleHooks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@link ObserverSlot} per schedule name, for the life of the host: the builder thread builds each
 * schedule's observed variant around its slot ({@link #slot}), the frame thread fills the slots with the
 * tracked observer services at frame boundaries ({@link #update}), each behind its fuse
 * ({@link Observers#guard}). Attaching or detaching an observer so changes no schedule.
 */
public final class ObserverSlots {
    private final Observers observers;
    private final Map<String, ObserverSlot> slots = new ConcurrentHashMap<>();
    private List<HooksEntry> entries = List.of(); // frame thread only

    /** @param observers the fuses of the observer services */
    public ObserverSlots(Observers observers) {
        this.observers = observers;
    }

    /**
     * @param schedule a schedule's name
     * @return its slot: the same object for that name for the life of the host; any thread
     */
    public ObserverSlot slot(String schedule) {
        return slots.computeIfAbsent(schedule, k -> new ObserverSlot());
    }

    /**
     * Frame thread, at a boundary: each slot holds, from now on, the observer services that observe its
     * schedule, in service id order, each behind its guard.
     *
     * @param tracked every tracked observer service, in service id order
     */
    public void update(List<HooksEntry> tracked) {
        entries = List.copyOf(tracked);
        refresh();
    }

    /** Frame thread, at a boundary: fills the slots made since the last {@link #update} too. */
    public void refresh() {
        slots.forEach((name, slot) -> {
            List<ScheduleHooks> guards = new ArrayList<>();
            for (HooksEntry h : entries) {
                if (h.appliesTo(name)) {
                    guards.add(observers.guard(h));
                }
            }
            slot.hold(guards.isEmpty() ? null : ScheduleHooks.all(guards));
        });
    }
}
