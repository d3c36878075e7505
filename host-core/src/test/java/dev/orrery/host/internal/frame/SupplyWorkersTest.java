package dev.orrery.host.internal.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The host's executor for {@code Cooperative.supply} is bounded: threads, queue, then refusal. */
class SupplyWorkersTest {
    @Test
    @DisplayName("at most 4 daemon threads named orrery-supply-N and 256 queued tasks; more is refused")
    void bounded() throws InterruptedException {
        ExecutorService pool = SupplyWorkers.create();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(SupplyWorkers.THREADS);
        try {
            for (int i = 0; i < SupplyWorkers.THREADS; i++) {
                pool.execute(() -> {
                    assertTrue(Thread.currentThread().isDaemon());
                    assertTrue(Thread.currentThread().getName().startsWith("orrery-supply-"));
                    started.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            assertTrue(started.await(30, TimeUnit.SECONDS));
            for (int i = 0; i < SupplyWorkers.QUEUE; i++) {
                pool.execute(() -> { });
            }
            assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
            assertEquals(SupplyWorkers.THREADS, ((ThreadPoolExecutor) pool).getPoolSize());
        } finally {
            release.countDown();
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
    }
}
