package dev.orrery.plugin.console.internal.web;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The tokens that steering requests must carry (header {@value #HEADER}): the console's page asks for
 * one ({@code GET /orrery/api/token}, answered only to the console's own page, see
 * {@link LoopbackGate}) and sends it with each mutating request, so another site cannot steer the host
 * through the user's browser. A token is valid for {@value #LIFETIME_MINUTES} minutes after it was
 * issued, however many others are issued meanwhile; the page fetches a new one when a request is
 * refused. Beyond the spec (Orrery's own). Thread-safe.
 *
 * <p>Implementation notes: tokens are stateless, so that no number of token requests can push an open
 * page's token out. A token is 48 hex digits: the issue time (8 bytes, milliseconds of this object's
 * clock, which starts at 0 when it is made) and the first 16 bytes of the HMAC-SHA256 of those 8 bytes
 * under a 32-byte secret drawn from {@link SecureRandom} when this object is made (one per console, so a
 * restart invalidates every token). Checking one recomputes the MAC (compared in constant time) and
 * accepts an issue time from 0 to the lifetime before now; nothing is stored per token. Whoever can read
 * a token's answer can steer for its lifetime; only the console's own page can read it (the answer has
 * no CORS header, and the gate refuses cross-origin and cross-site requests).
 */
final class SessionTokens {
    /** The request header carrying the token. */
    static final String HEADER = "X-Orrery-Token";
    /** How long a token stays valid after it was issued, in minutes. */
    static final long LIFETIME_MINUTES = 60;

    private static final String MAC = "HmacSHA256";
    private static final int TIME_BYTES = 8;
    private static final int MAC_BYTES = 16;

    private final SecretKeySpec secret;
    private final LongSupplier clockMillis;

    /** Tokens on the monotonic clock ({@link System#nanoTime()}), with a new random secret. */
    SessionTokens() {
        this(monotonicMillis());
    }

    /**
     * @param clockMillis the clock issue times are read from, in milliseconds; never goes back; not null
     */
    SessionTokens(LongSupplier clockMillis) {
        this.clockMillis = Objects.requireNonNull(clockMillis, "clockMillis");
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        this.secret = new SecretKeySpec(key, MAC);
    }

    private static LongSupplier monotonicMillis() {
        long start = System.nanoTime();
        return () -> TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    /** @return a new token, valid from now for {@value #LIFETIME_MINUTES} minutes */
    String issue() {
        byte[] time = ByteBuffer.allocate(TIME_BYTES).putLong(clockMillis.getAsLong()).array();
        byte[] out = Arrays.copyOf(time, TIME_BYTES + MAC_BYTES);
        System.arraycopy(mac(time), 0, out, TIME_BYTES, MAC_BYTES);
        return HexFormat.of().formatHex(out);
    }

    /**
     * @param token a token from a request, or null
     * @return whether this object issued it and its lifetime has not passed
     */
    boolean isValid(String token) {
        if (token == null || token.length() != 2 * (TIME_BYTES + MAC_BYTES)
                || !token.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return false;
        }
        byte[] raw = HexFormat.of().parseHex(token);
        byte[] time = Arrays.copyOf(raw, TIME_BYTES);
        byte[] given = Arrays.copyOfRange(raw, TIME_BYTES, raw.length);
        if (!MessageDigest.isEqual(given, Arrays.copyOf(mac(time), MAC_BYTES))) {
            return false;
        }
        long age = clockMillis.getAsLong() - ByteBuffer.wrap(time).getLong();
        return age >= 0 && age <= TimeUnit.MINUTES.toMillis(LIFETIME_MINUTES);
    }

    private byte[] mac(byte[] data) {
        try {
            Mac m = Mac.getInstance(MAC);
            m.init(secret);
            return m.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no " + MAC + " (required by the Java platform)", e);
        }
    }
}
