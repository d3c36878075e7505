package dev.orrery.host.internal.frame;

import dev.orrery.host.RebuildInfo;
import dev.orrery.host.Schedules;
import dev.orrery.host.internal.rebuild.RebuildRecords;
import dev.orrery.host.internal.rebuild.Swap;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.List;

/**
 * Puts changed schedules in force at a frame boundary: a rebuild's {@link Swap} ({@link #install}) or a
 * departed plugin's suspension ({@link #suspend}). Each change, in this order: the schedules in force
 * change ({@link InstalledSchedules}) and are attached to the world ({@link Schedule#attach}: the
 * observers and message readers of the schedules they replace are dropped at once, before any frame
 * task changes the world); the world's {@link Schedules#TRAIT} is set to them; the systems
 * they no longer have are disposed ({@link SystemDisposer}). A swap then records its rebuilds
 * ({@link RebuildRecords}, one INFO line each) and, when a plugin left or was replaced, purges the
 * departed code from the world ({@link WorldPurger}), after the dispose functions that may still use it;
 * last, the plugins in force get their persistent state back from opaque data ({@link Rehydration}):
 * the state a departed version left, or a load kept for a plugin that was absent.
 *
 * <p>Invariant: no purge runs before the dispose functions of the systems that left, no system is
 * initialised under a main schedule's new name before the old name's initialised systems are disposed,
 * and the rehydration runs after the purge, so an updated plugin's new trait adopts what its old
 * version's trait became at that same boundary, before any frame of the new version.
 *
 * <p>Frame thread only (called from tasks the frame thread runs at a frame boundary).
 */
final class ScheduleChanges {
    private final World world;
    private final InstalledSchedules installed;
    private final SystemDisposer disposer;
    private final RebuildRecords records;
    private final WorldPurger purger;
    private final Rehydration rehydration;
    private final Logger log;
    private final Runnable changed;

    /**
     * @param world the world the schedules run on
     * @param installed the schedules in force
     * @param disposer disposes the systems that left them
     * @param records where swapped-in rebuilds are recorded
     * @param purger purges departed code after a swap
     * @param rehydration gives the plugins in force their opaque data back, after each swap
     * @param log where swapped-in rebuilds are logged
     * @param changed told when the schedules in force, the plugin statuses or the rebuilds changed
     */
    ScheduleChanges(World world, InstalledSchedules installed, SystemDisposer disposer, RebuildRecords records,
                    WorldPurger purger, Rehydration rehydration, Logger log, Runnable changed) {
        this.world = world;
        this.installed = installed;
        this.disposer = disposer;
        this.records = records;
        this.purger = purger;
        this.rehydration = rehydration;
        this.log = log;
        this.changed = changed;
    }

    /**
     * Installs a rebuild's result.
     *
     * @param swap the rebuilt schedules, plugin statuses and rebuild records
     */
    void install(Swap swap) {
        installed.install(swap, world);
        attachAll();
        world.set(Schedules.TRAIT, installed.published());
        // A renamed main schedule has a new lifecycle record: the old name's initialised systems are
        // disposed here, so a system is never initialised twice without a dispose in between.
        disposer.disposeRemoved("a rebuilt schedule was swapped in", swap.carryState().values());
        List<RebuildInfo> infos = records.installed(swap, Instant.now());
        boolean departed = false;
        for (RebuildInfo info : infos) {
            log.log(Level.INFO, info.summary());
            departed |= !info.left().isEmpty() || !info.replaced().isEmpty();
        }
        changed.run();
        if (departed) {
            purger.purge(world, "plugins left or were replaced");
        }
        rehydration.run(world);
    }

    /**
     * Attaches the schedules in force to the world ({@link Schedule#attach}): from now on their observers
     * are the ones that fire (between frames too, for the world changes of frame tasks), their message
     * readers are the registered ones, and the observers, readers and per-system contexts of the systems
     * they replaced are dropped, so nothing of a departed plugin stays reachable from the world. Calls
     * no plugin code.
     */
    private void attachAll() {
        for (Schedule schedule : installed.running()) {
            schedule.attach(world);
        }
    }

    /**
     * The observer slots changed: schedules other than the main one are published as their observed
     * or plain variant accordingly ({@link InstalledSchedules#republish}); no schedule is built, nothing
     * is disposed, recorded or logged.
     */
    void observersChanged() {
        if (installed.republish()) {
            world.set(Schedules.TRAIT, installed.published());
            changed.run();
        }
    }

    /**
     * A plugin left: its systems stop running in every schedule built from its data
     * ({@link InstalledSchedules#suspend}); when a schedule in force changed, it is published and the
     * departed systems are disposed. No purge here (one follows when a swap in which the plugin left
     * is installed, or when the front end requests one).
     *
     * @param plugin the plugin data the schedules were built from (identity)
     * @param pluginName its name
     * @param generation the service-event generation of the departure
     */
    void suspend(Plugin plugin, String pluginName, long generation) {
        if (installed.suspend(plugin, pluginName, generation)) {
            attachAll();
            world.set(Schedules.TRAIT, installed.published());
            changed.run();
            disposer.disposeRemoved("plugin '" + pluginName + "' left");
        }
    }
}
