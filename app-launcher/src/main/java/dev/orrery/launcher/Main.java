package dev.orrery.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
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
 * <p>Exit codes: 0 after a clean stop (or the code given to {@code exit}); 1 when the framework could
 * not start, the host's frame thread died, or a headless run could not go on (a component failed to
 * activate, or the simulation paused on a fault: {@link HeadlessWatch}), with one line saying why;
 * 2 for a bad argument or setting: the launcher's own ({@link LaunchOptions}) and the host's
 * ({@code orrery.host.*}, checked with the host bundle's {@code dev.orrery.host.HostSettings}) and the web
 * console's ({@code orrery.console.*}, with {@code dev.orrery.plugin.console.ConsoleSettings}) are checked
 * before any bundle starts ({@link SettingsCheck}), and one line names the setting, its allowed values
 * and where it came from ({@code -D} or {@code conf/config.properties}).
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
        try {
            Path home = home();
            LauncherConfig config = LauncherConfig.resolve(home, readConfig(home), java.lang.System.getProperties());
            LaunchOptions options;
            try {
                options = LaunchOptions.from(args, config.frameworkProperties(), java.lang.System.console() != null);
            } catch (IllegalArgumentException e) {
                java.lang.System.err.println("orrery: cannot start: " + e.getMessage());
                java.lang.System.exit(BAD_SETTING);
                return;
            }
            int code = options.jpms() ? runJpms(config, options) : run(config, options);
            java.lang.System.exit(code);
        } catch (IOException | BundleException | RuntimeException e) {
            java.lang.System.err.println("orrery: cannot start: " + e);
            java.lang.System.exit(FAILED);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            java.lang.System.exit(FAILED);
        }
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
    static int run(LauncherConfig config, LaunchOptions options) throws IOException, BundleException, InterruptedException {
        Files.createDirectories(config.pluginsDir());
        var props = new java.util.HashMap<>(config.frameworkProperties());
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi FrameworkFactory on the class path (lib/)"));
        Framework framework = factory.newFramework(props);
        framework.init();
        List<Bundle> installed = installPlatformBundles(framework, config.bundlesDir());
        String bad = SettingsCheck.HOST.bad(installed, props, java.lang.System::getProperty);
        if (bad == null) {
            bad = SettingsCheck.CONSOLE.bad(installed, props, java.lang.System::getProperty);
        }
        if (bad != null) {
            java.lang.System.err.println("orrery: cannot start: " + bad);
            framework.stop();
            framework.waitForStop(STOP_WAIT_MILLIS);
            return BAD_SETTING;
        }
        Thread hook = new Thread(() -> stopOnSignal(framework), "orrery-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        framework.start();
        HeadlessWatch watch = HeadlessWatch.start(framework.getBundleContext(), options.headless());
        ShellExit exit = null;
        if (options.shell()) {
            TerminalSize.guard().ifPresent(java.lang.System.out::println);
            ShellReaders readers = ShellReaders.register(framework.getBundleContext());
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
                    java.lang.System.err.println("orrery: cannot start " + b.getSymbolicName() + ": " + e.getMessage());
                }
            }
        }
        java.lang.System.out.println("orrery: started " + installed.size() + " platform bundles from "
                + config.bundlesDir() + "; watching " + config.pluginsDir() + " for plugins");
        Outcome outcome = awaitStop(framework, watch);
        if (outcome.failure() != null) {
            java.lang.System.err.println("orrery: " + outcome.failure());
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            java.lang.System.out.println("orrery: framework stopped");
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running; it reports and exits with 0 itself
        }
        if (outcome.failure() != null || outcome.event().getType() == FrameworkEvent.ERROR) {
            return FAILED;
        }
        return exit != null && exit.requestedCode() != ShellExit.NONE ? exit.requestedCode() : 0;
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
    static int runJpms(LauncherConfig config, LaunchOptions options) throws IOException, InterruptedException {
        ModuleLayer platform;
        try {
            platform = PlatformLayer.define(List.of(config.bundlesDir(), config.jpmsDir()), java.lang.System.out::println);
        } catch (IllegalStateException e) {
            java.lang.System.err.println("orrery: cannot start: " + e.getMessage());
            return FAILED;
        }
        try {
            Class<?> main = platform.findLoader(PlatformLayer.FRONT_END).loadClass(JPMS_MAIN);
            java.lang.reflect.Method run = main.getMethod("run", ModuleLayer.class, Path.class, Path.class, java.util.Map.class,
                    boolean.class);
            return (Integer) run.invoke(null, platform, config.home(), config.pluginsDir(), config.frameworkProperties(),
                    options.headless());
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
            java.lang.System.err.println("orrery: the JPMS host failed: " + cause);
            return FAILED;
        } catch (ReflectiveOperationException e) {
            java.lang.System.err.println("orrery: cannot start the JPMS front end: " + e);
            return FAILED;
        }
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
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().forEach(jars::add);
            }
        } else {
            java.lang.System.err.println("orrery: no platform bundles folder " + dir);
        }
        List<Bundle> out = new ArrayList<>();
        for (Path jar : jars) {
            String location = jar.toUri().toString();
            Bundle existing = framework.getBundleContext().getBundle(location);
            out.add(existing != null ? existing : framework.getBundleContext().installBundle(location));
        }
        return out;
    }

    /** Shutdown hook (Ctrl-C, SIGTERM): stop the framework, wait for it, exit with 0. */
    private static void stopOnSignal(Framework framework) {
        if ((framework.getState() & (Bundle.ACTIVE | Bundle.STARTING)) == 0) {
            return;
        }
        java.lang.System.out.println("orrery: stopping");
        try {
            framework.stop();
            framework.waitForStop(STOP_WAIT_MILLIS);
        } catch (BundleException e) {
            java.lang.System.err.println("orrery: stop failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        java.lang.System.out.println("orrery: framework stopped");
        java.lang.System.out.flush();
        ShutdownSafeLogManager.resetIfInstalled();
        // A signal ends the JVM with 128+signal; a clean stop is reported as success.
        Runtime.getRuntime().halt(0);
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

    private static Properties readConfig(Path home) throws IOException {
        Properties p = new Properties();
        Path file = home.resolve("conf").resolve("config.properties");
        if (Files.isRegularFile(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            }
        }
        return p;
    }
}
