package dev.orrery.host.itest;

import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.host.itest.support.SoakProbes;
import dev.orrery.schedule.Plugin;
import dev.orrery.testkit.osgi.LogCapture;
import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.testsupport.soak.FrameAccount;
import dev.orrery.testsupport.soak.IdleControl;
import dev.orrery.testsupport.soak.Latencies;
import dev.orrery.testsupport.soak.SoakProbe;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;

/**
 * The hot-plug soak harness, which measures what hot plug costs a running game: on a host running in
 * real time at {@value #RATE} Hz with the default quiet period ({@value #QUIET_MILLIS} ms), runs N cycles of
 * install + start {@code itest.soak} 1.0.0, update to 2.0.0 (+ refresh), uninstall (+ refresh), and
 * prints: frame gaps longer than two periods and the longest gap, frames lost (frames expected from
 * the wall time minus frames run), install and update to the new code's first run p50/p95/max (ms),
 * departure to the plugin's systems stopped (frames it still ran after its service was unregistered),
 * rebuilds per service event, uninstalled {@code Bundle}s and class loaders still reachable after a
 * refresh and GC (weak references), the heap after GC, and the framework's ERROR events (e.g. a
 * service factory that returned null).
 *
 * <p>Not an IT: run by the {@code soak} profile only, e.g.
 * {@code mvn -B -o -pl host-itests -am verify -Psoak -Dsoak.cycles=1000 -Dtest=NONE
 * -Dsurefire.failIfNoSpecifiedTests=false}. System properties: {@code soak.cycles} (default 100);
 * {@code soak.idleSeconds} (default 30): a control period with no plug events before the cycles;
 * {@code soak.enforce=true} fails the run when a target of hot plug is missed (0 frames lost,
 * departure within 1 frame, update p95 within the quiet period + 1 frame, 0 retained bundles). The
 * report is also written to {@code target/soak-report.txt}.
 */
@RunWith(PaxExam.class)
public class HotPlugSoak extends HostItBase {
    private static final int RATE = 60;
    private static final long QUIET_MILLIS = 50;
    private static final long PERIOD_NANOS = 1_000_000_000L / RATE;
    private static final long GC_MILLIS = 10_000;
    /** The soak plugin's class, loaded from each revision to watch its class loader. */
    private static final String SOAK_CLASS = "dev.orrery.host.itest.plugins.soak.SoakPlugin";

    @Configuration
    public Option[] config() {
        return options(platform(QUIET_MILLIS, 1000),
                frameworkProperty("orrery.host.mode").value("realtime"),
                frameworkProperty("orrery.host.rate").value(String.valueOf(RATE)),
                frameworkProperty("orrery.host.startPaused").value("false"));
    }

    @Test
    public void installUpdateUninstallCyclesAtSixtyHertz() throws Exception {
        int cycles = Integer.getInteger("soak.cycles", 100);
        boolean enforce = Boolean.getBoolean("soak.enforce");
        try (LogCapture log = LogCapture.of("dev.orrery.host", System.Logger.Level.INFO)) {
            host().awaitMainSchedule();
            start("soak-clock");
            host().awaitPlugin("soak-clock", PluginState.ACTIVE);
            host().awaitCondition(() -> gameHost.status().state() == RunState.RUNNING, () -> "the host is not running");
            SoakProbe probe = host().onFrame(w -> w.add(SoakProbes.TRAIT));
            host().awaitCondition(() -> probe.frames() > RATE, () -> "the clock does not tick");

            // Departure begins when the plugin service is unregistered (UNREGISTERING is delivered
            // synchronously, before the service is gone): the probe's frame count then.
            AtomicLong departure = new AtomicLong(-1);
            ServiceListener unregistering = e -> {
                if (e.getType() == ServiceEvent.UNREGISTERING) {
                    departure.compareAndSet(-1, probe.frames());
                }
            };
            List<String> frameworkErrors = Collections.synchronizedList(new ArrayList<>());
            FrameworkListener errors = e -> {
                if (e.getType() == FrameworkEvent.ERROR) {
                    frameworkErrors.add(String.valueOf(e.getThrowable()));
                }
            };
            context.addFrameworkListener(errors);
            context.addServiceListener(unregistering, "(&(objectClass=" + Plugin.class.getName() + ")(component.name="
                    + SOAK_CLASS + "))");
            String idle = IdleControl.measure(probe, () -> gameHost.status().frames(), Integer.getInteger("soak.idleSeconds", 30),
                    RATE);
            Latencies installMillis = new Latencies();
            Latencies updateMillis = new Latencies();
            List<Long> departureFrames = new ArrayList<>();
            List<WeakReference<Bundle>> bundles = new ArrayList<>();
            List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
            long firstSequence = host().mark();
            probe.resetGaps(2 * PERIOD_NANOS);
            long startNanos = System.nanoTime();
            long startFrames = gameHost.status().frames();

            for (int i = 0; i < cycles; i++) {
                probe.expect("1.0.0");
                long t0 = System.nanoTime();
                Bundle b = install("soak-v1");
                b.start();
                installMillis.add(awaitFirstRun(probe, t0, "1.0.0 in cycle " + i));
                loaders.add(new WeakReference<>(b.loadClass(SOAK_CLASS).getClassLoader()));

                probe.expect("2.0.0");
                long t1 = System.nanoTime();
                host().update(b, Bundles.file("soak-v2"));
                updateMillis.add(awaitFirstRun(probe, t1, "2.0.0 in cycle " + i));
                loaders.add(new WeakReference<>(b.loadClass(SOAK_CLASS).getClassLoader()));

                departure.set(-1);
                host().uninstall(b);
                long stopAt = probe.frames();
                host().awaitCondition(() -> probe.frames() > stopAt + 1, () -> "frames stopped after the uninstall");
                long departedAt = departure.get();
                assertTrue("the soak plugin's service was never unregistered in cycle " + i, departedAt >= 0);
                departureFrames.add(Math.max(0, probe.lastRunFrame("2.0.0") - departedAt));
                bundles.add(new WeakReference<>(b));
            }

            context.removeServiceListener(unregistering);
            context.removeFrameworkListener(errors);
            FrameAccount frames = FrameAccount.between(startNanos, System.nanoTime(), gameHost.status().frames() - startFrames,
                    RATE);
            long lost = frames.lost();
            long gaps = probe.gapsOverLimit();
            double maxGapMillis = probe.maxGapNanos() / 1e6;
            long rebuilds = rebuildCount(firstSequence);
            int events = 3 * cycles;

            long retainedBundles = Reachability.retained(bundles, Duration.ofMillis(GC_MILLIS));
            long retainedLoaders = loaders.stream().filter(r -> r.get() != null).count();
            Runtime rt = Runtime.getRuntime();
            double heapMb = (rt.totalMemory() - rt.freeMemory()) / (1024.0 * 1024.0);

            double updateP95 = updateMillis.percentile(95);
            long departureMax = departureFrames.stream().mapToLong(Long::longValue).max().orElse(0);
            double updateTarget = QUIET_MILLIS + PERIOD_NANOS / 1e6;
            String report = String.join("\n",
                    "hot-plug soak: " + cycles + " cycles of install v1 / update v2 + refresh / uninstall + refresh,"
                            + " real time " + RATE + " Hz, quietMillis " + QUIET_MILLIS,
                    idle,
                    frames.describe(),
                    String.format(Locale.ROOT, "frame gaps > 2 periods (%.1f ms): %d; longest gap %.1f ms",
                            2 * PERIOD_NANOS / 1e6, gaps, maxGapMillis),
                    "install -> first run (ms): " + installMillis.summary(),
                    "update -> new code first run (ms): " + updateMillis.summary()
                            + String.format(Locale.ROOT, " (target p95 <= %.1f)", updateTarget),
                    "departure -> systems stopped (frames the plugin still ran after its service was unregistered): max "
                            + departureMax + ", mean " + String.format(Locale.ROOT, "%.2f",
                            departureFrames.stream().mapToLong(Long::longValue).average().orElse(0)),
                    String.format(Locale.ROOT, "rebuilds: %d for %d service events (%.2f per event)", rebuilds, events,
                            (double) rebuilds / events),
                    "retained after refresh + GC: " + retainedBundles + " of " + bundles.size() + " uninstalled Bundles, "
                            + retainedLoaders + " of " + loaders.size() + " class loaders",
                    String.format(Locale.ROOT, "heap after GC: %.1f MB", heapMb),
                    "host log: " + log.records().size() + " records, " + log.stackTraces() + " stack traces;"
                            + " framework ERROR events: " + frameworkErrors.size()
                            + (frameworkErrors.isEmpty() ? "" : ", first: " + frameworkErrors.get(0)));
            System.out.println(report);
            Path out = Path.of(Bundles.dir().getParent(), "soak-report.txt");
            Files.writeString(out, report + "\n", StandardCharsets.UTF_8);
            if (enforce) {
                assertTrue("frames lost: " + lost, lost == 0);
                assertTrue("departure took " + departureMax + " frames", departureMax <= 1);
                assertTrue("update p95 " + updateP95 + " ms", updateP95 <= updateTarget);
                assertTrue("retained bundles: " + retainedBundles, retainedBundles == 0);
            }
        }
    }

    /** Waits for the expected version's first run; returns the latency from {@code fromNanos}, ms. */
    private double awaitFirstRun(SoakProbe probe, long fromNanos, String what) throws InterruptedException {
        host().awaitCondition(() -> probe.expectedFirstRunNanos() != 0, () -> "the code of " + what + " never ran");
        return (probe.expectedFirstRunNanos() - fromNanos) / 1e6;
    }

    private long rebuildCount(long firstSequence) {
        List<RebuildInfo> r = gameHost.rebuilds();
        return r.isEmpty() ? 0 : r.get(r.size() - 1).sequence() - firstSequence;
    }
}
