package dev.orrery.testsupport.memory;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Waits for weakly held objects to be collected, by collections, not by time: each round asks for a
 * full collection ({@code System.gc()}), with some allocation besides, and waits until a sentinel
 * object of that round has been collected and its reference handed to the reference queue (the JDK's
 * reference handler has run). A reference still set after {@code rounds} rounds means the object is
 * still reachable.
 *
 * <pre>{@code
 * WeakReference<ClassLoader> ref = ...; // the test keeps no strong reference
 * assertTrue(Reachability.awaitCleared(ref), "the world still reaches the isolated loader");
 * }</pre>
 *
 * <p>Threads: any; runs collections, which stop every thread of the JVM. Holds no state.
 *
 * <p>Implementation notes: the sentinel wait is bounded ({@link #SENTINEL_WAIT_MILLIS}) so that a JVM
 * started with {@code -XX:+DisableExplicitGC} makes the rounds end instead of hanging; the bound is a
 * safety net, not the signal. The allocation (1 MiB per round, dropped every 32 rounds) is what the
 * soak harnesses and the leak tests did before: it makes the young generation move as well.
 */
public final class Reachability {
    /** Rounds by default: enough for every collection the host's leak tests have needed. */
    public static final int DEFAULT_ROUNDS = 50;
    /** The most a round waits for its sentinel, ms. */
    public static final long SENTINEL_WAIT_MILLIS = 2_000;

    private Reachability() {
    }

    /**
     * @param ref a reference whose referent the caller no longer holds
     * @return whether it was cleared within {@value #DEFAULT_ROUNDS} rounds
     * @throws InterruptedException if interrupted while waiting for a collection
     */
    public static boolean awaitCleared(Reference<?> ref) throws InterruptedException {
        return retained(List.of(Objects.requireNonNull(ref, "Reachability.awaitCleared: ref")), DEFAULT_ROUNDS) == 0;
    }

    /**
     * Runs collection rounds until every reference is cleared or the rounds run out.
     *
     * @param refs references whose referents the caller no longer holds
     * @param rounds rounds at most; at least 1
     * @return how many of them are still set afterwards
     * @throws IllegalArgumentException if rounds is less than 1
     * @throws InterruptedException if interrupted while waiting for a collection
     */
    public static long retained(Collection<? extends Reference<?>> refs, int rounds) throws InterruptedException {
        Objects.requireNonNull(refs, "Reachability.retained: refs");
        if (rounds < 1) {
            throw new IllegalArgumentException("Reachability.retained: rounds must be >= 1, got " + rounds);
        }
        List<byte[]> pressure = new ArrayList<>();
        for (int i = 0; i < rounds && set(refs) > 0; i++) {
            collect();
            pressure.add(new byte[1 << 20]);
            if (pressure.size() > 32) {
                pressure.clear();
            }
        }
        pressure.clear();
        return set(refs);
    }

    /**
     * Runs collection rounds until every reference is cleared or the time is up (at least one round):
     * for objects that other threads let go of in their own time (a framework's refresh, a cleaner), so
     * that the rounds go on while they do. The limit is a safety net, not a measured time.
     *
     * @param refs references whose referents the caller no longer holds
     * @param limit how long the rounds may go on
     * @return how many of them are still set afterwards
     * @throws InterruptedException if interrupted while waiting for a collection
     */
    public static long retained(Collection<? extends Reference<?>> refs, Duration limit) throws InterruptedException {
        Objects.requireNonNull(refs, "Reachability.retained: refs");
        long end = System.nanoTime() + Objects.requireNonNull(limit, "Reachability.retained: limit").toNanos();
        List<byte[]> pressure = new ArrayList<>();
        do {
            collect();
            pressure.add(new byte[1 << 20]);
            if (pressure.size() > 32) {
                pressure.clear();
            }
        } while (set(refs) > 0 && System.nanoTime() < end);
        pressure.clear();
        return set(refs);
    }

    /**
     * One round: a full collection, and the wait until its sentinel was collected and enqueued.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public static void collect() throws InterruptedException {
        ReferenceQueue<Object> queue = new ReferenceQueue<>();
        WeakReference<Object> sentinel = sentinel(queue);
        System.gc();
        Reference<?> enqueued = queue.remove(SENTINEL_WAIT_MILLIS);
        if (enqueued == null) {
            sentinel.clear(); // the collector did not run (explicit collections disabled?): go on
        }
    }

    private static WeakReference<Object> sentinel(ReferenceQueue<Object> queue) {
        return new WeakReference<>(new Object(), queue);
    }

    private static long set(Collection<? extends Reference<?>> refs) {
        return refs.stream().filter(r -> !r.refersTo(null)).count();
    }
}
