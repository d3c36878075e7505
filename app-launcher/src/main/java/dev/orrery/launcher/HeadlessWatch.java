package dev.orrery.launcher;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;

/**
 * Tells the launcher why a run must end with a non-zero exit code: the host's frame thread that died
 * (any run ends at once); in a headless run (where nobody would notice the missing game), a component
 * that failed to activate, a simulation paused on a fault, or a stuck host; and, as the host's service
 * leaves when the framework stops, a dead frame thread or a host still stuck.
 *
 * <p>The host is watched through its {@code dev.orrery.host.GameHost} service: the status is read
 * when the service is unregistering (the event is delivered before the service goes, so
 * {@code status()} still answers; the host unregisters it when its framework stops, which it does
 * itself after the frame thread died when {@code orrery.host.stopFrameworkWhenDone=true}), on each
 * {@link #check()}, and once more after the framework stopped ({@link #afterStop()}: the service object
 * kept as it left answers with the host's last status, STUCK when the host could not wait for its frame).
 *
 * <p>Threads: the service listener runs on the framework's event threads, {@link #check()} and
 * {@link #afterStop()} on the launcher's main thread; the only shared state is {@code lastWord} and
 * {@code leaving}. The framework may stop on a thread of its own at any time (the host stops it when a
 * frame budget is used up), so {@link #check()} may meet an invalid context: it then has no verdict.
 */
final class HeadlessWatch implements ServiceListener {
    /** The host's service interface. */
    static final String GAME_HOST = "dev.orrery.host.GameHost";

    private final BundleContext context;
    private final boolean headless;
    /** Set by the listener when the GameHost service leaves with a problem. */
    private final AtomicReference<String> lastWord = new AtomicReference<>();
    /** The GameHost service object, kept as its service leaves: after the framework stopped it still tells its last status. */
    private final AtomicReference<Object> leaving = new AtomicReference<>();

    private HeadlessWatch(BundleContext context, boolean headless) {
        this.context = context;
        this.headless = headless;
    }

    /**
     * @param systemContext the system bundle's context; null or invalid when the framework already stopped
     *     by itself (then the watch never has a verdict)
     * @param headless whether the run is headless (no shell; it is meant to end by itself)
     * @return a watch, listening for the host service
     */
    static HeadlessWatch start(BundleContext systemContext, boolean headless) {
        HeadlessWatch w = new HeadlessWatch(systemContext, headless);
        if (systemContext == null) {
            return w;
        }
        try {
            systemContext.addServiceListener(w, "(" + org.osgi.framework.Constants.OBJECTCLASS + "=" + GAME_HOST + ")");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        } catch (IllegalStateException stopped) {
            // the framework stopped before the watch could listen: the run is ending, and has no word from the host
        }
        return w;
    }

    @Override
    public void serviceChanged(ServiceEvent event) {
        if (event.getType() == ServiceEvent.UNREGISTERING) {
            try {
                statusProblem(event.getServiceReference(), true).ifPresent(lastWord::set);
                leaving.set(context.getService(event.getServiceReference()));
            } catch (IllegalStateException | IllegalArgumentException e) {
                // the framework is gone already
            }
        }
    }

    /**
     * While the framework runs: whether the run must end now. Any run ends when the host's frame thread
     * died (the host is STOPPED with that fault: nothing can go on); a headless run also when a component
     * failed to activate, the simulation paused on a fault, or the host is stuck.
     *
     * @return the one-line reason, or empty
     */
    Optional<String> check() {
        if (context == null) {
            return Optional.empty();
        }
        try {
            if (headless) {
                List<String> failed = ComponentFailures.find(context);
                if (!failed.isEmpty()) {
                    return Optional.of(failed.get(0) + (failed.size() > 1 ? " (and " + (failed.size() - 1) + " more)" : ""));
                }
            }
            ServiceReference<?> ref = context.getServiceReference(GAME_HOST);
            return ref == null ? Optional.ofNullable(lastWord.get()) : statusProblem(ref, false);
        } catch (IllegalStateException stopping) {
            // the framework stopped between the launcher's wait and this check (the host ends a run
            // with a frame budget by itself); its context is invalid, and afterStop() gives the verdict
            return Optional.empty();
        }
    }

    /**
     * @return after the framework stopped: why the run failed, if the host said so when it left (the frame
     *     thread died, or the host was stuck)
     */
    Optional<String> afterStop() {
        String word = lastWord.get();
        Object host = leaving.get();
        if (word == null && host != null) {
            try {
                // the host's status once it stopped: stuck, when it could not wait for its frame
                return HostOutcome.problem(Reflect.call(host, "status"), headless, true);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(word);
    }

    private Optional<String> statusProblem(ServiceReference<?> ref, boolean ending) {
        Object host = context.getService(ref);
        if (host == null) {
            return Optional.empty();
        }
        try {
            return HostOutcome.problem(Reflect.call(host, "status"), headless, ending);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        } finally {
            context.ungetService(ref);
        }
    }
}
