package dev.orrery.host.jpms;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceConsumer;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.host.core.PluginCalls;
import dev.orrery.schedule.Plugin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Runs the host in JPMS mode ({@code bin/orrery --jpms}). The launcher defines the platform layer
 * (the scheduler, the host, this module and the optional platform modules) and calls {@link #run},
 * which takes only JDK types.
 *
 * <ol>
 *   <li>The resolved launcher settings ({@code conf/config.properties}, then {@code -D}) become system
 *       properties where none is set, so plugins and the host read them with
 *       {@code System.getProperty} (the JPMS counterpart of framework properties).</li>
 *   <li>The host core is made with the settings of {@code dev.orrery.host.cfg} in the plugins folder
 *       (the keys ConfigAdmin's PID {@code dev.orrery.host} takes in OSGi mode) and the
 *       {@code orrery.host.*} properties; a bad setting ends the run with exit code 2.</li>
 *   <li>The platform layer's own {@code Plugin} providers (the prefabs) and those of the jars already
 *       in the plugins folder (each in its layer: {@code PluginLayers}, {@code JpmsHost}) are added in
 *       one batch, the first rebuild is asked for, and the platform's {@code HostClient}s are
 *       started.</li>
 *   <li>The web console ({@link JpmsConsole}, the same handlers as in OSGi mode, {@code orrery.console.*}
 *       settings) is served when the platform layer holds its module, and closed before the host stops.</li>
 *   <li>A poll of the plugins folder (period: {@value #POLL_PROPERTY}, default {@value #DEFAULT_POLL} ms),
 *       with a quiet time ({@value #QUIET_PROPERTY}, default {@value #DEFAULT_QUIET} ms), hands on
 *       added, replaced and deleted jars ({@code PluginFolderWatch}) and changes of the host file.</li>
 * </ol>
 * The run ends when the host asks to stop (frame budget, {@code requestShutdown}, a dead frame thread
 * with {@code stopFrameworkWhenDone}), when the launcher asks it to (its {@code stop} future: a signal,
 * or a plugin that called {@code System.exit}; the launcher's shutdown hook handles both), or,
 * headless, when the simulation paused on a fault, the host is stuck, or a plugin jar was left out (its
 * one line is repeated as the reason).
 * Exit codes as in OSGi mode: 0 a clean stop; 1 a failed run (one line says why: the frame thread died,
 * or the host was stuck when it stopped); 2 a bad setting.
 * Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
@ServiceConsumer(value = Plugin.class, resolution = Resolution.OPTIONAL)
public final class JpmsMain {
    /** Property: the folder poll period (ms). */
    public static final String POLL_PROPERTY = "orrery.jpms.pollMillis";
    /**
     * Property, diagnostics: {@code true} watches each dropped layer's class loader and logs one line
     * when it is collected (or still reachable after 40 polls, each after a {@code System.gc()}).
     */
    public static final String REPORT_UNLOAD_PROPERTY = "orrery.jpms.reportUnload";
    /** Property: how long a plugin file must stay unchanged before it is loaded (ms). */
    public static final String QUIET_PROPERTY = "orrery.jpms.quietMillis";
    /** The web console's module, served by {@link JpmsConsole} when the platform layer holds it. */
    static final String CONSOLE_MODULE = "dev.orrery.plugin.console";
    static final long DEFAULT_POLL = 250;
    static final long DEFAULT_QUIET = 500;
    private static final long CHECK_MILLIS = 250;
    /** How many collector runs a dropped layer's class loader gets before it is reported still reachable. */
    private static final int UNLOAD_CHECKS = 40;
    /** What the launcher completes the stop future with for Ctrl-C or SIGTERM. */
    public static final String SIGNAL = "a stop signal";

    private JpmsMain() {
    }

    /**
     * @param platform the platform layer, holding this module
     * @param home the distribution folder (the jar cache goes to {@code jpms-cache/} there)
     * @param pluginsDir the plugins folder
     * @param properties the launcher's resolved settings
     * @param headless whether nobody can resume a paused simulation
     * @param stop completed by the launcher with what asks the run to stop (e.g. {@value #SIGNAL}); the
     *     run then ends as for the host's own stop request
     * @return the exit code
     * @throws IOException if the cache folder cannot be made
     * @throws InterruptedException if interrupted while waiting
     */
    public static int run(ModuleLayer platform, Path home, Path pluginsDir, Map<String, String> properties, boolean headless,
                          CompletableFuture<String> stop) throws IOException, InterruptedException {
        properties.forEach((k, v) -> {
            if (System.getProperty(k) == null) {
                System.setProperty(k, v);
            }
        });
        long poll = millis(POLL_PROPERTY, DEFAULT_POLL);
        long quiet = millis(QUIET_PROPERTY, DEFAULT_QUIET);
        Files.createDirectories(pluginsDir);
        Path cache = home.resolve("jpms-cache");
        clear(cache);

        JpmsHost front = new JpmsHost();
        HostConfigFile hostFile = new HostConfigFile(pluginsDir.resolve(HostConfigFile.NAME));
        HostCore host;
        try {
            host = HostCore.create(HostSettingsParser.parse(hostFile.read(), System::getProperty), front,
                    System.getLogger(HostCore.LOGGER));
        } catch (IllegalArgumentException e) {
            System.err.println("orrery: cannot start: " + e.getMessage());
            return 2;
        }
        HostCore started = host;
        PluginLayers<Plugin> layers = new PluginLayers<>(platform, Plugin.class, cache, front, line -> System.out.println("orrery: " + line),
                PluginCalls.start("orrery-plugin-providers", System.getLogger(HostCore.LOGGER),
                        () -> started.settings().frameWarnLimit().toMillis()));
        front.attach(host, layers::droppedModule);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-plugins-watch");
            t.setDaemon(true);
            return t;
        });
        stop.thenAccept(front::stopApplication);
        host.start();
        ServiceLoader.load(platform, Plugin.class).stream()
                .filter(p -> p.type().getModule().getLayer() == platform)
                .sorted(Comparator.comparing(p -> p.type().getName()))
                .forEach(p -> {
                    try {
                        front.added("platform:" + p.type().getModule().getName() + "/" + p.type().getName(), p.get(), "platform");
                    } catch (java.util.ServiceConfigurationError e) {
                        System.out.println("orrery: platform plugin " + p.type().getName() + " left out: " + e.getMessage());
                    }
                });
        PluginFolderWatch watch = new PluginFolderWatch(pluginsDir, quiet, System::currentTimeMillis, layers::sync,
                line -> System.out.println("orrery: " + line));
        PluginFolderWatch hostWatch = new PluginFolderWatch(pluginsDir, quiet, System::currentTimeMillis,
                files -> hostFile.changed(files, host), line -> { }, HostConfigFile.NAME);
        // The first poll here, before the watch thread starts: the jars already there (settled at once)
        // join the platform's plugins in one batch, so the first rebuild has them all.
        watch.poll();
        hostWatch.poll();
        front.addHooks("platform", platform);
        front.settled();
        host.requestRebuild();
        front.startClients("platform", platform);
        // The web console (the same handlers as in OSGi mode) when the platform layer holds its module;
        // JpmsConsole is linked only then.
        AutoCloseable console = platform.findModule(CONSOLE_MODULE).isPresent()
                ? JpmsConsole.start(host, System::getProperty, front::nextId, System.getLogger(JpmsConsole.LOGGER)).orElse(null)
                : null;
        System.out.println("orrery: started in JPMS mode: platform modules " + platform.modules().stream().map(Module::getName).sorted().toList() + "; watching "
                + pluginsDir + " for plugin jars");
        boolean reportUnload = Boolean.parseBoolean(System.getProperty(REPORT_UNLOAD_PROPERTY));
        if (reportUnload) {
            layers.trackCollection();
            executor.scheduleWithFixedDelay(() -> {
                if (layers.collecting()) {
                    checkUnloaded(layers);
                }
            }, poll, poll, TimeUnit.MILLISECONDS);
        }
        ScheduledFuture<?> polling = watch.start(executor, poll);
        ScheduledFuture<?> hostPolling = hostWatch.start(executor, poll);
        String failure = null;
        String after;
        while (true) {
            try {
                after = front.stopRequested().get(CHECK_MILLIS, TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException e) {
                // Headless, a jar left out ends the run (nobody would notice the missing game), as a component
                // that fails to activate does in OSGi mode.
                Optional<String> problem = headless ? badJar(layers) : Optional.empty();
                if (problem.isEmpty()) {
                    problem = problem(host, headless, false);
                }
                if (problem.isPresent()) {
                    failure = problem.get();
                    after = "a failure";
                    break;
                }
            } catch (ExecutionException e) {
                after = String.valueOf(e.getCause());
                break;
            }
        }
        polling.cancel(false);
        hostPolling.cancel(false);
        executor.shutdown();
        executor.awaitTermination(5, TimeUnit.SECONDS);
        if (reportUnload) {
            concludeUnloadReport(layers, poll);
        }
        if (failure == null) {
            failure = problem(host, headless, false).orElse(null);
        }
        front.stopClients();
        if (console != null) {
            try {
                console.close();
            } catch (Exception e) {
                System.out.println("orrery: web console failed to stop: " + e);
            }
        }
        host.stop();
        if (failure == null) {
            failure = problem(host, headless, true).orElse(null); // stuck when it stopped
        }
        layers.close();
        clear(cache);
        if (failure != null) {
            System.err.println("orrery: " + failure);
        }
        System.out.println("orrery: host stopped (after " + after + ")");
        System.out.flush();
        if (failure != null || after.equals("the frame thread died")) {
            return 1;
        }
        return 0;
    }

    /**
     * Diagnostics ({@link #REPORT_UNLOAD_PROPERTY}): a run that ends while a dropped layer's class
     * loader is still watched gives that loader its remaining checks (one per poll period, at most
     * {@value #UNLOAD_CHECKS} in all), so every dropped layer gets a verdict, collected or still
     * reachable, before the host stops, whatever the run's length.
     */
    private static void concludeUnloadReport(PluginLayers<?> layers, long poll) throws InterruptedException {
        while (layers.collecting()) {
            checkUnloaded(layers);
            if (layers.collecting()) {
                Thread.sleep(poll);
            }
        }
    }

    /** One check of the unload report: the collector runs, then each verdict is printed. */
    private static void checkUnloaded(PluginLayers<?> layers) {
        System.gc();
        layers.checkCollected(UNLOAD_CHECKS).forEach(line -> System.out.println("orrery: " + line));
    }

    private static Optional<String> problem(HostCore host, boolean headless, boolean ending) {
        return RunProblem.of(host.status(), headless, ending);
    }

    /** @return the first jar left out, as one line (with how many more), if any */
    private static Optional<String> badJar(PluginLayers<?> layers) {
        java.util.List<JarProblem> problems = layers.problems();
        return problems.isEmpty() ? Optional.empty() : Optional.of(problems.get(0).render()
                + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
    }

    private static long millis(String key, long fallback) {
        String v = System.getProperty(key);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(key + " must be a whole number of milliseconds > 0, got '" + v + "'");
    }

    private static void clear(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
    }
}
