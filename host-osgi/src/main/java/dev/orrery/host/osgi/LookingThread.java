package dev.orrery.host.osgi;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * The one daemon thread a bundle watcher ({@link UnregisteredPlugins}, {@link UnresolvedBundles}) hands
 * its looks to, so that the framework's listeners and hooks only queue work: looks run one at a time,
 * in the order given; after {@link #close(Runnable)} a look is dropped, not run.
 *
 * <p>Threads: {@link #soon} and {@link #close(Runnable)} may be called from any thread.
 */
final class LookingThread {
    private final ExecutorService looks;

    /** @param name the thread's name, e.g. {@code orrery-unresolved-bundles} */
    LookingThread(String name) {
        looks = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Queues a look; does nothing once closed. */
    void soon(Runnable look) {
        try {
            looks.execute(look);
        } catch (RejectedExecutionException e) {
            // closed
        }
    }

    /**
     * Stops the watcher's listening, then drops the queued looks and interrupts the running one; later
     * looks are dropped.
     *
     * @param unlisten removes the watcher's listeners and hooks; an {@link IllegalStateException} from
     *     it (the host bundle is stopping: they go with it) is ignored
     */
    void close(Runnable unlisten) {
        try {
            unlisten.run();
        } catch (IllegalStateException e) {
            // the host bundle is stopping: its listeners and services go with it
        }
        looks.shutdownNow();
    }
}
