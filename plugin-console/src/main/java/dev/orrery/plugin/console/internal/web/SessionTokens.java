package dev.orrery.plugin.console.internal.web;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;

/**
 * The per-session tokens that steering requests must carry (header {@value #HEADER}): the console's
 * page asks for one ({@code GET /orrery/api/token}, readable only by a same-origin page) and sends it
 * with each mutating request, so another site cannot steer the host through the user's browser.
 * Beyond the spec (Orrery's own).
 *
 * <p>Tokens are 128 random bits; the last {@value #KEPT} issued stay valid (oldest forgotten first).
 * Thread-safe.
 */
final class SessionTokens {
    /** The request header carrying the token. */
    static final String HEADER = "X-Orrery-Token";
    /** How many tokens stay valid. */
    static final int KEPT = 64;

    private final SecureRandom random = new SecureRandom();
    private final Deque<String> issued = new ArrayDeque<>();

    /** @return a new token, valid from now on */
    synchronized String issue() {
        byte[] b = new byte[16];
        random.nextBytes(b);
        String t = HexFormat.of().formatHex(b);
        issued.addLast(t);
        while (issued.size() > KEPT) {
            issued.removeFirst();
        }
        return t;
    }

    /**
     * @param token a token from a request, or null
     * @return whether it was issued and is still kept (compared in constant time)
     */
    synchronized boolean isValid(String token) {
        if (token == null || token.isEmpty()) {
            return false;
        }
        byte[] t = token.getBytes(StandardCharsets.UTF_8);
        boolean found = false;
        for (String s : issued) {
            found |= MessageDigest.isEqual(t, s.getBytes(StandardCharsets.UTF_8));
        }
        return found;
    }
}
