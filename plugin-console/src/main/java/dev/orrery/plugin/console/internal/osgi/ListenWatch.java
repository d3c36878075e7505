package dev.orrery.plugin.console.internal.osgi;

import dev.orrery.plugin.console.ConsoleSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;

/**
 * Watches the HTTP runtimes' published endpoints ({@value ListenCheck#ENDPOINT}) and logs, once, whether
 * the console is served on its host:port ({@link ListenCheck}): INFO when an endpoint on the port appears,
 * else after {@code grace} one WARNING/ERROR line naming host:port and the cause (a late success is still
 * reported). Beyond the spec (Orrery's own).
 */
final class ListenWatch implements ServiceListener {
    private static final String FILTER = "(&(objectClass=org.osgi.service.http.runtime.HttpServiceRuntime)("
            + ListenCheck.ENDPOINT + "=*))";

    private final BundleContext context;
    private final ConsoleSettings settings;
    private final System.Logger log;
    private final ScheduledExecutorService timer;
    private boolean served;
    private boolean reported;
    private boolean closed;

    /**
     * Starts watching.
     *
     * @param context the console bundle's context; not null
     * @param settings the console's settings; not null
     * @param log where the outcome goes; not null
     * @param grace how long an HTTP runtime may take to publish the console's port before the failure is logged
     */
    ListenWatch(BundleContext context, ConsoleSettings settings, System.Logger log, Duration grace) {
        this.context = context;
        this.settings = settings;
        this.log = log;
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "orrery-console-listen-check");
            th.setDaemon(true);
            return th;
        });
        t.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.timer = t;
        try {
            context.addServiceListener(this, FILTER);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        check(false);
        timer.schedule(() -> check(true), grace.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void serviceChanged(ServiceEvent event) {
        check(false);
    }

    private void check(boolean deadline) {
        List<String> others = new ArrayList<>();
        int bound = -1;
        try {
            ServiceReference<?>[] refs = context.getServiceReferences((String) null, FILTER);
            for (ServiceReference<?> r : refs == null ? new ServiceReference<?>[0] : refs) {
                List<String> endpoints = endpoints(r.getProperty(ListenCheck.ENDPOINT));
                java.util.OptionalInt p = ListenCheck.boundPort(endpoints, settings.port());
                if (p.isPresent()) {
                    bound = p.getAsInt();
                } else {
                    others.addAll(endpoints);
                }
            }
        } catch (InvalidSyntaxException | IllegalStateException e) {
            return; // the bundle is stopping
        }
        ListenCheck.Outcome out = null;
        synchronized (this) {
            if (closed || served) {
                return;
            }
            if (bound > 0) {
                served = true;
                out = ListenCheck.serving(settings, bound);
            } else if (deadline && !reported) {
                reported = true;
                out = ListenCheck.notListening(settings, others, probe());
            }
        }
        if (out != null) {
            log.log(out.level(), out.message());
        }
    }

    /** Binds host:port for an instant: null when that works (nothing listens there), else why not. */
    private IOException probe() {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(settings.host(), settings.port()));
            return null;
        } catch (IOException e) {
            return e;
        }
    }

    private static List<String> endpoints(Object property) {
        if (property instanceof String[] a) {
            return Arrays.asList(a);
        }
        if (property instanceof java.util.Collection<?> c) {
            return c.stream().map(String::valueOf).toList();
        }
        return property == null ? List.of() : List.of(String.valueOf(property));
    }

    /** Stops watching; logs nothing more. */
    void close() {
        synchronized (this) {
            closed = true;
        }
        timer.shutdownNow();
        try {
            context.removeServiceListener(this);
        } catch (IllegalStateException e) {
            // the bundle is gone
        }
    }
}
