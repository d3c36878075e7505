package dev.orrery.host.core;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Plugin objects are made off the caller's thread, one worker each: a slow constructor holds up nothing
 * else, is named once past the threshold (a fake clock; the test calls the check) with the frame it is
 * at, and its object still comes.
 */
class PluginCallsTest {
    private final AtomicLong clock = new AtomicLong(1);
    private final CapturedLog log = CapturedLog.create();
    private final PluginCalls calls = new PluginCalls("test-calls", log.logger(), clock::get, () -> 2000);
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch entered = new CountDownLatch(1);

    @AfterEach
    void close() {
        release.countDown();
        calls.close();
    }

    private String slowConstructor() {
        entered.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        return "slow object";
    }

    @Test
    @DisplayName("a blocking constructor does not hold up the caller or another plugin; it is named past the threshold")
    void aSlowCallIsNamedAndHoldsUpNothing() throws Exception {
        PluginCalls.Call<String> slow = calls.call("plugin service 42 of bundle slow.game/1.0.0", this::slowConstructor);
        PluginCalls.Call<String> quick = calls.call("plugin service 43 of bundle quick/1.0.0", () -> "quick object");
        assertEquals("quick object", quick.result().get(30, TimeUnit.SECONDS), "the other plugin is made meanwhile");
        assertTrue(entered.await(30, TimeUnit.SECONDS));
        CompletableFuture<Void> after = calls.afterAll(() -> { }).toCompletableFuture();
        assertFalse(after.isDone(), "the first rebuild waits for the slow one ...");
        assertEquals(0, calls.checkSlow(), "not past the threshold yet");
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(2500));
        assertEquals(1, calls.checkSlow());
        assertEquals(0, calls.checkSlow(), "named once");
        after.get(30, TimeUnit.SECONDS); // ... at most until it is named
        assertTrue(slow.settled().isDone());
        assertFalse(slow.result().isDone());
        List<String> lines = log.lines();
        assertEquals(1, lines.size(), lines::toString);
        assertTrue(lines.get(0).startsWith("WARNING plugin service 42 of bundle slow.game/1.0.0: still being made after 2500 ms"
                + " (limit 2000 ms, orrery.host.frameWarnMillis; thread test-calls-"), lines.get(0));
        assertTrue(lines.get(0).contains(" at dev.orrery.host.core.PluginCallsTest.slowConstructor(PluginCallsTest.java:"),
                lines.get(0));
        assertTrue(lines.get(0).endsWith("); the other plugins go on without it"), lines.get(0));
        release.countDown();
        assertEquals("slow object", slow.result().get(30, TimeUnit.SECONDS), "its object still comes");
    }

    @Test
    @DisplayName("what the work throws fails its result; after close no call runs")
    void failuresAndClose() throws Exception {
        PluginCalls.Call<String> bad = calls.call("p", () -> {
            throw new IllegalArgumentException("no dice");
        });
        assertEquals("no dice", bad.result().handle((r, t) -> t.getMessage()).get(30, TimeUnit.SECONDS));
        calls.close();
        PluginCalls.Call<String> late = calls.call("q", () -> "never");
        assertTrue(late.result().isCompletedExceptionally());
        assertTrue(late.settled().isDone());
        calls.afterAll(() -> { }).toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
