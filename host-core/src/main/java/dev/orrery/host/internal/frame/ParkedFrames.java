package dev.orrery.host.internal.frame;

import dev.orrery.host.ParkedFrame;
import dev.orrery.schedule.ParkedUpdate;
import dev.orrery.schedule.RunProbe;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;

/**
 * The host's view of a parked world update (a system waiting in {@code Cooperative.await}), as the
 * schedules' probe publishes it: the {@link ParkedFrame} of the status, and the ERROR line that tells
 * the user when a wait lasts: once the update has been parked for {@link #FIRST_REPORT}, then about
 * every {@link #REPEAT} while the same wait lasts, each naming world, system, plugin and label.
 *
 * <p>Implementation notes: durations are measured with the probe's clock (the one that dates the park,
 * injectable in tests). {@link #check} runs on the watchdog's checking thread only, which owns
 * {@code reported} and {@code nextReport}; {@link #current} may be called from any thread.
 */
final class ParkedFrames {
    /** How long an update is parked before the first ERROR line. */
    static final Duration FIRST_REPORT = Duration.ofSeconds(5);
    /** How long between two ERROR lines of the same wait. */
    static final Duration REPEAT = Duration.ofMinutes(1);

    private final RunProbe probe;
    private final Logger log;
    private ParkedUpdate reported;
    private Instant nextReport;

    /**
     * @param probe the probe the host's schedules publish to
     * @param log where the lines go
     */
    ParkedFrames(RunProbe probe, Logger log) {
        this.probe = probe;
        this.log = log;
    }

    /**
     * @param frame the number of the frame running now
     * @return the parked frame, or null when no update is parked; any thread
     */
    ParkedFrame current(long frame) {
        ParkedUpdate u = probe.parked().orElse(null);
        return u == null ? null : of(u, frame);
    }

    /** @return whether an update is parked now; any thread */
    boolean parked() {
        return probe.parked().isPresent();
    }

    /**
     * Checking thread: logs the ERROR line when it is due.
     *
     * @param frame the number of the frame running now
     * @return whether it logged
     */
    boolean check(long frame) {
        ParkedUpdate u = probe.parked().orElse(null);
        if (u == null) {
            reported = null;
            return false;
        }
        if (u != reported) {
            reported = u;
            nextReport = u.since().plus(FIRST_REPORT);
        }
        Instant now = probe.clock().instant();
        if (now.isBefore(nextReport)) {
            return false;
        }
        nextReport = now.plus(REPEAT);
        ParkedFrame p = of(u, frame);
        log.log(Level.ERROR, "world '" + p.world() + "' has been parked for " + Duration.between(u.since(), now).toSeconds()
                + " s: " + p.describe() + "; nothing else of that world runs until the wait ends (said again about"
                + " once a minute while it lasts)");
        return true;
    }

    private static ParkedFrame of(ParkedUpdate u, long frame) {
        return new ParkedFrame(frame, ParkedFrame.HOST_WORLD, u.schedule(), u.phase().name(), u.systemName().orElse(null),
                u.pluginName().orElse(null), u.label(), u.stage(), u.since());
    }
}
