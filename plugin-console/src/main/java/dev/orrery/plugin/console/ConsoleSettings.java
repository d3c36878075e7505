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
 *   <li>{@value #PORT}: the TCP port, default {@value #DEFAULT_PORT}; 0 to 65535, where 0 takes any free port
 *       (the console's "web console at" line names the port bound).</li>
 * </ul>
 * The HTTP server itself (Felix HTTP Jetty) is bound through its own properties, which the distribution's
 * {@code conf/config.properties} derives from these. {@link #decide(String)} then checks that the server's
 * actual bind address is one the settings allow.
 *
 * @param enabled whether the console is served
 * @param host the address the settings allow to listen on
 * @param port the port; 0: any free port
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
     *     true/false, a blank host, a port that is not a number from 0 to 65535
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
            if (p < 0 || p > 65535) {
                throw new IllegalArgumentException(PORT + " must be a port from 0 (any free port) to 65535, got '" + port + "'");
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
     * Whether an address names this machine's loopback interface, by its spelling alone (never looks up a
     * name): exactly {@code localhost} (any case), an IPv4 literal of four decimal octets (each 0 to 255)
     * whose first is 127, or the IPv6 loopback {@code ::1} (also written {@code 0:0:0:0:0:0:0:1},
     * {@code ::ffff:127.x.x.x}, or inside brackets). A name that merely starts with {@code 127.}, such as
     * {@code 127.attacker.example}, is not loopback: another site can make it resolve to 127.0.0.1 (DNS
     * rebinding).
     *
     * @param address a host name or literal address, without a port; null is not loopback
     * @return whether it is a loopback address
     */
    public static boolean isLoopback(String address) {
        if (address == null) {
            return false;
        }
        String a = address.trim();
        if (a.startsWith("[") && a.endsWith("]")) {
            a = a.substring(1, a.length() - 1);
        }
        String lower = a.toLowerCase(java.util.Locale.ROOT);
        if (lower.equals("localhost") || lower.equals("::1") || lower.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        if (lower.startsWith("::ffff:")) {
            lower = lower.substring("::ffff:".length());
        }
        return isLoopbackIpv4(lower);
    }

    /**
     * @param s a candidate IPv4 literal
     * @return whether it is four decimal octets of 1 to 3 digits, each 0 to 255, the first 127
     */
    private static boolean isLoopbackIpv4(String s) {
        String[] octets = s.split("\\.", -1);
        if (octets.length != 4 || !octets[0].equals("127")) {
            return false;
        }
        for (String o : octets) {
            if (o.isEmpty() || o.length() > 3 || !o.chars().allMatch(c -> c >= '0' && c <= '9') || Integer.parseInt(o) > 255) {
                return false;
            }
        }
        return true;
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
