package dev.orrery.plugin.console.internal.osgi;

import dev.orrery.plugin.console.ConsoleSettings;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Decides what the console reports about its HTTP listener, from the ecosystem's own data: Apache Felix
 * HTTP Jetty registers its {@code HttpServiceRuntime} service, with the bound addresses in the service
 * property {@code osgi.http.endpoint} (OSGi Compendium 140.9, {@code HttpServiceRuntimeConstants
 * .HTTP_SERVICE_ENDPOINT}), only after a connector started; when the port cannot be bound it removes the
 * connector, stops Jetty and registers no runtime. So: the console says it serves only when an endpoint
 * on its port is published; when none is after a grace period, it probes the address to name the cause.
 * Beyond the spec (Orrery's own). Pure functions; thread-safe.
 */
final class ListenCheck {
    /** The service property listing the HTTP runtime's endpoints (OSGi Compendium 140.9). */
    static final String ENDPOINT = "osgi.http.endpoint";

    private ListenCheck() {
    }

    /**
     * What to log.
     *
     * @param level the log level
     * @param message one line naming host:port and, on failure, the cause and the setting to change
     */
    record Outcome(Level level, String message) {
    }

    /**
     * @param endpoints the endpoint URLs an HTTP runtime publishes (e.g. {@code http://127.0.0.1:8420/}); not null
     * @param port the console's port
     * @return whether one of them is on that port (an endpoint without a port counts as 80, or 443 for https);
     *     malformed entries are ignored
     */
    static boolean listensOn(List<String> endpoints, int port) {
        return boundPort(endpoints, port).isPresent();
    }

    /**
     * @param endpoints the endpoint URLs an HTTP runtime publishes; not null
     * @param port the console's port; 0 (any free port) matches the first well-formed endpoint
     * @return the port of the endpoint the console is served on, or empty when none is on {@code port}
     */
    static java.util.OptionalInt boundPort(List<String> endpoints, int port) {
        for (String e : endpoints) {
            int p = portOf(e);
            if (p > 0 && (port == 0 || p == port)) {
                return java.util.OptionalInt.of(p);
            }
        }
        return java.util.OptionalInt.empty();
    }

    /** @return an endpoint's port (80 or 443 when it names none), or -1 when it is malformed */
    private static int portOf(String e) {
        // Felix HTTP Jetty writes an IPv6 host without brackets (http://::1:8420/), which URI takes for a
        // host-less authority: then the port is what follows the authority's last colon.
        int unbracketed = unbracketedPort(e.trim());
        if (unbracketed >= 0) {
            return unbracketed;
        }
        try {
            URI u = URI.create(e.trim());
            if (u.getHost() == null) {
                return -1;
            }
            return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
        } catch (IllegalArgumentException ignored) {
            return -1; // not a URL: not ours
        }
    }

    /** @return the port of {@code scheme://host:port/...} whose host is an IPv6 address without brackets, or -1 */
    private static int unbracketedPort(String endpoint) {
        int start = endpoint.indexOf("://");
        if (start < 0) {
            return -1;
        }
        int end = endpoint.indexOf('/', start + 3);
        String authority = endpoint.substring(start + 3, end < 0 ? endpoint.length() : end);
        int colon = authority.lastIndexOf(':');
        String digits = colon < 0 ? "" : authority.substring(colon + 1);
        boolean ipv6 = !authority.startsWith("[") && authority.indexOf(':') < colon;
        return ipv6 && digits.matches("\\d{1,5}") ? Integer.parseInt(digits) : -1;
    }

    /**
     * @param settings the console's settings; not null
     * @return the INFO line for a console that is served on its configured port
     */
    static Outcome serving(ConsoleSettings settings) {
        return serving(settings, settings.port());
    }

    /**
     * @param settings the console's settings; not null
     * @param boundPort the port the HTTP server listens on (the configured one, or the one it took for port 0)
     * @return the INFO line for a console that is served, naming the bound port
     */
    static Outcome serving(ConsoleSettings settings, int boundPort) {
        return new Outcome(Level.INFO, "web console at http://" + hostPort(settings.host(), boundPort) + "/orrery/");
    }

    /**
     * The line for a console whose port no HTTP runtime published within the grace period.
     *
     * @param settings the console's settings; not null
     * @param otherEndpoints endpoints that HTTP runtimes publish on other ports; not null, maybe empty
     * @param bindFailure what binding {@code host:port} ourselves threw (the port is taken, or the address
     *     is not this machine's), or null when it could be bound (nothing listens there)
     * @return an ERROR line when the address cannot be bound, else a WARNING line; never claims serving
     */
    static Outcome notListening(ConsoleSettings settings, List<String> otherEndpoints, IOException bindFailure) {
        Objects.requireNonNull(settings, "settings");
        String where = hostPort(settings);
        if (bindFailure != null) {
            return new Outcome(Level.ERROR, "web console: cannot listen on " + where + ": " + cause(bindFailure)
                    + "; set " + ConsoleSettings.PORT + " (or " + ConsoleSettings.HOST + ")");
        }
        if (!otherEndpoints.isEmpty()) {
            return new Outcome(Level.WARNING, "web console: not served on " + where + ": the HTTP server listens on "
                    + String.join(", ", otherEndpoints) + "; set org.osgi.service.http.port to " + ConsoleSettings.PORT
                    + "'s value");
        }
        return new Outcome(Level.WARNING, "web console: not served on " + where
                + ": no HTTP server listens there (is Felix HTTP Jetty installed and started?)");
    }

    /** The failure's message in lower case without the JDK's "(Bind failed)" tail, e.g. "address already in use". */
    static String cause(IOException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int paren = m.indexOf(" (");
        if (paren > 0) {
            m = m.substring(0, paren);
        }
        return m.toLowerCase(Locale.ROOT);
    }

    private static String hostPort(ConsoleSettings s) {
        return hostPort(s.host(), s.port());
    }

    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
