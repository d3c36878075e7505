package dev.orrery.plugin.console.internal.web;

import dev.orrery.plugin.console.ConsoleSettings;
import java.util.Objects;

/**
 * Decides whether a steering (mutating) request may run: it must be a {@code POST}, come from a
 * loopback address to a loopback name ({@code Host} header: {@code 127.0.0.1}, {@code localhost},
 * {@code [::1]}; a page of another name that resolves to loopback, DNS rebinding, is refused), not be
 * cross-site ({@code Sec-Fetch-Site} same-origin or none when sent; {@code Origin}, when sent, the
 * console's own), and carry a valid session token
 * ({@link SessionTokens#HEADER}). Every request, steering or not, has passed {@link LoopbackGate} before;
 * these checks repeat the part that concerns steering so that they hold on their own. Beyond the spec
 * (Orrery's own). Stateless apart from the tokens; thread-safe.
 */
final class MutationGuard {
    private final SessionTokens tokens;

    /** @param tokens the tokens issued by this console; not null */
    MutationGuard(SessionTokens tokens) {
        this.tokens = Objects.requireNonNull(tokens, "tokens");
    }

    /**
     * @param request the request; not null
     * @return null when allowed, else the refusal (HTTP status and one line)
     */
    Refusal check(ConsoleRequest request) {
        if (!"POST".equals(request.method())) {
            return new Refusal(405, "steering needs POST, got " + request.method() + " " + request.path());
        }
        if (!ConsoleSettings.isLoopback(request.remoteAddress())) {
            return new Refusal(403, "steering is accepted only from loopback; refused " + request.remoteAddress());
        }
        Refusal name = checkHostName(request);
        if (name != null) {
            return name;
        }
        String site = request.header("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            return new Refusal(403, "cross-site steering request refused (Sec-Fetch-Site: " + site + ")");
        }
        String origin = request.header("Origin");
        String host = request.header("Host");
        if (origin != null && (host == null || !(origin.equals("http://" + host) || origin.equals("https://" + host)))) {
            return new Refusal(403, "cross-site steering request refused (Origin " + origin + " is not this console)");
        }
        if (!tokens.isValid(request.header(SessionTokens.HEADER))) {
            return new Refusal(403, "steering needs the session token of the console's page in header "
                    + SessionTokens.HEADER + "; missing or unknown");
        }
        return null;
    }

    /**
     * @param request a request; not null
     * @return null when its {@code Host} header is absent or names a loopback address, else the refusal
     *     (403): the page was reached under another name, so it may belong to another site (DNS rebinding)
     */
    static Refusal checkHostName(ConsoleRequest request) {
        String host = request.header("Host");
        if (host == null) {
            return null;
        }
        if (LoopbackGate.isLoopbackAuthority(host)) {
            return null;
        }
        return new Refusal(403, "steering is accepted only for a loopback host name; refused Host " + host);
    }

    /**
     * Why a request was refused.
     *
     * @param status the HTTP status (403 or 405)
     * @param message one line naming what is wrong
     */
    record Refusal(int status, String message) {
    }
}
