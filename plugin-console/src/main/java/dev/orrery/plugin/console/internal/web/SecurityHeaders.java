package dev.orrery.plugin.console.internal.web;

import java.util.Map;

/**
 * The headers every console answer carries, whatever its status, from every front end. Beyond the spec
 * (Orrery's own).
 *
 * <ul>
 *   <li>{@code X-Frame-Options: DENY} and the policy's {@code frame-ancestors 'none'}: no other page can
 *       frame the console (and trick a click on its buttons).</li>
 *   <li>{@code Content-Security-Policy}: the pages load scripts, styles, pictures and connections only
 *       from the console itself; inline styles are allowed (the schedule picture is an SVG with its own
 *       {@code <style>}), inline scripts are not.</li>
 *   <li>{@code X-Content-Type-Options: nosniff}, {@code Referrer-Policy: no-referrer},
 *       {@code Cache-Control: no-store}.</li>
 * </ul>
 */
public final class SecurityHeaders {
    /** The policy of every answer. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self';"
            + " frame-ancestors 'none'";

    /** Name to value, set on every answer. */
    public static final Map<String, String> ALL = Map.of(
            "X-Frame-Options", "DENY",
            "Content-Security-Policy", CONTENT_SECURITY_POLICY,
            "X-Content-Type-Options", "nosniff",
            "Referrer-Policy", "no-referrer",
            "Cache-Control", "no-store");

    private SecurityHeaders() {
    }
}
