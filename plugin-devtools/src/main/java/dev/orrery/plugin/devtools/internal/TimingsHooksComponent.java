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

    /**
     * System property: the sample period of the devtools' timings (issue 17); default 1 (every frame
     * observed, exact counts). A period of 64 makes timing cost about 1/64 of its full price, with
     * sampled counts; see {@link SystemTimings#SystemTimings(java.util.function.LongSupplier, int)}.
     * The host calls its observer services at the smallest period among them, and on the frames they
     * do not observe its schedules run their generated dispatchers (the host names running systems
     * through a {@code RunProbe}, not through hooks).
     */
    public static final String SAMPLE_PERIOD_PROPERTY = "orrery.devtools.timings.samplePeriod";

    private final SystemTimings timings = new SystemTimings(System::nanoTime,
            Math.max(1, Integer.getInteger(SAMPLE_PERIOD_PROPERTY, 1)));

    @Override
    public int samplePeriod() {
        return timings.samplePeriod();
    }

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
