package dev.orrery.host.internal.frame;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The frame thread's interrupts that the host itself makes: when a plugin leaves while one of its
 * systems has run longer than the departure's wait, the frame thread is interrupted, so that an
 * interruptible wait of that system ends (a blocking {@code accept()} on a classic socket or a busy loop
 * do not). What the interrupted system then throws ends the frame without pausing the simulation
 * ({@link FrameFaults}), and the interrupt it may leave behind is not reported as a system's
 * ({@link FrameTaskRunner}).
 *
 * <p>Implementation notes: any thread interrupts; the frame thread asks. A plugin stays marked until
 * its departure's suspension is in force at a frame boundary ({@link #departed}).
 */
final class DepartureInterrupts {
    private final Set<String> plugins = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean pending = new AtomicBoolean();

    /**
     * Interrupts the frame thread for a departing plugin's system.
     *
     * @param frameThread the frame thread
     * @param plugin the departing plugin
     */
    void interrupt(Thread frameThread, String plugin) {
        plugins.add(plugin);
        pending.set(true);
        frameThread.interrupt();
    }

    /**
     * Marks a departing plugin whose parked system's wait the host cancelled: what that system then
     * throws is the departure's, not a fault of the plugin.
     *
     * @param plugin the departing plugin
     */
    void cancelled(String plugin) {
        plugins.add(plugin);
    }

    /**
     * @param plugin a plugin
     * @return whether the host interrupted a system of that plugin because it left, and its departure is not
     *     in force yet
     */
    boolean interrupted(String plugin) {
        return plugin != null && plugins.contains(plugin);
    }

    /** @param plugin a plugin whose departure is now in force (its systems no longer run) */
    void departed(String plugin) {
        plugins.remove(plugin);
    }

    /** @return whether an interrupt of the host's own is pending; clears it (frame thread) */
    boolean takeOwnInterrupt() {
        return pending.getAndSet(false);
    }
}
