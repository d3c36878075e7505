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
     * System property: the sample period of the devtools' timings (issue 17); default
     * {@value #DEFAULT_SAMPLE_PERIOD}. A period of N makes timing cost about 1/N of its full price, with
     * sampled counts; see {@link SystemTimings#SystemTimings(java.util.function.LongSupplier, int)}; 1
     * times every frame (exact counts, at 57 to 134 times the cost of a frame of 1,000 empty systems; BENCHMARKS.md, issue 17). The host
     * calls its observer services at the smallest period among them on its main schedule (other schedules,
     * run by systems once per turn or event, on every run call), and on the frames they do not
     * observe its schedules run their generated dispatchers (the host names running systems through a
     * {@code RunProbe}, not through hooks).
     */
    public static final String SAMPLE_PERIOD_PROPERTY = "orrery.devtools.timings.samplePeriod";

    /**
     * The default sample period (issue 17): the devtools are in the distribution by default, so their
     * timings must cost little on every frame; one frame in 256 timed keeps a host frame of 1,000 empty
     * systems within 1.3 times its cost without timings (BENCHMARKS.md), and times each system every
     * 4.3 s at 60 frames per second. The web console shows exact live timings while a page is open
     * through its own hooks instead.
     */
    public static final int DEFAULT_SAMPLE_PERIOD = 256;

    private final SystemTimings timings = new SystemTimings(System::nanoTime,
            Math.max(1, Integer.getInteger(SAMPLE_PERIOD_PROPERTY, DEFAULT_SAMPLE_PERIOD)));

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
