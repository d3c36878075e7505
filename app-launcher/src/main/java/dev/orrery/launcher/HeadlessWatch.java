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
 * Tells the launcher why a run must end with a non-zero exit code: a component that failed to
 * activate (in a headless run, where nobody would notice the missing game), a simulation paused on a
 * fault in a headless run, or the host's frame thread that died (a headless run ends at once; any run
 * ends with code 1 when the host says so as its service leaves).
 *
 * <p>The host is watched through its {@code dev.orrery.host.GameHost} service: the status is read
 * when the service is unregistering (the event is delivered before the service goes, so
 * {@code status()} still answers; the host unregisters it when its framework stops, which it does
 * itself after the frame thread died when {@code orrery.host.stopFrameworkWhenDone=true}), and on
 * each {@link #check()}.
 *
 * <p>Threads: the service listener runs on the framework's event threads, {@link #check()} and
 * {@link #afterStop()} on the launcher's main thread; the only shared state is {@code lastWord}.
 */
final class HeadlessWatch implements ServiceListener {
    /** The host's service interface. */
    static final String GAME_HOST = "dev.orrery.host.GameHost";

    private final BundleContext context;
    private final boolean headless;
    /** Set by the listener when the GameHost service leaves with a problem. */
    private final AtomicReference<String> lastWord = new AtomicReference<>();

    private HeadlessWatch(BundleContext context, boolean headless) {
        this.context = context;
        this.headless = headless;
    }

    /**
     * @param systemContext the system bundle's context
     * @param headless whether the run is headless (no shell; it is meant to end by itself)
     * @return a watch, listening for the host service
     */
    static HeadlessWatch start(BundleContext systemContext, boolean headless) {
        HeadlessWatch w = new HeadlessWatch(systemContext, headless);
        try {
            systemContext.addServiceListener(w, "(" + org.osgi.framework.Constants.OBJECTCLASS + "=" + GAME_HOST + ")");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        return w;
    }

    @Override
    public void serviceChanged(ServiceEvent event) {
        if (event.getType() == ServiceEvent.UNREGISTERING) {
            statusProblem(event.getServiceReference()).ifPresent(lastWord::set);
        }
    }

    /**
     * While the framework runs: whether a headless run must end now (a component failed to activate,
     * the simulation paused on a fault, the frame thread died). Always empty when not headless.
     *
     * @return the one-line reason, or empty
     */
    Optional<String> check() {
        if (!headless) {
            return Optional.empty(); // a person is there: the shell stays, to look around; afterStop() tells
        }
        List<String> failed = ComponentFailures.find(context);
        if (!failed.isEmpty()) {
            return Optional.of(failed.get(0) + (failed.size() > 1 ? " (and " + (failed.size() - 1) + " more)" : ""));
        }
        ServiceReference<?> ref = context.getServiceReference(GAME_HOST);
        return ref == null ? Optional.ofNullable(lastWord.get()) : statusProblem(ref);
    }

    /** @return after the framework stopped: why the run failed, if the host said so when it left */
    Optional<String> afterStop() {
        return Optional.ofNullable(lastWord.get());
    }

    private Optional<String> statusProblem(ServiceReference<?> ref) {
        Object host = context.getService(ref);
        if (host == null) {
            return Optional.empty();
        }
        try {
            return HostOutcome.problem(Reflect.call(host, "status"), headless);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        } finally {
            context.ungetService(ref);
        }
    }
}
