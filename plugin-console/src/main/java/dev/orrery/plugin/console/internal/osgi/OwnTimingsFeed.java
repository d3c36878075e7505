package dev.orrery.plugin.console.internal.osgi;

import dev.orrery.plugin.console.ListenedTimingsFeed;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.schedule.ScheduleHooks;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * The console's own timings, for when plugin-devtools is not installed: a {@link ScheduleHooks}
 * service exists only while at least one page listens (the host puts it in its schedules' observer
 * slots at the frame boundary after it appears and takes it out after it goes, without a rebuild), so
 * no page open means no hook in any frame.
 */
final class OwnTimingsFeed extends ListenedTimingsFeed {
    private final BundleContext context;
    private ServiceRegistration<ScheduleHooks> registration; // guarded by the feed's lock (attach/detach)

    OwnTimingsFeed(BundleContext context) {
        this.context = context;
    }

    @Override
    protected void attach(SystemTimings timings) {
        registration = context.registerService(ScheduleHooks.class, timings, null);
    }

    @Override
    protected void detach() {
        try {
            registration.unregister();
        } catch (IllegalStateException e) {
            // already gone with the bundle
        }
        registration = null;
    }
}
