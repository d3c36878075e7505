package dev.orrery.plugin.devtools;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A service that hands out the {@link SystemTimings} it feeds from its {@code ScheduleHooks}, so that
 * other tools (the web console) can read the same per-system timings as the shell's
 * {@code orrery:timings} without adding a second observer to every frame. Beyond the spec (Orrery's own).
 *
 * <p>Registered by the devtools bundle next to its timings hooks. The timings are confined to the
 * host's frame thread: call {@link SystemTimings#snapshot()} only there (e.g. inside
 * {@code GameHost.submit}).
 *
 * @since 0.1
 */
@ProviderType
public interface TimingsSource {
    /**
     * System property read by the devtools bundle when it starts: the sample period of its timings, a
     * whole number from 1 (every run call of the main schedule is timed, exact counts) up; default
     * {@value #DEFAULT_SAMPLE_PERIOD}. See {@link SystemTimings#SystemTimings(java.util.function.LongSupplier, int)}.
     */
    String SAMPLE_PERIOD_PROPERTY = "orrery.devtools.timings.samplePeriod";

    /** The default of {@value #SAMPLE_PERIOD_PROPERTY}: one run call of the main schedule in 256 is timed. */
    int DEFAULT_SAMPLE_PERIOD = 256;

    /** @return the timings this service's hooks feed; confined to the frame thread; never null */
    SystemTimings timings();
}
