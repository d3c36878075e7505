package dev.orrery.plugin.console;

import java.util.Objects;
import java.util.function.Function;

/**
 * The console's settings, read from framework (or system) properties. Beyond the spec (Orrery's own).
 *
 * <ul>
 *   <li>{@value #ENABLED}: {@code true} (default) or {@code false}; false serves nothing (the
 *       distribution also turns the HTTP listener off with it).</li>
 *   <li>{@value #HOST}: the address to listen on, default {@value #DEFAULT_HOST}; anything but a loopback
 *       address is an explicit choice and logs a warning.</li>
 *   <li>{@value #PORT}: the TCP port, default {@value #DEFAULT_PORT}; 1 to 65535.</li>
 * </ul>
 * The HTTP server itself (Felix HTTP Jetty) is bound through its own properties, which the distribution's
 * {@code conf/config.properties} derives from these. {@link #decide(String)} then checks that the server's
 * actual bind address is one the settings allow.
 *
 * @param enabled whether the console is served
 * @param host the address the settings allow to listen on
 * @param port the port
 */
public record ConsoleSettings(boolean enabled, String host, int port) {
    /** Property: whether the console is served. */
    public static final String ENABLED = "orrery.console.enabled";
    /** Property: the listen address. */
    public static final String HOST = "orrery.console.host";
    /** Property: the listen port. */
    public static final String PORT = "orrery.console.port";
    /** The default listen address: loopback only. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** The default port. */
    public static final int DEFAULT_PORT = 8420;

    /** Checks for null. */
    public ConsoleSettings {
        Objects.requireNonNull(host, "host");
    }

    /**
     * @param properties a property lookup (returns null when a property is not set); not null
     * @return the settings, defaults for what is not set
     * @throws IllegalArgumentException one line naming the setting, for a bad value: enabled not
     *     true/false, a blank host, a port that is not a number from 1 to 65535
     */
    public static ConsoleSettings from(Function<String, String> properties) {
        String enabled = trim(properties.apply(ENABLED));
        boolean on;
        if (enabled == null || enabled.equalsIgnoreCase("true")) {
            on = true;
        } else if (enabled.equalsIgnoreCase("false")) {
            on = false;
        } else {
            throw new IllegalArgumentException(ENABLED + " must be true or false, got '" + enabled + "'");
        }
        String host = trim(properties.apply(HOST));
        if (host != null && host.isEmpty()) {
            throw new IllegalArgumentException(HOST + " must be an address (e.g. 127.0.0.1), got a blank value");
        }
        String port = trim(properties.apply(PORT));
        int p = DEFAULT_PORT;
        if (port != null) {
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                p = -1;
            }
            if (p < 1 || p > 65535) {
                throw new IllegalArgumentException(PORT + " must be a port from 1 to 65535, got '" + port + "'");
            }
        }
        return new ConsoleSettings(on, host == null ? DEFAULT_HOST : host, p);
    }

    /**
     * Whether to serve the console on an HTTP server bound to {@code boundHost}.
     *
     * @param boundHost the address the HTTP server listens on; null or blank means every interface
     * @return serve (maybe with a warning to log) or refuse with the reason
     */
    public Decision decide(String boundHost) {
        if (!enabled) {
            return new Decision(false, null, "the web console is off (" + ENABLED + "=false)");
        }
        String bound = boundHost == null || boundHost.isBlank() ? "0.0.0.0" : boundHost.trim();
        if (isLoopback(bound)) {
            return new Decision(true, null, null);
        }
        if (bound.equals(host)) {
            return new Decision(true, "the web console listens on " + bound + ":" + port
                    + ", reachable from other machines (" + HOST + "=" + host + "); steering still accepts only loopback callers",
                    null);
        }
        return new Decision(false, null, "the HTTP server listens on " + bound + " (not loopback) but " + HOST
                + " is " + host + "; the web console is not served (set " + HOST + "=" + bound + " to allow it)");
    }

    /**
     * @param address a host name or literal address
     * @return whether it is {@code localhost}, an IPv4 address in 127.0.0.0/8 or {@code ::1}; never looks up a name
     */
    public static boolean isLoopback(String address) {
        if (address == null) {
            return false;
        }
        String a = address.trim();
        if (a.startsWith("[") && a.endsWith("]")) {
            a = a.substring(1, a.length() - 1);
        }
        return a.equalsIgnoreCase("localhost") || a.startsWith("127.") || a.equals("::1")
                || a.equals("0:0:0:0:0:0:0:1") || a.equalsIgnoreCase("::ffff:127.0.0.1");
    }

    private static String trim(String s) {
        return s == null ? null : s.trim();
    }

    /**
     * What {@link #decide} says.
     *
     * @param serve whether to serve the console
     * @param warning a line to log as a warning when serving on a non-loopback address, else null
     * @param refusal why not, when not serving, else null
     */
    public record Decision(boolean serve, String warning, String refusal) {
    }
}
