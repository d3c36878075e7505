package dev.orrery.host.jpms;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.RunState;
import dev.orrery.host.core.HostCore;
import dev.orrery.schedule.Plugin;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.testsupport.soak.FrameAccount;
import dev.orrery.testsupport.soak.IdleControl;
import dev.orrery.testsupport.soak.Latencies;
import dev.orrery.testsupport.soak.SoakProbe;
import dev.orrery.world.Trait;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The JPMS-mode hot-plug soak, the counterpart of host-itests' {@code HotPlugSoak};
 * run by {@link JpmsHotPlugSoak}, which loads this class in a class loader over the platform layer,
 * so that it links against the platform modules' classes.
 *
 * <p>It assembles JPMS mode as {@link JpmsMain#run} does (a {@link HostCore} with a {@link JpmsHost}
 * front end, {@link PluginLayers} with a cache folder, a {@link PluginFolderWatch} polled on one
 * thread with {@link JpmsMain}'s default poll period and quiet time unless
 * {@value JpmsMain#POLL_PROPERTY} / {@value JpmsMain#QUIET_PROPERTY} are set; the platform layer's own
 * plugins, hooks and clients added at start), without the web console, the host settings file watch and
 * the shutdown hook. Between the layers and the front end sits a recorder of the provider events (when
 * a soak provider was handed over or removed). The host runs in real time at {@value #RATE} Hz with
 * the default quiet period ({@value #QUIET_MILLIS} ms, {@code maxDelayMillis} {@value #MAX_DELAY_MILLIS}).
 *
 * <p>Plugin jars are real module jars compiled here against the platform's scheduler module, each
 * {@code provides dev.orrery.schedule.Plugin}: {@code soak.clock} (in {@code plugins/} from the start,
 * system {@code soak-clock/tick} in OnLoad, ticks the {@link SoakProbe} every frame) and
 * {@code soak} versions 1 and 2 (system {@code soak/tick} in OnUpdate, reports {@code "1"} or
 * {@code "2"} to the probe). The probe is a world trait looked up by name; the jars see it as an
 * {@code ObjLongConsumer<String>}.
 *
 * <p>Each cycle puts {@code soak.jar} (version 1) into {@code plugins/} the way a careful user does: a
 * copy to {@code soak.jar.part} (not a {@code *.jar}: the watch ignores it) then an atomic move to
 * {@code soak.jar}; waits for version 1's first run; replaces it the same way with version 2 and waits
 * for its first run; deletes it and waits until the host was told of the removal. Times are from the
 * start of the copy. Before each of these events it waits a random part of the watch's poll period
 * (seeded), so that events fall at any point of it, as a user's do. Beyond the spec (Orrery's own).
 */
public final class JpmsSoakRun {
    private static final int RATE = 60;
    private static final long QUIET_MILLIS = 50;
    private static final long MAX_DELAY_MILLIS = 1000;
    private static final long PERIOD_NANOS = 1_000_000_000L / RATE;
    private static final long WAIT_SECONDS = 30;
    private static final String SOAK_MODULE = "soak";
    /** Frames after a deletion's removal before its departure is measured, when no next cycle comes. */
    private static final long DEPARTURE_WINDOW = 30;
    private static final long NEAR_BEFORE_MILLIS = 100;
    private static final long NEAR_AFTER_MILLIS = 200;

    private JpmsSoakRun() {
    }

    /**
     * Runs the soak.
     *
     * @param platform the platform layer (the scheduler and host core modules, optionally the prefabs)
     * @param work a scratch folder (plugin jars, {@code plugins/}, {@code jpms-cache/}), made if missing
     * @param options {@code cycles} (default 100), {@code idleSeconds} (default 30)
     * @return {@code report} (the report's lines, String) and the figures the targets are checked on:
     *     {@code lost}, {@code departureMax}, {@code retainedLoaders} (Long), {@code updateP95},
     *     {@code updateTarget} (Double, ms)
     * @throws Exception when the host does not start or an awaited run does not come within
     *     {@value #WAIT_SECONDS} s (IllegalStateException naming it), or a file operation fails
     */
    public static Map<String, Object> run(ModuleLayer platform, Path work, Map<String, String> options) throws Exception {
        int cycles = Integer.parseInt(options.getOrDefault("cycles", "100"));
        int idleSeconds = Integer.parseInt(options.getOrDefault("idleSeconds", "30"));
        long poll = millis(JpmsMain.POLL_PROPERTY, JpmsMain.DEFAULT_POLL);
        long quiet = millis(JpmsMain.QUIET_PROPERTY, JpmsMain.DEFAULT_QUIET);

        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Path stage = Files.createDirectories(work.resolve("stage"));
        Path cache = work.resolve("jpms-cache");
        Path scheduler = Path.of(platform.configuration().findModule("dev.orrery.scheduler").orElseThrow()
                .reference().location().orElseThrow());
        Path clockJar = SoakJars.clock(stage, scheduler);
        Path v1 = SoakJars.soak(stage, scheduler, "1");
        Path v2 = SoakJars.soak(stage, scheduler, "2");
        Path soakJar = plugins.resolve("soak.jar");
        Files.copy(clockJar, plugins.resolve("soak-clock.jar"), StandardCopyOption.REPLACE_EXISTING);
        // in place well before the start: the first poll loads it at once, as JpmsMain does with a full folder
        Files.setLastModifiedTime(plugins.resolve("soak-clock.jar"), FileTime.fromMillis(System.currentTimeMillis() - 60_000));

        CapturedLog hostLog = CapturedLog.create(System.Logger.Level.INFO);
        List<String> layerLog = Collections.synchronizedList(new ArrayList<>());
        List<String> watchLog = Collections.synchronizedList(new ArrayList<>());
        SoakProbe probe = new SoakProbe();
        JpmsHost front = new JpmsHost();
        HostCore host = HostCore.create(HostSettings.builder().mode(FrameMode.REAL_TIME).rate(RATE).startPaused(false)
                .quietPeriod(Duration.ofMillis(QUIET_MILLIS)).maxDelay(Duration.ofMillis(MAX_DELAY_MILLIS)).build(),
                front, hostLog.logger(HostCore.LOGGER));
        Recorder recorder = new Recorder(front, probe);
        PluginLayers<Plugin> layers = new PluginLayers<>(platform, Plugin.class, cache, recorder, layerLog::add);
        front.attach(host, layers::droppedModule);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-plugins-watch");
            t.setDaemon(true);
            return t;
        });
        List<String> report = new ArrayList<>();
        Map<String, Object> out = new LinkedHashMap<>();
        host.start();
        ScheduledFuture<?> polling = null;
        try {
            Trait<SoakProbe> trait = Trait.withDefault(SoakJars.PROBE_TRAIT, probe);
            host.submit(w -> w.add(trait, probe)).toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
            ServiceLoader.load(platform, Plugin.class).stream()
                    .filter(p -> p.type().getModule().getLayer() == platform)
                    .sorted(Comparator.comparing(p -> p.type().getName()))
                    .forEach(p -> front.added("platform:" + p.type().getModule().getName() + "/" + p.type().getName(), p.get(),
                            "platform"));
            PluginFolderWatch watch = new PluginFolderWatch(plugins, quiet, System::currentTimeMillis, layers::sync, watchLog::add);
            watch.poll();
            front.addHooks("platform", platform);
            front.settled();
            host.requestRebuild();
            front.startClients("platform", platform);
            polling = watch.start(executor, poll);
            await(() -> host.status().state() == RunState.RUNNING && probe.frames() > RATE,
                    () -> "the clock plugin does not tick: " + host.status() + ", " + host.plugins() + ", " + layerLog);

            String idle = IdleControl.measure(probe, () -> host.status().frames(), idleSeconds, RATE);
            Latencies addMillis = new Latencies();
            Latencies addSettle = new Latencies();
            Latencies addHost = new Latencies();
            Latencies updateMillis = new Latencies();
            Latencies updateSettle = new Latencies();
            Latencies updateHost = new Latencies();
            Latencies deleteSeen = new Latencies();
            List<Long> departureFrames = new ArrayList<>();
            long firstSequence = lastSequence(host);
            hostLog.clear();
            long filesBefore = openFiles(null);
            probe.resetGaps(2 * PERIOD_NANOS);
            long startNanos = System.nanoTime();
            long startFrames = host.status().frames();
            long departedAt = -1;
            java.util.Random phase = new java.util.Random(42);

            for (int i = 0; i < cycles; i++) {
                dephase(phase, poll);
                probe.expect("1");
                recorder.addedNanos.set(0);
                long t0 = System.nanoTime();
                place(v1, soakJar);
                addMillis.add(awaitFirstRun(probe, t0, "version 1 in cycle " + i));
                addSettle.add((handedOver(recorder) - t0) / 1e6);
                addHost.add((probe.expectedFirstRunNanos() - handedOver(recorder)) / 1e6);
                if (departedAt >= 0) { // the last cycle's departure: version 2 ran last at most this many frames after
                    departureFrames.add(Math.max(0, probe.lastRunFrame("2") - departedAt));
                }

                dephase(phase, poll);
                probe.expect("2");
                recorder.addedNanos.set(0);
                long t1 = System.nanoTime();
                place(v2, soakJar);
                updateMillis.add(awaitFirstRun(probe, t1, "version 2 in cycle " + i));
                updateSettle.add((handedOver(recorder) - t1) / 1e6);
                updateHost.add((probe.expectedFirstRunNanos() - handedOver(recorder)) / 1e6);

                dephase(phase, poll);
                recorder.removedFrame.set(-1);
                long t2 = System.nanoTime();
                Files.delete(soakJar);
                int cycle = i;
                await(() -> recorder.removedFrame.get() >= 0, () -> "the deletion in cycle " + cycle + " never reached the host");
                deleteSeen.add((recorder.removedNanos.get() - t2) / 1e6);
                departedAt = recorder.removedFrame.get();
            }
            if (departedAt >= 0) {
                long at = departedAt;
                await(() -> probe.frames() > at + DEPARTURE_WINDOW, () -> "frames stopped after the last deletion");
                departureFrames.add(Math.max(0, probe.lastRunFrame("2") - departedAt));
            }

            FrameAccount frames = FrameAccount.between(startNanos, System.nanoTime(), host.status().frames() - startFrames, RATE);
            long lost = frames.lost();
            long gaps = probe.gapsOverLimit();
            String nearEvents = nearEvents(probe.gapEnds(), recorder.events, System.nanoTime() - startNanos);
            double maxGapMillis = probe.maxGapNanos() / 1e6;
            long rebuilds = lastSequence(host) - firstSequence;
            int events = 3 * cycles;

            List<WeakReference<ClassLoader>> loaders;
            synchronized (recorder.loaders) {
                loaders = List.copyOf(recorder.loaders);
            }
            long retainedLoaders = Reachability.retained(loaders, Reachability.DEFAULT_ROUNDS);
            long filesAfter = openFiles(null);
            long cacheFiles = openFiles(cache.getFileName().toString());
            Runtime rt = Runtime.getRuntime();
            double heapMb = (rt.totalMemory() - rt.freeMemory()) / (1024.0 * 1024.0);

            double updateP95 = updateMillis.percentile(95);
            long departureMax = departureFrames.stream().mapToLong(Long::longValue).max().orElse(0);
            double updateTarget = QUIET_MILLIS + quiet + poll + PERIOD_NANOS / 1e6;
            List<String> layerProblems = layerLog.stream()
                    .filter(l -> !l.matches("plugin jar [^:]+: layer of module \\S+ (defined|dropped) .*")).toList();
            report.add("hot-plug soak, JPMS mode: " + cycles + " cycles of add soak.jar v1 / replace by v2 / delete in plugins/"
                    + " (copy to soak.jar.part + atomic move; each event at a random point of the poll period), real time " + RATE + " Hz, quietMillis " + QUIET_MILLIS
                    + ", folder watch quiet " + quiet + " ms, poll " + poll + " ms");
            report.add(idle);
            report.add(frames.describe());
            report.add(String.format(Locale.ROOT, "frame gaps > 2 periods (%.1f ms): %d; longest gap %.1f ms",
                    2 * PERIOD_NANOS / 1e6, gaps, maxGapMillis) + "; " + nearEvents);
            report.add("add -> first run (ms): " + addMillis.summary() + "; of which file in place -> layer defined (settle): "
                    + addSettle.summary() + ", layer defined -> first run (rebuild + swap): " + addHost.summary());
            report.add("replace -> new code first run (ms): " + updateMillis.summary()
                    + String.format(Locale.ROOT, " (target p95 <= %.1f = quietMillis %d + watch quiet %d + poll %d + 1 frame)",
                    updateTarget, QUIET_MILLIS, quiet, poll) + "; of which settle: " + updateSettle.summary()
                    + ", layer defined -> first run: " + updateHost.summary());
            report.add("delete -> removal handed to the host (settle, ms): " + deleteSeen.summary());
            report.add("delete -> systems stopped (frames in which v2's system still ran after the host was told of the removal,"
                    + " HostCore.pluginRemoved): max " + departureMax + ", mean " + String.format(Locale.ROOT, "%.2f",
                    departureFrames.stream().mapToLong(Long::longValue).average().orElse(0)) + " (n=" + departureFrames.size() + ")");
            report.add(String.format(Locale.ROOT, "rebuilds: %d for %d plug events (%.2f per event)", rebuilds, events,
                    (double) rebuilds / events));
            report.add("retained after GC: " + retainedLoaders + " of " + recorder.loaders.size()
                    + " class loaders of dropped soak layers; open files " + filesBefore + " before the cycles, " + filesAfter + " after ("
                    + cacheFiles + " of them jar copies in " + cache.getFileName() + ")");
            report.add(String.format(Locale.ROOT, "heap after GC: %.1f MB", heapMb));
            report.add("host log during the cycles: " + summary(hostLog) + "; layer lines " + layerLog.size()
                    + " (" + (4 * cycles + 1) + " expected: defined/dropped, 4 per cycle and the clock's), other: " + layerProblems.size()
                    + (layerProblems.isEmpty() ? "" : ", first: " + layerProblems.get(0)) + "; watch lines " + watchLog.size());
            out.put("lost", lost);
            out.put("departureMax", departureMax);
            out.put("retainedLoaders", retainedLoaders);
            out.put("updateP95", updateP95);
            out.put("updateTarget", updateTarget);
        } finally {
            if (polling != null) {
                polling.cancel(false);
            }
            executor.shutdown();
            executor.awaitTermination(5, TimeUnit.SECONDS);
            front.stopClients();
            host.stop();
            layers.close();
        }
        out.put("report", String.join("\n", report));
        return out;
    }

    /**
     * The layers' events on their way to the front end, with the times the harness measures: when a
     * soak provider was handed over ({@link #added}) and when the host was told of a soak provider's
     * removal, in {@code System.nanoTime()} and in frames ticked ({@link #removed}); and a weak
     * reference to each soak provider's class loader.
     */
    private static final class Recorder implements PluginEvents<Plugin> {
        private final PluginEvents<Plugin> front;
        private final SoakProbe probe;
        final AtomicLong addedNanos = new AtomicLong();
        final AtomicLong removedNanos = new AtomicLong();
        final AtomicLong removedFrame = new AtomicLong(-1);
        final List<WeakReference<ClassLoader>> loaders = Collections.synchronizedList(new ArrayList<>());
        /** When a soak event reached the host (hand-over of an added provider, or a removal), {@code System.nanoTime()}. */
        final List<Event> events = Collections.synchronizedList(new ArrayList<>());
        /** Whether the batch being delivered added a soak provider; the watch's thread only. */
        private boolean soakAdded;

        Recorder(PluginEvents<Plugin> front, SoakProbe probe) {
            this.front = front;
            this.probe = probe;
        }

        private static boolean soak(String key) {
            return key.startsWith(SOAK_MODULE + "/");
        }

        @Override
        public void added(String key, Plugin provider, String jar) {
            if (soak(key)) {
                loaders.add(new WeakReference<>(provider.getClass().getClassLoader()));
                soakAdded = true;
            }
            front.added(key, provider, jar);
        }

        @Override
        public void removed(String key) {
            if (soak(key)) {
                // the frames ticked when the host is told: HostCore.pluginRemoved is called next
                removedFrame.compareAndSet(-1, probe.frames());
                long now = System.nanoTime();
                removedNanos.set(now);
                events.add(new Event(now, "removal"));
            }
            front.removed(key);
        }

        @Override
        public void layerDefined(String module, ModuleLayer layer) {
            front.layerDefined(module, layer);
        }

        @Override
        public void layerDropped(String module) {
            front.layerDropped(module);
        }

        @Override
        public void settled() {
            if (soakAdded) {
                // stamped before the hand-over: the frame thread may run the new code before settled() returns
                long now = System.nanoTime();
                addedNanos.set(now);
                events.add(new Event(now, "hand-over"));
                soakAdded = false;
            }
            front.settled(); // the batch's providers are handed to the host core here
        }
    }

    /**
     * Waits a random part of the poll period before a plug event (not counted in its latency): a user's
     * file operation comes at any point of the watch's poll period, while the harness's would otherwise
     * come right after the poll that delivered the previous event, and so always wait a whole period.
     */
    private static void dephase(java.util.Random random, long pollMillis) throws InterruptedException {
        Thread.sleep(random.nextInt((int) pollMillis)); // spreads the event over the poll period, waits for nothing
    }

    /** Copies the jar next to the target under a name the watch ignores, then moves it into place atomically. */
    private static void place(Path jar, Path target) throws IOException {
        Path part = target.resolveSibling(target.getFileName() + ".part");
        Files.copy(jar, part, StandardCopyOption.REPLACE_EXISTING);
        Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }


    /**
     * Which frame gaps came with the plug events: a gap counts when it ended from {@value #NEAR_BEFORE_MILLIS} ms
     * before to {@value #NEAR_AFTER_MILLIS} ms after a soak event reached the host (the layer is defined
     * on the watch's thread just before; the rebuild and swap follow), with the share of the wall time
     * those windows cover (what a gap at a random time would hit).
     */
    private static String nearEvents(List<Long> gapEnds, List<Event> events, long wallNanos) {
        List<Event> sorted;
        synchronized (events) {
            sorted = new ArrayList<>(events);
        }
        sorted.sort(Comparator.comparingLong(Event::nanos));
        long before = TimeUnit.MILLISECONDS.toNanos(NEAR_BEFORE_MILLIS);
        long after = TimeUnit.MILLISECONDS.toNanos(NEAR_AFTER_MILLIS);
        long near = 0;
        List<String> offsets = new ArrayList<>();
        for (long g : gapEnds) {
            Event nearest = sorted.stream().min(Comparator.comparingLong(e -> Math.abs(g - e.nanos()))).orElse(null);
            if (nearest != null && g >= nearest.nanos() - before && g <= nearest.nanos() + after) {
                near++;
            }
            if (nearest != null && offsets.size() < 20) {
                offsets.add(String.format(Locale.ROOT, "%+.0f %s", (g - nearest.nanos()) / 1e6, nearest.kind()));
            }
        }
        long covered = 0;
        long end = Long.MIN_VALUE;
        for (Event e : sorted) { // the union of the windows
            long from = Math.max(e.nanos() - before, end);
            long to = e.nanos() + after;
            if (to > from) {
                covered += to - from;
            }
            end = Math.max(end, to);
        }
        return String.format(Locale.ROOT, "%d of them ended within -%d/+%d ms of a soak event reaching the host"
                + " (windows covering %.0f %% of the wall time); gap end - nearest event (ms): %s", near, NEAR_BEFORE_MILLIS,
                NEAR_AFTER_MILLIS, 100.0 * covered / Math.max(1, wallNanos), offsets);
    }

    /** A soak event reaching the host: a provider handed over (add, replace) or a removal; {@code System.nanoTime()}. */
    private record Event(long nanos, String kind) {
    }

    /** @return when the soak provider was handed to the host (stamped before its first run can happen) */
    private static long handedOver(Recorder recorder) {
        long at = recorder.addedNanos.get();
        if (at == 0) {
            throw new IllegalStateException("the new code ran, but its hand-over to the host was not stamped");
        }
        return at;
    }

    private static double awaitFirstRun(SoakProbe probe, long fromNanos, String what) {
        await(() -> probe.expectedFirstRunNanos() != 0, () -> "the code of " + what + " never ran");
        return (probe.expectedFirstRunNanos() - fromNanos) / 1e6;
    }

    private static void await(BooleanSupplier condition, java.util.function.Supplier<String> what) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("not within " + WAIT_SECONDS + " s: " + what.get());
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(500)); // the latencies are stamped by the plugins, not here
        }
    }

    private static long lastSequence(HostCore host) {
        List<RebuildInfo> r = host.rebuilds();
        return r.isEmpty() ? 0 : r.get(r.size() - 1).sequence();
    }


    /**
     * @param containing null: all; else only those whose path contains this
     * @return the process's open file descriptors (Linux), -1 where that cannot be told
     */
    private static long openFiles(String containing) {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                if (containing == null) {
                    return true;
                }
                try {
                    return Files.readSymbolicLink(fd).toString().contains(containing);
                } catch (IOException | RuntimeException gone) {
                    return false;
                }
            }).count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long millis(String key, long fallback) {
        String v = System.getProperty(key);
        return v == null || v.isBlank() ? fallback : Long.parseLong(v.trim());
    }



    /**
     * @return the host's log records at INFO and above, as counts per level, the two most frequent INFO
     *     messages (by their first 24 characters) and the first record above INFO, e.g.
     *     {@code 12 records {INFO=12} (INFO: 12 x "schedule 'main' rebuilt..."), 0 stack traces}
     */
    private static String summary(CapturedLog log) {
        List<LogLine> records = log.records();
        Map<System.Logger.Level, Long> byLevel = new java.util.TreeMap<>();
        Map<String, Long> infoKinds = new java.util.HashMap<>();
        String first = null;
        for (LogLine r : records) {
            byLevel.merge(r.level(), 1L, Long::sum);
            if (r.level() == System.Logger.Level.INFO) {
                infoKinds.merge(r.message().substring(0, Math.min(24, r.message().length())), 1L, Long::sum);
            } else if (first == null) {
                first = r.level() + " " + r.message() + (r.thrown() == null ? "" : " " + r.thrown());
            }
        }
        String kinds = infoKinds.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(2)
                .map(e -> e.getValue() + " x \"" + e.getKey() + "...\"").collect(java.util.stream.Collectors.joining(", "));
        long traces = records.stream().filter(r -> r.thrown() != null).count();
        return records.size() + " records " + byLevel + (kinds.isEmpty() ? "" : " (INFO: " + kinds + ")") + ", " + traces
                + " stack traces" + (first == null ? "" : "; first above INFO: " + first);
    }
}
