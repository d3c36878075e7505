package dev.orrery.world;

import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * The per-system contexts of one world and which one is running: the seam between a schedule's
 * executors and the world's per-system features (change detection's "since this system last ran").
 * Obtained with {@link World#systemContexts()}: one object per world, for the life of the world.
 * Game code never calls it; executors and tools do.
 *
 * <p>An executor resolves each system's {@link SystemContext} once ({@link #of}), makes it current
 * with {@link #enter} before the system's turn and calls {@link SystemContext#ran()} when its run
 * function returned. A run call saves the current context when it begins ({@link #current()}) and
 * restores it when it ends ({@link #restore}), so a nested run call from inside a system leaves the
 * outer system current again. Outside any system the current context is null: change queries and
 * {@link World#removed(Trait)} then use their own windows (see there). Observers have contexts of
 * their own ({@link #ofObserver}). Contexts of systems and observers that left their schedule are
 * dropped with {@link #retain} (schedules do it when they attach to the world, {@code Schedule.attach}).
 *
 * <p><b>Threading:</b> confined to the world's thread, like the world.
 *
 * @since 0.3
 */
public final class SystemContexts {
    private final WorldChanges changes;
    private final Map<Key, SystemContext> byName = new HashMap<>();

    SystemContexts(WorldChanges changes) {
        this.changes = changes;
    }

    /** {@code observer}: the key of an observer's context (observers and systems have separate names). */
    private record Key(String schedule, String system, boolean observer) {
    }

    /**
     * Returns the context of a system in this world, creating it on first request; the same object
     * for the same names for the life of the world (names hold no plugin class, so a departed
     * plugin's code stays collectable).
     *
     * @param scheduleName the schedule's name; not null
     * @param systemName the system's name; not null
     * @return the context
     * @throws NullPointerException if a name is null
     */
    public SystemContext of(String scheduleName, String systemName) {
        Objects.requireNonNull(scheduleName, "SystemContexts.of: schedule name is null");
        Objects.requireNonNull(systemName, "SystemContexts.of: system name is null");
        return byName.computeIfAbsent(new Key(scheduleName, systemName, false),
                k -> new SystemContext(changes, k.schedule(), k.system()));
    }

    /**
     * Returns the context of an observer of a schedule in this world, as {@link #of} does for a system:
     * an observer's change queries and {@link World#removed} see the changes since its previous call
     * (its first call sees everything). Observers and systems have separate contexts, even under
     * one name.
     *
     * @param scheduleName the schedule's name; not null
     * @param observerName the observer's name; not null
     * @return the context
     * @throws NullPointerException if a name is null
     */
    public SystemContext ofObserver(String scheduleName, String observerName) {
        Objects.requireNonNull(scheduleName, "SystemContexts.ofObserver: schedule name is null");
        Objects.requireNonNull(observerName, "SystemContexts.ofObserver: observer name is null");
        return byName.computeIfAbsent(new Key(scheduleName, observerName, true),
                k -> new SystemContext(changes, k.schedule(), k.system()));
    }

    /**
     * Drops the contexts of a schedule's systems and observers that are not named in {@code systems}
     * and {@code observers}: the world forgets their windows (a system of that name that comes back
     * starts afresh, its first run seeing everything) and they no longer hold back the retention of
     * removals ({@link World#removed}). The schedule's systems and observers that are named keep their
     * contexts. A dropped context object is detached from the world: entering it makes no system current, and
     * its runs are seen by no reader.
     *
     * @param scheduleName the schedule's name; not null
     * @param systems the names of the systems that stay; not null
     * @param observers the names of the observers that stay; not null
     * @return how many contexts were dropped
     */
    public int retain(String scheduleName, Collection<String> systems, Collection<String> observers) {
        Objects.requireNonNull(scheduleName, "SystemContexts.retain: schedule name is null");
        Objects.requireNonNull(systems, "SystemContexts.retain: systems is null");
        Objects.requireNonNull(observers, "SystemContexts.retain: observers is null");
        int dropped = 0;
        for (Iterator<Map.Entry<Key, SystemContext>> it = byName.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Key, SystemContext> e = it.next();
            Key k = e.getKey();
            if (k.schedule().equals(scheduleName)
                    && !(k.observer() ? observers.contains(k.system()) : systems.contains(k.system()))) {
                it.remove();
                changes.drop(e.getValue());
                dropped++;
            }
        }
        return dropped;
    }

    /**
     * Makes a system's context current: its turn begins (its conditions run next, then its run
     * function). One field write.
     *
     * @param context the system's context (from this world), or null for "no system"
     */
    public void enter(SystemContext context) {
        if (changes.any()) { // nothing is tracked: no window matters yet (see WorldChanges, "the clock")
            changes.currentId = context == null ? -1 : context.id;
        }
    }

    /**
     * Whether the world tracks changes of some trait (a change query or {@link World#removed} asked
     * about it). While it does not, {@link #enter} and {@link SystemContext#ran()} do nothing, and
     * executors may skip them: tracking, when it starts, reports every entity that has the trait as
     * added at a tick later than every system's window.
     *
     * @return whether some trait is tracked
     */
    public boolean tracking() {
        return changes.any();
    }

    /**
     * @return the context of the system running now; null outside any system, and while the world
     *     tracks no trait ({@link #tracking()})
     */
    public SystemContext current() {
        return changes.current();
    }

    /**
     * Makes {@code saved} current again: the end of a run call that saved it with {@link #current()}.
     *
     * @param saved the context current before the run call, or null
     */
    public void restore(SystemContext saved) {
        changes.currentId = saved == null ? -1 : saved.id;
    }

    /** @return the world's change clock now: the tick of the latest change, or of the end of the latest window (starts at 1) */
    public long tick() {
        return changes.tick;
    }
}
