package dev.orrery.plugin.console;

import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.SystemTimings;
import java.util.List;

/**
 * The console's own timings: one {@link SystemTimings} that a front end hands to the host as schedule
 * hooks when the first page starts listening ({@link #attach}) and takes back when the last one stops
 * or the console closes ({@link #detach}), so no open page means no hook in any frame. The OSGi front
 * end registers the timings as a {@code ScheduleHooks} service; the JPMS one hands them to the host
 * core. Beyond the spec (Orrery's own).
 *
 * <p>Threading: {@link #subscribe}, {@link #unsubscribe} and {@link #close} may be called from any
 * thread and are serialised on this object, so {@link #attach} and {@link #detach} are never called
 * concurrently and always alternate, {@code attach} first, each under this object's lock (keep them
 * short: a registration or a hand-over). {@link #snapshot} is the frame thread's, like the timings.
 *
 * @since 0.1
 */
public abstract class ListenedTimingsFeed implements TimingsFeed {
    private final SystemTimings timings = new SystemTimings();
    private int listeners;
    private boolean attached;

    /** A feed with no page listening and nothing attached. */
    protected ListenedTimingsFeed() {
    }

    /**
     * Hands the timings to the host as schedule hooks.
     *
     * @param timings the feed's timings (always the same object)
     */
    protected abstract void attach(SystemTimings timings);

    /** Takes the hooks {@link #attach} handed over back from the host. */
    protected abstract void detach();

    /** @return {@link Source#CONSOLE} */
    @Override
    public final Source source() {
        return Source.CONSOLE;
    }

    @Override
    public final List<SystemTiming> snapshot() {
        return timings.snapshot();
    }

    /** The first listening page attaches the timings. */
    @Override
    public final synchronized void subscribe() {
        if (listeners++ == 0) {
            attach(timings);
            attached = true;
        }
    }

    /** The last page that stops listening detaches them. */
    @Override
    public final synchronized void unsubscribe() {
        if (listeners > 0 && --listeners == 0) {
            close();
        }
    }

    /** Detaches the timings if attached (no page listens, or the console stops); idempotent. */
    public final synchronized void close() {
        if (attached) {
            attached = false;
            detach();
        }
    }
}
