package dev.orrery.plugin.console.internal.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The stateless tokens: nothing to exhaust, nothing to forge, a bounded lifetime (on a clock the test moves). */
class SessionTokensTest {
    private final AtomicLong clock = new AtomicLong(1_000);
    private final SessionTokens tokens = new SessionTokens(clock::get);

    @Test
    @DisplayName("a token stays valid however many are issued after it (64 and 10,000 more): tokens cannot be evicted")
    void notEvicted() {
        String first = tokens.issue();
        for (int i = 0; i < 10_000; i++) {
            tokens.issue();
            if (i == 64) {
                assertTrue(tokens.isValid(first), "after 65 more");
            }
        }
        assertTrue(tokens.isValid(first));
        assertTrue(first.matches("[0-9a-f]{48}"), first);
    }

    @Test
    @DisplayName("forged, altered, truncated and another console's tokens are refused")
    void forgedRefused() {
        String t = tokens.issue();
        char last = t.charAt(t.length() - 1);
        assertFalse(tokens.isValid(t.substring(0, t.length() - 1) + (last == '0' ? '1' : '0')));
        // an issue time moved forward (to live longer) breaks the MAC
        assertFalse(tokens.isValid("00000000000fffff" + t.substring(16)));
        assertFalse(tokens.isValid(t.substring(0, 40)));
        assertFalse(tokens.isValid(t.toUpperCase()));
        assertFalse(tokens.isValid(t + "00"));
        assertFalse(tokens.isValid(""));
        assertFalse(tokens.isValid(null));
        assertFalse(tokens.isValid("forged"));
        assertFalse(new SessionTokens(clock::get).isValid(t), "another console (or a restart) has another secret");
    }

    @Test
    @DisplayName("a token is valid for its lifetime after issue and refused after it")
    void lifetime() {
        String t = tokens.issue();
        clock.addAndGet(TimeUnit.MINUTES.toMillis(SessionTokens.LIFETIME_MINUTES));
        assertTrue(tokens.isValid(t));
        clock.incrementAndGet();
        assertFalse(tokens.isValid(t));
        assertTrue(tokens.isValid(tokens.issue()), "a new one is valid");
    }

    @Test
    @DisplayName("a token issued later than now (by another clock) is refused")
    void notFromTheFuture() {
        AtomicLong later = new AtomicLong(5_000);
        SessionTokens ahead = new SessionTokens(later::get);
        String t = ahead.issue();
        later.set(4_000);
        assertFalse(ahead.isValid(t));
    }
}
