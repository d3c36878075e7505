package dev.orrery.host.internal.frame;

import dev.orrery.host.core.UnloadedCode;
import dev.orrery.world.World;
import dev.orrery.world.unload.PurgeReport;
import dev.orrery.world.unload.Unloading;
import dev.orrery.world.unload.WorldPurge;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.function.Supplier;

/**
 * Drops from the world what belongs to code that is gone ({@code WorldPurge.purge}: a departed plugin's
 * persistent traits become opaque data), and resets the frame thread's context class loader if a
 * plugin left it pointing at such code; one log line per purge that dropped something. A purge a bundle
 * event requested is followed by a {@link Rehydration} (a plugin of the schedules in force may be the
 * new version of the one whose data just became opaque). Requests coalesce: several before the next
 * frame boundary give one purge.
 *
 * <p>Implementation notes: {@code pending} is guarded by this object; the purge itself runs on the
 * frame thread only.
 */
final class WorldPurger {
    private final Logger log;
    private final FrameTasks tasks;
    private final ClassLoader home;
    private final Rehydration rehydration;
    private volatile Supplier<? extends UnloadedCode> unloadedCode = () -> UnloadedCode.NONE;
    private boolean pending; // guarded by this

    /**
     * @param log where purges are logged
     * @param tasks the frame thread's queue, for {@link #request()}
     * @param home the class loader the frame thread's context class loader is reset to
     * @param rehydration run after each requested purge
     */
    WorldPurger(Logger log, FrameTasks tasks, ClassLoader home, Rehydration rehydration) {
        this.log = log;
        this.tasks = tasks;
        this.home = home;
        this.rehydration = rehydration;
    }

    /** @param code makes the test for code that is gone, once per purge; without it nothing is purged */
    void purgeWith(Supplier<? extends UnloadedCode> code) {
        this.unloadedCode = code;
    }

    /**
     * Asks for a purge at the next frame boundary (also while paused).
     *
     * @param world the world to purge
     */
    void request(World world) {
        synchronized (this) {
            if (pending) {
                return;
            }
            pending = true;
        }
        boolean queued = tasks.offer(() -> {
            synchronized (this) {
                pending = false;
            }
            purge(world, "bundle event");
            rehydration.run(world);
        });
        if (!queued) {
            synchronized (this) {
                pending = false;
            }
        }
    }

    /**
     * Frame thread, at a frame boundary: purges now.
     *
     * @param world the world
     * @param why for the log line
     */
    void purge(World world, String why) {
        UnloadedCode code = unloadedCode.get();
        Unloading unloading = Unloading.of(code);
        try {
            PurgeReport report = WorldPurge.purge(world, unloading);
            boolean tccl = unloading.isUnloadedLoader(Thread.currentThread().getContextClassLoader());
            if (tccl) {
                Thread.currentThread().setContextClassLoader(home);
            }
            if (!report.isEmpty() || tccl) {
                log.log(Level.INFO, "purged unloaded code of " + code.names() + " (" + why + "): dropped " + report
                        + (tccl ? "; reset the frame thread's context class loader" : ""));
            }
        } catch (RuntimeException | LinkageError e) {
            log.log(Level.ERROR, "purging unloaded code of " + code.names() + " failed: " + e);
        }
    }
}
