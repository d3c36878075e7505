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

    @Test
    @DisplayName("every worker starts in create(), on the host's stack, and stays: none is made later on a plugin's stack")
    void workersStartUpFront() throws Exception {
        ThreadPoolExecutor pool = (ThreadPoolExecutor) SupplyWorkers.create();
        try {
            assertEquals(SupplyWorkers.THREADS, pool.getPoolSize(), "threads before any task");
            assertTrue(!pool.allowsCoreThreadTimeOut(), "idle workers never end, so none is made again later");
            ClassLoader[] seen = new ClassLoader[1];
            CountDownLatch ran = new CountDownLatch(1);
            pool.execute(() -> {
                seen[0] = Thread.currentThread().getContextClassLoader();
                ran.countDown();
            });
            assertTrue(ran.await(30, TimeUnit.SECONDS));
            assertEquals(SupplyWorkers.class.getClassLoader(), seen[0], "the context class loader is the host's");
            assertEquals(SupplyWorkers.THREADS, pool.getPoolSize());
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
    }
}
