package dev.orrery.launcher;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The launcher's settings: the framework properties handed to Felix, and the folders it uses.
 *
 * <p>Read from {@code conf/config.properties} under the distribution's home folder; JVM system
 * properties ({@code -Dkey=value}) override the file. Values may refer to other properties and to
 * {@code orrery.home} as {@code ${name}}. Relative folder paths are resolved against the home folder.
 *
 * <p>Keys used by the launcher itself: {@value #PLUGINS_DIR} (default {@code plugins}), the folder
 * Felix FileInstall watches (it becomes {@code felix.fileinstall.dir}); {@value #BUNDLES_DIR}
 * (default {@code bundles}), the platform bundles installed and started at boot; {@value #JPMS_DIR}
 * (default {@code jpms}), the platform modules only JPMS mode loads (the host's JPMS front end);
 * {@code org.osgi.framework.storage} (default {@code felix-cache}). None of them may be empty (an empty
 * value would mean the home folder itself).
 *
 * <p>Derived settings, unless given explicitly: Felix HTTP's {@value #HTTP_ENABLE}, {@value #HTTP_HOST}
 * and {@value #HTTP_PORT} follow the web console's {@code orrery.console.enabled} (default true),
 * {@code orrery.console.host} (default {@code 127.0.0.1}) and {@code orrery.console.port} (default 8420),
 * so there is no HTTP listener unless the console is on, and it listens on loopback unless an address is
 * configured; {@value #FILEINSTALL_LOG} is {@code jul}, so that the launcher prints FileInstall's lines
 * ({@link FileInstallLog}).
 *
 * @param home the distribution's home folder
 * @param bundlesDir the platform bundles folder
 * @param jpmsDir the folder of the platform modules only JPMS mode loads
 * @param pluginsDir the watched plugins folder
 * @param frameworkProperties every property, resolved, to pass to the framework
 */
public record LauncherConfig(Path home, Path bundlesDir, Path jpmsDir, Path pluginsDir,
                             Map<String, String> frameworkProperties) {
    /** Property naming the home folder. */
    public static final String HOME = "orrery.home";
    /** Property naming the watched plugins folder. */
    public static final String PLUGINS_DIR = "orrery.plugins.dir";
    /** Property naming the platform bundles folder. */
    public static final String BUNDLES_DIR = "orrery.bundles.dir";
    /** Property naming the folder of the platform modules only JPMS mode loads. */
    public static final String JPMS_DIR = "orrery.jpms.dir";
    /** The FileInstall property the plugins folder is written to. */
    public static final String FILEINSTALL_DIR = "felix.fileinstall.dir";
    /** The framework storage property. */
    public static final String STORAGE = "org.osgi.framework.storage";
    /** Felix HTTP: whether it listens for HTTP at all. */
    static final String HTTP_ENABLE = "org.apache.felix.http.enable";
    /** Felix HTTP: the address it binds. */
    static final String HTTP_HOST = "org.apache.felix.http.host";
    /** Felix HTTP: the port it binds. */
    static final String HTTP_PORT = "org.osgi.service.http.port";
    /** Felix HTTP: whether it listens for HTTPS. */
    static final String HTTPS_ENABLE = "org.apache.felix.https.enable";
    /** FileInstall: where its lines go ({@code jul}: to java.util.logging, logger {@code fileinstall}). */
    static final String FILEINSTALL_LOG = "felix.fileinstall.log.default";

    private static final Pattern VAR = Pattern.compile("\\$\\{([^}]+)}");

    /** Copies the map. */
    public LauncherConfig {
        frameworkProperties = Collections.unmodifiableMap(new LinkedHashMap<>(frameworkProperties));
    }

    /**
     * @param home the home folder
     * @param fileProperties the contents of {@code conf/config.properties} (may be empty)
     * @param systemProperties JVM system properties; those whose name starts with {@code orrery.},
     *     {@code felix.}, {@code org.osgi.}, {@code gosh.} or {@code obr.} override the file
     * @return the resolved configuration
     * @throws IllegalArgumentException if a {@code ${name}} reference is circular
     * @throws LaunchRefusal (exit code 2) if a folder setting is empty
     */
    public static LauncherConfig resolve(Path home, Properties fileProperties, Properties systemProperties) {
        Path absHome = home.toAbsolutePath().normalize();
        Map<String, String> raw = new LinkedHashMap<>();
        for (String k : fileProperties.stringPropertyNames()) {
            raw.put(k, fileProperties.getProperty(k));
        }
        for (String k : systemProperties.stringPropertyNames()) {
            if (k.startsWith("orrery.") || k.startsWith("felix.") || k.startsWith("org.osgi.")
                    || k.startsWith("gosh.") || k.startsWith("obr.")) {
                raw.put(k, systemProperties.getProperty(k));
            }
        }
        raw.put(HOME, absHome.toString());
        Map<String, String> resolved = new LinkedHashMap<>();
        for (String k : raw.keySet()) {
            resolved.put(k, substitute(k, raw, 0));
        }
        Path plugins = folder(absHome, resolved, PLUGINS_DIR, "plugins", systemProperties);
        Path bundles = folder(absHome, resolved, BUNDLES_DIR, "bundles", systemProperties);
        Path jpms = folder(absHome, resolved, JPMS_DIR, "jpms", systemProperties);
        Path storage = folder(absHome, resolved, STORAGE, "felix-cache", systemProperties);
        resolved.put(PLUGINS_DIR, plugins.toString());
        resolved.put(BUNDLES_DIR, bundles.toString());
        resolved.put(JPMS_DIR, jpms.toString());
        resolved.put(FILEINSTALL_DIR, plugins.toString());
        resolved.put(STORAGE, storage.toString());
        resolved.putIfAbsent("org.osgi.framework.storage.clean", "onFirstInit");
        // The web console's own defaults (dev.orrery.plugin.console.ConsoleSettings), which its component
        // checks against what Felix HTTP binds.
        resolved.putIfAbsent(HTTP_ENABLE, resolved.getOrDefault("orrery.console.enabled", "true").trim());
        resolved.putIfAbsent(HTTP_HOST, resolved.getOrDefault("orrery.console.host", "127.0.0.1").trim());
        resolved.putIfAbsent(HTTP_PORT, resolved.getOrDefault("orrery.console.port", "8420").trim());
        resolved.putIfAbsent(HTTPS_ENABLE, "false");
        resolved.putIfAbsent(FILEINSTALL_LOG, "jul");
        return new LauncherConfig(absHome, bundles, jpms, plugins, resolved);
    }

    /** @return the folder a setting names (default when absent), under the home folder; refused when empty */
    private static Path folder(Path home, Map<String, String> resolved, String key, String def, Properties system) {
        String v = resolved.get(key);
        if (v != null && v.isBlank()) {
            throw LaunchRefusal.badSetting(key + " is empty" + (system.getProperty(key) != null ? " (-D" + key + ")"
                    : " (" + ConfigFile.PATH + ")") + "; give a folder (default " + def + ")");
        }
        return home.resolve(v == null ? def : v.trim()).normalize();
    }

    private static String substitute(String key, Map<String, String> raw, int depth) {
        if (depth > 20) {
            throw new IllegalArgumentException("launcher configuration: circular ${...} reference in '" + key + "'");
        }
        String value = raw.get(key);
        if (value == null) {
            return "";
        }
        Matcher m = VAR.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String rep = raw.containsKey(name) ? substitute(name, raw, depth + 1) : java.lang.System.getProperty(name, "");
            m.appendReplacement(out, Matcher.quoteReplacement(rep));
        }
        m.appendTail(out);
        return out.toString();
    }
}
