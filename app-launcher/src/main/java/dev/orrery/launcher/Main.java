package dev.orrery.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * Boots Orrery: an embedded Apache Felix with the platform bundles of {@code bundles/} (Felix SCR,
 * ConfigAdmin, FileInstall, the Gogo shell, the scheduler, the host and the default plugins), with
 * Felix FileInstall watching {@code plugins/}: a jar dropped there is installed and started, deleting
 * it uninstalls it, replacing it updates it.
 *
 * <p>With the argument {@code --jpms} ({@link LaunchOptions#JPMS}) no framework starts: the same host
 * core runs on module layers, one per plugin jar ({@link #runJpms}, the front end in module
 * {@code dev.orrery.host.jpms}); the rest of this comment is about OSGi mode, the default.
 *
 * <p>Run as {@code java -jar orrery-launcher.jar} from the distribution folder (see
 * {@link LauncherConfig} for the settings, {@link LaunchOptions} for the launcher's own). Ctrl-C stops
 * the framework cleanly (the host's frame loop stops at a frame boundary) and exits with code 0, as
 * does stopping the framework from the shell ({@code exit}, {@code exit <code>}, {@code stop 0}, or
 * Ctrl-D at the shell prompt; Ctrl-C at the prompt only clears the line: the shell's line reader takes
 * it). While the shell runs, what other threads print (log lines, the game's output) appears above the
 * {@code g!} prompt ({@link AboveThePrompt}).
 *
 * <p>Before anything starts, in both modes: the settings file must be there ({@link ConfigFile}), the
 * folders must serve ({@link Folders}), the launcher's own numbers must make sense and unknown
 * {@code orrery.*} keys are warned about ({@link PlatformSettings}), and the distribution folder is locked
 * for this process ({@link DistributionLock}); the host's and the console's settings are checked with
 * their own code once the platform's classes are loaded ({@link SettingsCheck}).
 *
 * <p>Exit codes (README, "Exit codes"): 0 after a clean stop (Ctrl-C, SIGTERM, {@code exit},
 * {@code requestShutdown}, the frame budget); the code given to {@code exit <code>} at the shell, or to
 * {@code System.exit} by a plugin (whose bundle or module is named in one line: {@link ExitHook}); 1 when
 * the run failed: the framework or the platform could not start, another host holds the distribution
 * folder, the host's frame thread died, the host was stuck when it stopped, or a headless run could not
 * go on (a component failed to activate, the simulation paused on a fault: {@link HeadlessWatch}); 2 for a
 * bad argument, setting, settings file or folder, with one line naming it, its allowed values and where it
 * came from ({@code -D} or {@code conf/config.properties}). Every path that ends the run says why in one
 * line and ends with its own code: a signal's shutdown hook waits for the run's code instead of masking it.
 *
 * <p>The host's OSGi front end ({@value #HOST}) is started last, after the other platform bundles (the default
 * plugins and the devtools' hooks among them), so that its first rebuild already has them all.
 */
public final class Main {
    private static final long STOP_WAIT_MILLIS = 15_000;
    /** How often a running framework is checked for a reason to end the run (ms). */
    private static final long CHECK_MILLIS = 250;
    private static final String GOGO_JLINE = "org.apache.felix.gogo.jline";
    /** The web console's HTTP server (Jetty, through Felix HTTP and SLF4J): warnings and errors only. */
    private static final List<String> QUIET_LOGGERS = List.of("org.eclipse.jetty", "org.apache.felix.http");
    /** Holds the quieted loggers (java.util.logging keeps loggers weakly, and with them their level). */
    private static final List<java.util.logging.Logger> QUIETED = new ArrayList<>();
    /** Symbolic name of the host's OSGi front end (its DS component), started last. */
    static final String HOST = "dev.orrery.host.osgi";
    /** The JPMS front end's entry point, in module {@value PlatformLayer#FRONT_END}. */
    private static final String JPMS_MAIN = "dev.orrery.host.jpms.JpmsMain";
    /** Symbolic name of the host bundle (the API, the front-end SPI and the core). */
    static final String HOST_CORE = "dev.orrery.host";
    /** Exit code when the run failed. */
    static final int FAILED = 1;
    /** Exit code for a bad argument or setting. */
    static final int BAD_SETTING = 2;

    private Main() {
    }

    /**
     * @param args {@code --jpms} or none (exit code 2 otherwise)
     */
    public static void main(String[] args) {
        if (java.lang.System.getProperty("java.util.logging.manager") == null) {
            java.lang.System.setProperty("java.util.logging.manager", ShutdownSafeLogManager.class.getName());
        }
        if (java.lang.System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            java.lang.System.setProperty("java.util.logging.SimpleFormatter.format",
                    "%1$tT.%1$tL %4$-7s [%3$s] %5$s%6$s%n");
        }
        for (String name : QUIET_LOGGERS) {
            java.util.logging.Logger quiet = java.util.logging.Logger.getLogger(name);
            quiet.setLevel(java.util.logging.Level.WARNING);
            if (name.equals("org.apache.felix.http")) {
                quiet.setFilter(new BindFailureFilter());
            }
            QUIETED.add(quiet);
        }
        QUIETED.add(FileInstallLog.install());
        ExitHook hook = null;
        int code;
        try {
            Path home = home();
            Properties file = ConfigFile.read(home);
            LauncherConfig config;
            LaunchOptions options;
            try {
                config = LauncherConfig.resolve(home, file, java.lang.System.getProperties());
                options = LaunchOptions.from(args, config.frameworkProperties(), java.lang.System.console() != null);
            } catch (IllegalArgumentException e) {
                throw LaunchRefusal.badSetting(e.getMessage());
            }
            PlatformSettings.check(config.frameworkProperties(), Main::source);
            Folders.check(config, options.jpms(), Main::source);
            hook = ExitHook.install(DistributionLock.acquire(config.home(), ProcessHandle.current().pid()));
            code = options.jpms() ? runJpms(config, options, hook) : run(config, options, hook);
        } catch (LaunchRefusal e) {
            java.lang.System.err.println("orrery: cannot start: " + e.getMessage());
            code = e.exitCode();
        } catch (IOException | BundleException | RuntimeException e) {
            java.lang.System.err.println("orrery: cannot start: " + describe(e));
            code = FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = FAILED;
        }
        if (hook != null) {
            hook.decided(code);
        }
        java.lang.System.exit(code);
    }

    /** @return where a setting came from, for a one-line message: {@code " (-Dkey)"} or {@code " (conf/config.properties)"} */
    static String source(String key) {
        return java.lang.System.getProperty(key) != null ? " (-D" + key + ")" : " (" + ConfigFile.PATH + ")";
    }

    /**
     * @param t a failure
     * @return its {@code toString()} with the messages of its causes, e.g. {@code org.osgi.framework.BundleException:
     *     Unable to cache bundle: file:/x.jar (caused by java.io.IOException: No space left on device)}
     */
    static String describe(Throwable t) {
        return t + causes(t);
    }

    /** @return {@code " (caused by ...)"} for each cause of a failure, or "" */
    private static String causes(Throwable t) {
        StringBuilder out = new StringBuilder();
        for (Throwable c = t.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            out.append(" (caused by ").append(c).append(')');
        }
        return out.toString();
    }

    /**
     * Boots the framework, waits until it stops, and returns the exit code.
     *
     * @param config the launcher configuration
     * @param options the launcher's options
     * @return the exit code (see the class comment)
     * @throws IOException if the bundles folder cannot be read
     * @throws BundleException if the framework cannot start or a platform bundle cannot be installed
     * @throws InterruptedException if interrupted while waiting
     */
    static int run(LauncherConfig config, LaunchOptions options, ExitHook hook)
            throws IOException, BundleException, InterruptedException {
        var props = new java.util.HashMap<>(config.frameworkProperties());
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi FrameworkFactory on the class path (lib/)"));
        Framework framework = factory.newFramework(props);
        framework.init();
        List<Bundle> installed = installPlatformBundles(framework, config.bundlesDir());
        SettingsCheck.Classes classes = SettingsCheck.Classes.of(installed);
        String bad = SettingsCheck.HOST.bad(classes, props, java.lang.System::getProperty);
        if (bad == null) {
            bad = SettingsCheck.CONSOLE.bad(classes, props, java.lang.System::getProperty);
        }
        if (bad != null) {
            java.lang.System.err.println("orrery: cannot start: " + bad);
            framework.stop();
            framework.waitForStop(STOP_WAIT_MILLIS);
            return BAD_SETTING;
        }
        warnUnknown(props, classes);
        hook.running(why -> stopQuietly(framework), BundleOwner.of(framework));
        framework.start();
        Started started = startPlatform(framework, installed, options);
        java.lang.System.out.println("orrery: started " + installed.size() + " platform bundles from "
                + config.bundlesDir() + "; watching " + config.pluginsDir() + " for plugins");
        Outcome outcome = awaitStop(framework, started.watch());
        if (outcome.failure() != null) {
            java.lang.System.err.println("orrery: " + outcome.failure());
        }
        java.lang.System.out.println("orrery: framework stopped");
        if (outcome.failure() != null || outcome.event().getType() == FrameworkEvent.ERROR) {
            return FAILED;
        }
        ShellExit exit = started.exit();
        return exit != null && exit.requestedCode() != ShellExit.NONE ? exit.requestedCode() : 0;
    }

    /** What {@link #startPlatform} set up: the watch that gives the run's verdict, and the shell's exit command (or null). */
    record Started(HeadlessWatch watch, ShellExit exit) {
    }

    /**
     * Starts the watch, the shell's helpers (with a shell) and the platform bundles, the host's front end
     * last. The framework may stop on a thread of its own meanwhile (a stop signal, or a plugin that called
     * {@code System.exit}, while the platform starts): then its context turns invalid (or null), and what
     * is left undone is skipped without a word, since the run is ending and the verdict after stop
     * decides.
     *
     * @param framework the started framework
     * @param installed the platform bundles
     * @param options the launcher's options
     * @return the watch and the shell's exit command (null without a shell, or when the framework stopped first)
     */
    static Started startPlatform(Framework framework, List<Bundle> installed, LaunchOptions options) {
        HeadlessWatch watch = HeadlessWatch.start(framework.getBundleContext(), options.headless());
        ShellExit exit = null;
        try {
            if (options.shell()) {
                org.osgi.framework.BundleContext context = framework.getBundleContext();
                if (context == null) {
                    return new Started(watch, null);
                }
                TerminalSize.guard().ifPresent(java.lang.System.out::println);
                ShellReaders readers = ShellReaders.register(context);
                PromptClock.register(context);
                java.lang.System.setOut(aboveThePrompt(java.lang.System.out, "sun.stdout.encoding", readers));
                java.lang.System.setErr(aboveThePrompt(java.lang.System.err, "sun.stderr.encoding", readers));
                exit = ShellExit.register(framework);
            }
            List<Bundle> hostLast = new ArrayList<>(installed);
            hostLast.sort(java.util.Comparator.comparing(b -> HOST.equals(b.getSymbolicName())));
            for (Bundle b : hostLast) {
                if (!options.shell() && GOGO_JLINE.equals(b.getSymbolicName())) {
                    continue;
                }
                if (b.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                    try {
                        b.start();
                    } catch (BundleException e) {
                        if (stopping(framework)) {
                            break;
                        }
                        java.lang.System.err.println("orrery: cannot start " + b.getSymbolicName() + ": " + describe(e));
                    }
                }
            }
        } catch (IllegalStateException e) {
            if (!stopping(framework)) {
                throw e;
            }
            // the framework stopped by itself while the platform started: the run is ending
        }
        return new Started(watch, exit);
    }

    /** @return whether the framework is neither starting nor active (it stops, or stopped, on a thread of its own) */
    private static boolean stopping(Framework framework) {
        return (framework.getState() & (Bundle.STARTING | Bundle.ACTIVE)) == 0;
    }

    /** Prints one warning line per {@code orrery.*} key that no part of the platform reads. */
    private static void warnUnknown(Map<String, String> props, SettingsCheck.Classes classes) {
        java.util.Set<String> known = new java.util.TreeSet<>(PlatformSettings.KEYS);
        known.addAll(SettingsCheck.HOST.keys(classes));
        known.addAll(SettingsCheck.CONSOLE.keys(classes));
        for (String line : PlatformSettings.unknown(props.keySet(), known, Main::source,
                PlatformSettings.nearestNamesDistance(classes))) {
            java.lang.System.err.println("orrery: " + line);
        }
    }

    /** Asks the framework to stop (it stops on a thread of its own). */
    private static void stopQuietly(Framework framework) {
        try {
            framework.stop();
        } catch (BundleException | IllegalStateException e) {
            java.lang.System.err.println("orrery: stop failed: " + describe(e));
        }
    }

    /**
     * JPMS mode ({@value LaunchOptions#JPMS}): defines the platform layer from the bundles and jpms
     * folders ({@link PlatformLayer}) and runs the host's JPMS front end in it
     * ({@code dev.orrery.host.jpms.JpmsMain.run}, called reflectively: this class path does not hold the
     * platform modules); no OSGi framework starts.
     *
     * @param config the launcher configuration
     * @param options the launcher's options
     * @return the exit code (see the class comment)
     * @throws IOException if the bundles folder cannot be read
     * @throws InterruptedException if interrupted while waiting
     */
    static int runJpms(LauncherConfig config, LaunchOptions options, ExitHook hook) throws IOException, InterruptedException {
        ModuleLayer platform;
        try {
            platform = PlatformLayer.define(List.of(config.bundlesDir(), config.jpmsDir()), java.lang.System.out::println);
        } catch (IllegalStateException e) {
            java.lang.System.err.println("orrery: cannot start: " + e.getMessage());
            return FAILED;
        }
        SettingsCheck.Classes classes = SettingsCheck.Classes.of(platform);
        Map<String, String> props = config.frameworkProperties();
        // The host's settings are checked by the JPMS front end, with those of plugins/dev.orrery.host.cfg.
        String bad = SettingsCheck.CONSOLE.bad(classes, props, java.lang.System::getProperty);
        if (bad != null) {
            java.lang.System.err.println("orrery: cannot start: " + bad);
            return BAD_SETTING;
        }
        warnUnknown(props, classes);
        java.util.concurrent.CompletableFuture<String> stop = new java.util.concurrent.CompletableFuture<>();
        hook.running(stop::complete, Main::moduleOf);
        try {
            Class<?> main = platform.findLoader(PlatformLayer.FRONT_END).loadClass(JPMS_MAIN);
            java.lang.reflect.Method run = main.getMethod("run", ModuleLayer.class, Path.class, Path.class, java.util.Map.class,
                    boolean.class, java.util.concurrent.CompletableFuture.class);
            return (Integer) run.invoke(null, platform, config.home(), config.pluginsDir(), props, options.headless(), stop);
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException) {
                java.lang.System.err.println("orrery: cannot start: " + cause.getMessage());
                return BAD_SETTING;
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof InterruptedException ie) {
                throw ie;
            }
            java.lang.System.err.println("orrery: the JPMS host failed: " + describe(cause));
            return FAILED;
        } catch (ReflectiveOperationException e) {
            java.lang.System.err.println("orrery: cannot start the JPMS front end: " + e);
            return FAILED;
        }
    }

    /** @return the named module of a frame's class, e.g. {@code module my.game/1.0.0} */
    private static java.util.Optional<String> moduleOf(StackTraceElement frame) {
        String m = frame.getModuleName();
        return m == null ? java.util.Optional.empty()
                : java.util.Optional.of("module " + m + (frame.getModuleVersion() == null ? "" : "/" + frame.getModuleVersion()));
    }

    /** How a run ended: the framework's last event, and why the run failed (null: it did not). */
    private record Outcome(FrameworkEvent event, String failure) {
    }

    /**
     * Waits until the framework stops; meanwhile, every {@value #CHECK_MILLIS} ms, asks the watch whether
     * the run must end, and if so stops the framework (once).
     */
    private static Outcome awaitStop(Framework framework, HeadlessWatch watch) throws InterruptedException, BundleException {
        String failure = null;
        while (true) {
            FrameworkEvent event = framework.waitForStop(CHECK_MILLIS);
            if (event.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                if (failure == null) {
                    failure = watch.check().orElse(null);
                    if (failure != null) {
                        framework.stop();
                    }
                }
            } else if (event.getType() != FrameworkEvent.STOPPED_UPDATE) {
                return new Outcome(event, failure != null ? failure : watch.afterStop().orElse(null));
            }
        }
    }

    /** @param encodingProperty the JDK's property naming the stream's encoding on a console */
    private static PrintStream aboveThePrompt(PrintStream original, String encodingProperty, ShellReaders readers) {
        String name = java.lang.System.getProperty(encodingProperty);
        java.nio.charset.Charset charset = name != null && java.nio.charset.Charset.isSupported(name)
                ? java.nio.charset.Charset.forName(name) : java.nio.charset.Charset.defaultCharset();
        return new PrintStream(new AboveThePrompt(original, readers, charset), true, charset);
    }

    private static List<Bundle> installPlatformBundles(Framework framework, Path dir) throws IOException, BundleException {
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().forEach(jars::add);
        }
        if (jars.isEmpty()) {
            throw LaunchRefusal.badSetting(LauncherConfig.BUNDLES_DIR + source(LauncherConfig.BUNDLES_DIR) + ": " + dir
                    + " holds no platform bundle (.jar)");
        }
        List<Bundle> out = new ArrayList<>();
        for (Path jar : jars) {
            String location = jar.toUri().toString();
            Bundle existing = framework.getBundleContext().getBundle(location);
            try {
                out.add(existing != null ? existing : framework.getBundleContext().installBundle(location));
            } catch (BundleException e) {
                throw new LaunchRefusal(FAILED, "cannot install platform bundle " + jar.getFileName() + ": " + e.getMessage()
                        + causes(e));
            }
        }
        return out;
    }

    private static Path home() {
        String prop = java.lang.System.getProperty(LauncherConfig.HOME);
        if (prop != null) {
            return Paths.get(prop);
        }
        try {
            Path jar = Paths.get(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(jar)) {
                return jar.getParent();
            }
        } catch (URISyntaxException | RuntimeException e) {
            // fall back to the working directory
        }
        return Paths.get("").toAbsolutePath();
    }
}
