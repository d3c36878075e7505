package dev.orrery.plugin.console.internal.web;

import dev.orrery.plugin.console.ConsoleSettings;
import java.util.Locale;

/**
 * Admits a request to any console path, reads included, only when it is addressed to this machine by a
 * loopback name and, when a browser sends it, comes from the console's own page. Beyond the spec
 * (Orrery's own). Stateless; thread-safe.
 *
 * <ul>
 *   <li>{@code Host} must be present and name a loopback address ({@link ConsoleSettings#isLoopback}:
 *       {@code localhost}, a {@code 127.x.x.x} literal or {@code [::1]}), with an optional port. A page
 *       of another name that resolves to 127.0.0.1 (DNS rebinding) sends its own name here.</li>
 *   <li>{@code Origin}, when sent, must be {@code http://} or {@code https://} followed by exactly the
 *       {@code Host} value: the console's own page. Another local site ({@code http://127.0.0.1:9999})
 *       is another origin.</li>
 *   <li>{@code Sec-Fetch-Site}, when sent, must be {@code same-origin} or {@code none} (typed in the
 *       address bar); {@code same-site} (another port of 127.0.0.1) and {@code cross-site} are
 *       refused.</li>
 * </ul>
 */
final class LoopbackGate {
    private LoopbackGate() {
    }

    /**
     * @param request a request; not null
     * @return null when admitted, else the refusal (403) naming the header at fault
     */
    static MutationGuard.Refusal check(ConsoleRequest request) {
        String host = request.header("Host");
        if (host == null) {
            return new MutationGuard.Refusal(403, "the console answers only requests to a loopback host name"
                    + " (localhost, 127.x.x.x, [::1]); refused a request without Host");
        }
        if (!isLoopbackAuthority(host)) {
            return new MutationGuard.Refusal(403, "the console answers only requests to a loopback host name"
                    + " (localhost, 127.x.x.x, [::1]); refused Host " + host);
        }
        String origin = request.header("Origin");
        if (origin != null && !isOwnOrigin(origin, host)) {
            return new MutationGuard.Refusal(403, "cross-origin request refused (Origin " + origin
                    + " is not this console, http://" + host + ")");
        }
        String site = request.header("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            return new MutationGuard.Refusal(403, "cross-site request refused (Sec-Fetch-Site: " + site + ")");
        }
        return null;
    }

    /**
     * @param authority a {@code Host} header value: a host with an optional {@code :port}
     * @return whether the host is loopback ({@link ConsoleSettings#isLoopback}) and the port, when
     *     present, a decimal number from 1 to 65535
     */
    static boolean isLoopbackAuthority(String authority) {
        String name;
        String port;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                return false;
            }
            name = authority.substring(0, close + 1);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                return false;
            }
            port = rest.isEmpty() ? null : rest.substring(1);
        } else {
            int colon = authority.indexOf(':');
            name = colon < 0 ? authority : authority.substring(0, colon);
            port = colon < 0 ? null : authority.substring(colon + 1);
        }
        return ConsoleSettings.isLoopback(name) && !name.isBlank() && name.equals(name.trim())
                && (port == null || isPort(port));
    }

    private static boolean isPort(String s) {
        if (s.isEmpty() || s.length() > 5 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        int p = Integer.parseInt(s);
        return p >= 1 && p <= 65535;
    }

    /** @return whether {@code origin} is {@code http://} or {@code https://} and then {@code host}, ignoring case */
    private static boolean isOwnOrigin(String origin, String host) {
        String o = origin.toLowerCase(Locale.ROOT);
        String h = host.toLowerCase(Locale.ROOT);
        return o.equals("http://" + h) || o.equals("https://" + h);
    }
}
