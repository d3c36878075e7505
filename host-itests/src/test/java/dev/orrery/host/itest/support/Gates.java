package dev.orrery.host.itest.support;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * Gates the test probe opens for the test plugins: a plugin constructor that blocks until its test lets
 * it go, and the stage the parking plugin waits for. Each gate is opened once, by the one test that uses
 * it.
 */
public final class Gates {
    /** The slow constructor ({@code itest.slowctor}) waits for this. */
    public static final CountDownLatch SLOW_CONSTRUCTOR = new CountDownLatch(1);
    /** What the parking plugin ({@code itest.parker}) loaded, in order. */
    public static final List<String> LOADS = new CopyOnWriteArrayList<>();
    private static volatile CompletableFuture<String> parkStage = new CompletableFuture<>();

    private Gates() {
    }

    /** @return the stage the parking plugin waits for now */
    public static CompletableFuture<String> parkStage() {
        return parkStage;
    }

    /**
     * @param stage what the parking plugin waits for from now on
     */
    public static void parkOn(CompletableFuture<String> stage) {
        parkStage = stage;
    }
}
