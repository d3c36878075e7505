package dev.orrery.host.internal.plugins;

import java.util.Optional;

/**
 * Tells any thread which observer service's hook the frame thread is in, so that a watchdog that finds
 * a frame running long blames the observer, not the system it observes (the schedule's
 * {@code RunProbe} publishes a system before its hooks run, so it names that system throughout).
 * Every {@link GuardedObserver} of a host publishes here around each callback.
 *
 * <p>Implementation notes: {@code entry} and {@code callback} are written by the frame thread only
 * (callbacks run there) and read by any thread: three volatile writes per callback, no allocation,
 * only on the frames hooks observe. The two are not read atomically: a reader racing the start of the
 * next hook may pair one observer with another's callback name; its one reader, a watchdog, asks about
 * a frame stuck for a long time, where nothing changes.
 */
public final class ObserverProbe {
    private volatile HooksEntry entry;
    private volatile String callback;

    /** A probe no observer publishes to yet. */
    public ObserverProbe() {
    }

    /**
     * An observer's hook in progress.
     *
     * @param serviceId the observer service's id
     * @param bundle its bundle, {@code symbolicName/version}
     * @param callback {@code beforeSystem}, {@code afterSystem} or {@code onSkip}
     */
    public record InHook(long serviceId, String bundle, String callback) {
        /** @return e.g. {@code observer service 12 (my.bundle/1.0.0), its beforeSystem} */
        public String observer() {
            return "observer service " + serviceId + " (" + bundle + "), its " + callback;
        }
    }

    /** @return the hook the frame thread is in, if any; any thread */
    public Optional<InHook> inHook() {
        HooksEntry e = entry;
        String c = callback;
        return e == null ? Optional.empty() : Optional.of(new InHook(e.serviceId(), e.bundle(), c));
    }

    /**
     * Frame thread: a hook starts.
     *
     * @param observer the observer service
     * @param name the callback's name
     */
    void enter(HooksEntry observer, String name) {
        callback = name;
        entry = observer;
    }

    /** Frame thread: the hook returned or threw. */
    void exit() {
        entry = null;
    }
}
