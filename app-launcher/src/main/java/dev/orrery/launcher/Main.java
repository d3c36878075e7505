package dev.orrery.launcher;

import java.io.IOException;
import java.io.InputStream;
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
 * <p>Run as {@code java -jar orrery-launcher.jar} from the distribution folder (see
 * {@link LauncherConfig} for the settings). Ctrl-C stops the framework cleanly (the host's frame loop
 * stops at a frame boundary) and exits with code 0, as does stopping the framework from the shell
 * ({@code stop 0}, or Ctrl-D / {@code exit} at the shell prompt; Ctrl-C at the prompt only clears the
 * line: the shell's line reader takes it). Exit code 1: the framework could not start; exit code 2:
 * a host setting ({@code orrery.host.*}) is bad: the launcher checks them with the host bundle's
 * {@code dev.orrery.host.HostSettings} before it starts any bundle, prints one line naming the setting
 * and its allowed values, and stops.
 *
 * <p>The host bundle ({@value #HOST}) is started last, after the other platform bundles (the default
 * plugins and the devtools' hooks among them), so that its first rebuild already has them all.
 */
public final class Main {
    private static final long STOP_WAIT_MILLIS = 15_000;
    /**
     * Launcher property: {@code true} starts the interactive Gogo shell on the terminal, {@code false}
     * does not, {@code auto} (default) starts it only when the JVM has a console. Without a terminal
     * the shell would read end-of-input and gogo.jline's non-interactive mode fails on its profile.
     */
    static final String SHELL = "orrery.shell";
    private static final String GOGO_JLINE = "org.apache.felix.gogo.jline";
    /** Symbolic name of the host bundle. */
    static final String HOST = "dev.orrery.host";
    /** Exit code for a bad host setting. */
    static final int BAD_SETTING = 2;

    private Main() {
    }

    /**
     * @param args ignored
     */
    public static void main(String[] args) {
        if (java.lang.System.getProperty("java.util.logging.manager") == null) {
            java.lang.System.setProperty("java.util.logging.manager", ShutdownSafeLogManager.class.getName());
        }
        if (java.lang.System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            java.lang.System.setProperty("java.util.logging.SimpleFormatter.format",
                    "%1$tT.%1$tL %4$-7s [%3$s] %5$s%6$s%n");
        }
        try {
            Path home = home();
            LauncherConfig config = LauncherConfig.resolve(home, readConfig(home), java.lang.System.getProperties());
            int code = run(config);
            java.lang.System.exit(code);
        } catch (IOException | BundleException | RuntimeException e) {
            java.lang.System.err.println("orrery: cannot start: " + e);
            e.printStackTrace();
            java.lang.System.exit(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            java.lang.System.exit(1);
        }
    }

    /**
     * Boots the framework, waits until it stops, and returns the exit code.
     *
     * @param config the launcher configuration
     * @return 0 after a clean stop
     * @throws IOException if the bundles folder cannot be read
     * @throws BundleException if the framework cannot start or a platform bundle cannot be installed
     * @throws InterruptedException if interrupted while waiting
     */
    static int run(LauncherConfig config) throws IOException, BundleException, InterruptedException {
        Files.createDirectories(config.pluginsDir());
        var props = new java.util.HashMap<>(config.frameworkProperties());
        boolean shell = wantsShell(props.getOrDefault(SHELL, "auto"));
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi FrameworkFactory on the class path (lib/)"));
        Framework framework = factory.newFramework(props);
        framework.init();
        List<Bundle> installed = installPlatformBundles(framework, config.bundlesDir());
        String bad = badHostSetting(installed, props);
        if (bad != null) {
            java.lang.System.err.println("orrery: cannot start: " + bad);
            framework.stop();
            framework.waitForStop(STOP_WAIT_MILLIS);
            return BAD_SETTING;
        }
        Thread hook = new Thread(() -> stopOnSignal(framework), "orrery-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        framework.start();
        List<Bundle> hostLast = new ArrayList<>(installed);
        hostLast.sort(java.util.Comparator.comparing(b -> HOST.equals(b.getSymbolicName())));
        for (Bundle b : hostLast) {
            if (!shell && GOGO_JLINE.equals(b.getSymbolicName())) {
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
        FrameworkEvent event;
        do {
            event = framework.waitForStop(0);
        } while (event.getType() == FrameworkEvent.STOPPED_UPDATE);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            java.lang.System.out.println("orrery: framework stopped");
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running; it reports and exits with 0 itself
        }
        return event.getType() == FrameworkEvent.ERROR ? 1 : 0;
    }

    /**
     * Checks the {@code orrery.host.*} settings with the host bundle's {@code HostSettings} (loaded
     * from the installed bundle: the launcher does not link against bundle code).
     *
     * @return the one-line reason a setting is bad, or null when they are fine or cannot be checked
     *     (no host bundle: then there is nothing to configure)
     */
    private static String badHostSetting(List<Bundle> installed, java.util.Map<String, String> props) {
        for (Bundle b : installed) {
            if (!HOST.equals(b.getSymbolicName())) {
                continue;
            }
            java.util.function.Function<String, String> lookup =
                    k -> props.containsKey(k) ? props.get(k) : java.lang.System.getProperty(k);
            try {
                Class<?> settings = b.loadClass("dev.orrery.host.HostSettings");
                settings.getMethod("validate", java.util.function.Function.class).invoke(null, lookup);
                return null;
            } catch (java.lang.reflect.InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (cause instanceof IllegalArgumentException) {
                    return cause.getMessage();
                }
                java.lang.System.err.println("orrery: could not check the host settings: " + cause);
                return null;
            } catch (ReflectiveOperationException | RuntimeException e) {
                java.lang.System.err.println("orrery: could not check the host settings: " + e);
                return null;
            }
        }
        return null;
    }

    private static boolean wantsShell(String setting) {
        return switch (setting.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> java.lang.System.console() != null;
        };
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
