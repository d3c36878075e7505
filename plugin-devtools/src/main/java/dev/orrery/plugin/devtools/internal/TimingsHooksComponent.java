package dev.orrery.plugin.devtools.internal;

import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.plugin.devtools.TimingsSource;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import org.osgi.service.component.annotations.Component;

/**
 * Publishes the devtools' {@link SystemTimings} as a {@link ScheduleHooks} service without an
 * {@code orrery.schedule} property, so the host calls it in every schedule (from the frame boundary
 * after it appears, without a rebuild), and as the {@link TimingsSource} through which the shell commands and other
 * tools (the web console) read the same timings. The service property {@value #PROPERTY} marks it for
 * the devtools' own lookup.
 *
 * <p>Implementation notes: the sample period is {@link TimingsSource#SAMPLE_PERIOD_PROPERTY}, read once
 * when the component is made. The devtools are in the distribution by default, so their timings must
 * cost little on every frame: with the default of one frame in 256, a host frame of 1,000 empty systems
 * stays within 1.3 times its cost without timings (BENCHMARKS.md), and each system is timed every 4.3 s
 * at 60 frames per second; a period of 1 costs 57 to 134 times such a frame. The host calls its observer
 * services at the smallest period among them on its main schedule (other schedules, run by systems once
 * per turn or event, on every run call), and on the frames they do not observe, its schedules run their
 * generated dispatchers. The web console shows exact live timings while a page is open through its own
 * hooks instead.
 */
@Component(service = {ScheduleHooks.class, TimingsSource.class}, property = TimingsHooksComponent.PROPERTY + "=timings")
public final class TimingsHooksComponent implements ScheduleHooks, TimingsSource {
    /** Service property marking this service for the devtools' own lookup. */
    public static final String PROPERTY = "orrery.devtools";

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
