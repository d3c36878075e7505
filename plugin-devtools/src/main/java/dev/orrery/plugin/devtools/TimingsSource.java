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
 */
@ProviderType
public interface TimingsSource {
    /** @return the timings this service's hooks feed; confined to the frame thread; never null */
    SystemTimings timings();
}
