package dev.orrery.host.internal.frame;

import dev.orrery.host.Schedules;
import dev.orrery.host.internal.rebuild.Swap;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The schedules in force on the frame thread: the ones swapped in from rebuilds, minus the systems of
 * plugins that departed since (suspended until rebuilds without them are swapped in).
 *
 * <p>Departure without a stall: when a plugin service leaves, {@link #suspend} replaces every schedule
 * built from that plugin's data by the same schedule without its systems ({@link Schedule#withoutPlugins}:
 * no plugin code runs, no re-sorting, same state trait), so frames go on at once without it while the
 * coalesced rebuild runs in the background. A suspension is keyed on the identity of the plugin data the
 * schedules were built from, which a departed service never brings back (a returning bundle registers a
 * new service with new data). So a swap built before the departure, which still has that data, is
 * filtered the same way, even one that is installed after the suspension (the departure came while it
 * was being built). The suspension ends once a swap built after the departure (its service-event
 * generation at least the departure's) is installed and no installed schedule was built from that data:
 * a schedule that cannot be rebuilt at all keeps running without the departed plugin.
 *
 * <p>Observed variants: a swap may carry, for a schedule, an observed variant built around its
 * observer slot ({@link Swap#observed()}). It is filtered like the plain one. The main schedule's is
 * run by the frame loop on the frames its observers sample ({@link #mainObserved()}); for the other
 * schedules, which systems run through {@link Schedules}, the published one is the observed variant
 * while its slot holds observers and the plain one otherwise ({@link #republish()} after the slots
 * changed).
 *
 * <p>Frame thread only, except {@link #published()}, which any thread may read.
 */
final class InstalledSchedules {
    private final Map<String, Schedule> built = new HashMap<>();
    private final Map<String, Schedule> running = new HashMap<>();
    private final Map<String, Schedule> builtObserved = new HashMap<>();
    private final Map<String, Schedule> runningObserved = new HashMap<>();
    /** Whether a schedule's observer slot holds observers now. */
    private final Predicate<String> observedNow;
    /** A departed plugin: its name, and the service-event generation of its departure. */
    private record Suspension(String pluginName, long generation) {
    }

    /** Departed plugin data (identity) → its suspension. */
    private final Map<Plugin, Suspension> suspended = new IdentityHashMap<>();
    /** The newest generation of the swaps installed so far. */
    private long installedGeneration = Long.MIN_VALUE;
    private String mainName;
    private volatile Schedules published = Schedules.EMPTY;

    /** @param mainName the main schedule's name until a swap says otherwise; no schedule is ever observed */
    InstalledSchedules(String mainName) {
        this(mainName, name -> false);
    }

    /**
     * @param mainName the main schedule's name until a swap says otherwise
     * @param observedNow whether a schedule's observer slot holds observers now
     */
    InstalledSchedules(String mainName, Predicate<String> observedNow) {
        this.mainName = mainName;
        this.observedNow = observedNow;
    }

    /** @return the main schedule as it runs now, or null when none is installed */
    Schedule main() {
        return running.get(mainName);
    }

    /** @return the main schedule's observed variant as it runs now, or null when it has none */
    Schedule mainObserved() {
        return runningObserved.get(mainName);
    }

    /** @return the main schedule's name */
    String mainName() {
        return mainName;
    }

    /**
     * @return the schedules as they run now (departed plugins' systems removed), for disposing the
     *     systems that left them; frame thread only; a new list
     */
    List<Schedule> running() {
        return new ArrayList<>(running.values());
    }

    /** @return the schedules as they run now, by name; any thread */
    Schedules published() {
        return published;
    }

    /**
     * Stops running a departed plugin's systems from now on, in every schedule built from its data.
     *
     * @param plugin the plugin data the schedules were built from (compared by identity)
     * @param pluginName its name
     * @param generation the service-event generation of the departure (a snapshot of this generation or
     *     newer no longer has the plugin)
     * @return whether a schedule in force changed
     */
    boolean suspend(Plugin plugin, String pluginName, long generation) {
        suspended.put(plugin, new Suspension(pluginName, generation));
        boolean changed = false;
        for (String name : built.keySet()) {
            changed |= refresh(name);
        }
        prune();
        if (changed) {
            publish();
        }
        return changed;
    }

    /**
     * Installs a swap: its rebuilt schedules replace those of the same name (filtered by the
     * suspensions in force); suspensions no installed schedule needs any more end; the state of a
     * renamed schedule moves to its new name.
     *
     * @param swap the rebuild result
     * @param world the world, to carry schedule state to a new name ({@link Swap#carryState()})
     */
    void install(Swap swap, World world) {
        mainName = swap.mainSchedule();
        installedGeneration = Math.max(installedGeneration, swap.generation());
        for (Map.Entry<String, Schedule> e : swap.rebuilt().entrySet()) {
            built.put(e.getKey(), e.getValue());
            Schedule observed = swap.observed().get(e.getKey());
            if (observed == null) {
                builtObserved.remove(e.getKey());
            } else {
                builtObserved.put(e.getKey(), observed);
            }
            refresh(e.getKey());
        }
        prune();
        swap.carryState().forEach((to, from) -> carryState(world, from, to));
        publish();
    }

    /**
     * Copies the state record (disabled flags, OnStart progress) of schedule {@code from} to schedule
     * {@code to}, unless {@code to} already has one of its own in the world.
     */
    private void carryState(World world, String from, String to) {
        Schedule source = built.get(from);
        Schedule target = built.get(to);
        if (source == null || target == null || source.state() == target.state() || !world.has(source.state())
                || world.has(target.state())) {
            return;
        }
        ScheduleState state = world.get(source.state());
        world.set(target.state(), state.renamedTo(to));
    }

    /** @return whether the running schedule of that name changed */
    private boolean refresh(String name) {
        Schedule base = built.get(name);
        List<String> gone = new ArrayList<>();
        for (Plugin p : base.plugins()) {
            Suspension departed = suspended.get(p);
            if (departed != null) {
                gone.add(departed.pluginName());
            }
        }
        Schedule next = gone.isEmpty() ? base : base.withoutPlugins(gone);
        Schedule observed = builtObserved.get(name);
        if (observed == null) {
            runningObserved.remove(name);
        } else {
            runningObserved.put(name, gone.isEmpty() ? observed : observed.withoutPlugins(gone));
        }
        return running.put(name, next) != next;
    }

    /**
     * Ends the suspensions that a swap built after the departure superseded and that no installed
     * schedule needs any more.
     */
    private void prune() {
        if (suspended.isEmpty()) {
            return;
        }
        Set<Plugin> inUse = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (Schedule s : built.values()) {
            inUse.addAll(s.plugins());
        }
        suspended.entrySet().removeIf(e -> e.getValue().generation() <= installedGeneration
                && !inUse.contains(e.getKey()));
    }

    /**
     * Publishes again after the observer slots changed: a schedule other than the main one whose slot
     * now holds observers is published as its observed variant, one whose slot is empty as the plain one.
     *
     * @return whether the published schedules changed
     */
    boolean republish() {
        Schedules before = published;
        publish();
        for (String name : running.keySet()) {
            if (before.get(name).orElse(null) != published.get(name).orElse(null)) {
                return true;
            }
        }
        return false;
    }

    private void publish() {
        Map<String, Schedule> shown = new HashMap<>(running);
        runningObserved.forEach((name, observed) -> {
            if (!name.equals(mainName) && observedNow.test(name)) {
                shown.put(name, observed);
            }
        });
        published = Schedules.of(shown);
    }
}
