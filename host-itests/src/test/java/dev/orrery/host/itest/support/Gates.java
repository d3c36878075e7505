package dev.orrery.host.itest.support;

import java.util.concurrent.CountDownLatch;

/**
 * Gates the test probe opens for the test plugins: a plugin constructor that blocks until its test lets
 * it go. Each gate is opened once, by the one test that uses it.
 */
public final class Gates {
    /** The slow constructor ({@code itest.slowctor}) waits for this. */
    public static final CountDownLatch SLOW_CONSTRUCTOR = new CountDownLatch(1);

    private Gates() {
    }
}
