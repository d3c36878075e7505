package dev.orrery.benchmarks;

import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ParkListener;
import dev.orrery.schedule.ParkedUpdate;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A harness (not JMH: it measures one hand-off between two threads per sample): how long a parked
 * world update takes to continue once its stage completes. A world thread runs a schedule whose one
 * system awaits a fresh stage every frame; this thread waits until the update is parked (the probe's
 * listener), reads the clock, completes the stage, and the system reads the clock right after its
 * {@code await} returned. Prints p50, p90, p99 and max in microseconds.
 *
 * <p>Run: {@code java -cp "benchmarks/target/classes:benchmarks/target/lib/*"
 * dev.orrery.benchmarks.ResumeLatency [samples, default 20000] [warm-up, default 5000]}.
 */
public final class ResumeLatency {
    private final AtomicReference<CompletableFuture<Long>> stage = new AtomicReference<>();
    private volatile ParkedUpdate parked;
    private volatile long continuedAt;
    private volatile boolean stop;

    private ResumeLatency() {
    }

    /**
     * @param args samples and warm-up samples
     * @throws InterruptedException if interrupted
     */
    public static void main(String[] args) throws InterruptedException {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        long[] nanos = new ResumeLatency().measure(samples, warmUp);
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "completion -> continuing, %d samples: p50 %.1f us, p90 %.1f us, p99 %.1f us,"
                + " max %.1f us%n", samples, at(nanos, 0.50), at(nanos, 0.90), at(nanos, 0.99),
                nanos[nanos.length - 1] / 1000.0);
    }

    private static double at(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))] / 1000.0;
    }

    private long[] measure(int samples, int warmUp) throws InterruptedException {
        RunProbe probe = RunProbe.builder().listener(new ParkListener() {
            @Override
            public void parked(ParkedUpdate update) {
                parked = update;
            }
        }).build();
        Schedule s = Schedule.builder("latency").probe(probe).systems(EcsSystem.define("wait", (w, dt) -> {
            CompletableFuture<Long> f = new CompletableFuture<>();
            stage.set(f);
            Cooperative.await(f, "sample");
            continuedAt = System.nanoTime();
        })).build();
        World world = new World();
        Thread worldThread = new Thread(() -> {
            while (!stop) {
                s.run(world, 0.016);
            }
        }, "latency-world");
        worldThread.start();
        long[] out = new long[samples];
        for (int i = -warmUp; i < samples; i++) {
            while (parked == null) {
                Thread.onSpinWait();
            }
            parked = null;
            continuedAt = 0;
            if (i == samples - 1) {
                stop = true;
            }
            long t0 = System.nanoTime();
            stage.get().complete(t0);
            long t1;
            while ((t1 = continuedAt) == 0) {
                Thread.onSpinWait();
            }
            if (i >= 0) {
                out[i] = t1 - t0;
            }
        }
        worldThread.join();
        return out;
    }
}
