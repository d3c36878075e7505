package dev.orrery.plugin.console.internal.osgi;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.console.ConsoleSettings;
import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.console.internal.web.ConsoleHandler;
import dev.orrery.plugin.devtools.SystemTiming;
import dev.orrery.plugin.devtools.TimingsSource;
import jakarta.servlet.Servlet;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Hashtable;
import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Serves the web console under {@value #PATTERN} through the OSGi HTTP Whiteboard (Apache Felix HTTP
 * Jetty in the distribution): checks the settings ({@link ConsoleSettings}) against the HTTP server's
 * bind address ({@value #JETTY_HOST}), then registers one servlet, and reports "web console at ..." only
 * when the HTTP server publishes an endpoint on the console's port, else one line naming host:port and
 * the cause ({@link ListenWatch}). Timings come from plugin-devtools' {@link TimingsSource} when it is
 * there and times every frame, else (no devtools, or devtools sampling one frame in N, their default)
 * from the console's own hooks while a page listens: exact live timings while someone watches, and
 * no cost per frame when no one does ({@link #feedOf}).
 */
@Component(immediate = true)
public final class ConsoleComponent {
    /** The whiteboard pattern the console is served at. */
    static final String PATTERN = "/orrery/*";
    /** Felix HTTP Jetty's bind-address property. */
    static final String JETTY_HOST = "org.apache.felix.http.host";
    /** The console's logger name. */
    static final String LOGGER = "dev.orrery.console";
    /** How long the HTTP server may take to publish the console's port before the console reports it is not served. */
    static final Duration BIND_GRACE = Duration.ofSeconds(5);
    /** How long a request waits for the host's frame thread (as the JDK server of the JPMS front end). */
    static final Duration FRAME_THREAD_TIMEOUT = Duration.ofSeconds(2);

    private final System.Logger log = System.getLogger(LOGGER);
    private ServiceRegistration<Servlet> registration;
    private ConsoleServlet servlet;
    private OwnTimingsFeed own;
    private ListenWatch listen;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile GameHost host;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile TimingsSource devtools;

    /**
     * Registers the servlet, unless the settings say not to (one log line says why).
     *
     * @param context the bundle's context, for the settings and the registration
     */
    @Activate
    void activate(BundleContext context) {
        ConsoleSettings settings;
        try {
            settings = ConsoleSettings.from(context::getProperty);
        } catch (IllegalArgumentException e) {
            log.log(Level.ERROR, "web console not served: " + e.getMessage());
            return;
        }
        ConsoleSettings.Decision d = settings.decide(context.getProperty(JETTY_HOST));
        if (!d.serve()) {
            log.log(settings.enabled() ? Level.ERROR : Level.INFO, d.refusal());
            return;
        }
        if (d.warning() != null) {
            log.log(Level.WARNING, d.warning());
        }
        own = new OwnTimingsFeed(context);
        ConsoleHandler handler = new ConsoleHandler(() -> host, this::feed, FRAME_THREAD_TIMEOUT);
        servlet = new ConsoleServlet(handler);
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("osgi.http.whiteboard.servlet.pattern", PATTERN);
        props.put("osgi.http.whiteboard.servlet.name", "orrery-console");
        registration = context.registerService(Servlet.class, servlet, props);
        // Said only once the HTTP server publishes an endpoint on the port; else the failure and its cause.
        listen = new ListenWatch(context, settings, log, BIND_GRACE);
    }

    private TimingsFeed feed() {
        return feedOf(devtools, own);
    }

    /**
     * @param devtools plugin-devtools' timings, or null when that bundle is absent
     * @param own the console's own feed (hooks attached only while a page listens)
     * @return the devtools' timings when they time every frame (sample period 1), else {@code own}
     */
    static TimingsFeed feedOf(TimingsSource devtools, TimingsFeed own) {
        if (devtools == null || devtools.timings().samplePeriod() > 1) {
            return own;
        }
        return new TimingsFeed() {
            @Override
            public Source source() {
                return Source.DEVTOOLS;
            }

            @Override
            public List<SystemTiming> snapshot() {
                return devtools.timings().snapshot();
            }
        };
    }

    /** Unregisters the servlet and ends the open streams. */
    @Deactivate
    void deactivate() {
        if (listen != null) {
            listen.close();
        }
        if (servlet != null) {
            servlet.close();
        }
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // gone with the bundle
            }
        }
        if (own != null) {
            own.close();
        }
    }
}
