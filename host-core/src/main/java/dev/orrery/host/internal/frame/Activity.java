package dev.orrery.host.internal.frame;

import dev.orrery.host.StuckFrame;
import dev.orrery.host.internal.plugins.ObserverProbe;
import dev.orrery.schedule.RunProbe;
import java.time.Duration;

/**
 * What the frame thread is doing at one moment, as its two probes tell any thread: the system the
 * schedules published ({@link RunProbe}) and, when an observer's hook runs around it, that hook
 * ({@link ObserverProbe}). A hook that runs is named instead of the system it observes, so a blocking
 * observer never gets an innocent system blamed.
 *
 * @param system the system published, or null
 * @param hook the observer's hook in progress, or null
 */
record Activity(RunProbe.Running system, ObserverProbe.InHook hook) {
    /**
     * @param probe the schedules' probe
     * @param observers the observers' probe
     * @return what runs now (best effort from another thread; see the probes)
     */
    static Activity now(RunProbe probe, ObserverProbe observers) {
        return new Activity(probe.running().orElse(null), observers.inHook().orElse(null));
    }

    /**
     * @param pluginName a plugin
     * @return whether a system of that plugin runs (not an observer's hook around it)
     */
    boolean isSystemOf(String pluginName) {
        return hook == null && system != null && system.plugin().equals(pluginName);
    }

    /**
     * @return one clause saying what runs, e.g. {@code system 'a' of plugin 'p' in schedule 'main' is running},
     *     {@code observer service 12 (b/1.0.0), its beforeSystem, is running (around system 'a' of schedule 'main');
     *     no system is blamed}
     */
    String describe() {
        if (hook != null) {
            return hook.observer() + ", is running" + (system == null ? "" : " (around system '" + system.system().name()
                    + "' of schedule '" + system.schedule() + "')") + "; no system is blamed";
        }
        if (system == null) {
            return "no system is running (a run condition, an observer or the host itself is busy)";
        }
        return "system '" + system.system().name() + "' of plugin '" + system.plugin() + "' in schedule '"
                + system.schedule() + "' is running";
    }

    /**
     * @param frame the frame that is stuck
     * @param ran how long it has run
     * @return the stuck frame naming what runs
     */
    StuckFrame stuck(long frame, Duration ran) {
        StuckFrame.Builder b = StuckFrame.builder(frame).runningFor(ran);
        if (system != null) {
            b.system(system.schedule(), system.system().name(), hook == null ? system.plugin() : null);
        }
        if (hook != null) {
            b.observer(hook.observer());
        }
        return b.build();
    }
}
