package dev.orrery.plugin.devtools.internal;

import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.plugin.devtools.TimingsSource;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes the devtools' {@link SystemTimings} as a {@link ScheduleHooks} service without an
 * {@code orrery.schedule} property, so the host builds it into every schedule it builds (and rebuilds
 * them when it appears). The shell commands find it through the property {@value #PROPERTY}; other
 * tools (the web console) read the same timings through the {@link TimingsSource} service.
 */
@Component(service = {ScheduleHooks.class, TimingsSource.class}, property = TimingsHooksComponent.PROPERTY + "=timings")
public final class TimingsHooksComponent implements ScheduleHooks, TimingsSource {
    /** Service property marking this service for the devtools' own lookup. */
    public static final String PROPERTY = "orrery.devtools";

    private final SystemTimings timings = new SystemTimings();

    /** @return the timings this service feeds; confined to the frame thread */
    @Override
    public SystemTimings timings() {
        return timings;
    }

    @Override
    public void beforeSystem(HookContext ctx) {
        timings.beforeSystem(ctx);
    }

    @Override
    public void afterSystem(HookContext ctx) {
        timings.afterSystem(ctx);
    }

    @Override
    public void onSkip(HookContext ctx, SkipReason reason) {
        timings.onSkip(ctx, reason);
    }
}
