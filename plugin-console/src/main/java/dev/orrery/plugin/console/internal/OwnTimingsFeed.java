package dev.orrery.plugin.console.internal;

import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.schedule.ScheduleHooks;
import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * The console's own timings, for when plugin-devtools is not installed: a {@link ScheduleHooks}
 * service exists only while at least one page listens (the host rebuilds its schedules with it when it
 * appears and without it when it goes), so no page open means no hook in any frame.
 */
final class OwnTimingsFeed implements TimingsFeed {
    private final BundleContext context;
    private final SystemTimings timings = new SystemTimings();
    private int listeners;
    private ServiceRegistration<ScheduleHooks> registration;

    OwnTimingsFeed(BundleContext context) {
        this.context = context;
    }

    @Override
    public String source() {
        return "console";
    }

    @Override
    public List<SystemTiming> snapshot() {
        return timings.snapshot();
    }

    @Override
    public synchronized void subscribe() {
        if (listeners++ == 0) {
            registration = context.registerService(ScheduleHooks.class, timings, null);
        }
    }

    @Override
    public synchronized void unsubscribe() {
        if (listeners > 0 && --listeners == 0) {
            close();
        }
    }

    /** Removes the hooks (no page listens, or the console stops). */
    synchronized void close() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // already gone with the bundle
            }
            registration = null;
        }
    }
}
