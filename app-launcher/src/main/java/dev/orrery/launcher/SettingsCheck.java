package dev.orrery.launcher;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.osgi.framework.Bundle;

/**
 * Checks settings before the framework starts, with a static check method of an installed platform
 * bundle (loaded from the bundle: the launcher does not link against bundle code), and says where a bad
 * setting came from. Beyond the spec (Orrery's own).
 *
 * @param bundle the symbolic name of the bundle holding the check
 * @param className the class with the check
 * @param method a public static method taking a {@code Function<String, String>} property lookup that
 *     throws {@link IllegalArgumentException} with one line naming the setting for a bad value
 * @param label the prefix of the reported line, e.g. {@code "web console configuration: "}
 */
record SettingsCheck(String bundle, String className, String method, String label) {
    /**
     * The host's {@code orrery.host.*} settings ({@code dev.orrery.host.core.HostSettingsParser.fromProperties});
     * its lines carry their own prefix.
     */
    static final SettingsCheck HOST = new SettingsCheck(Main.HOST_CORE, "dev.orrery.host.core.HostSettingsParser",
            "fromProperties", "");
    /** The web console's {@code orrery.console.*} settings ({@code dev.orrery.plugin.console.ConsoleSettings.from}). */
    static final SettingsCheck CONSOLE = new SettingsCheck("dev.orrery.plugin.console",
            "dev.orrery.plugin.console.ConsoleSettings", "from", "web console configuration: ");

    /**
     * @param installed the installed platform bundles
     * @param props the resolved framework properties
     * @param system the JVM system properties ({@code -D}), to name a bad setting's source
     * @return one line naming the bad setting and its source, or null when the settings are fine or cannot
     *     be checked (the bundle is not installed: then there is nothing to configure)
     */
    String bad(List<Bundle> installed, Map<String, String> props, Function<String, String> system) {
        for (Bundle b : installed) {
            if (!bundle.equals(b.getSymbolicName())) {
                continue;
            }
            Function<String, String> lookup = k -> props.containsKey(k) ? props.get(k) : system.apply(k);
            try {
                b.loadClass(className).getMethod(method, Function.class).invoke(null, lookup);
                return null;
            } catch (java.lang.reflect.InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (cause instanceof IllegalArgumentException) {
                    return label + withSource(cause.getMessage(), props, system);
                }
                java.lang.System.err.println("orrery: could not check the settings of " + bundle + ": " + cause);
                return null;
            } catch (ReflectiveOperationException | RuntimeException e) {
                java.lang.System.err.println("orrery: could not check the settings of " + bundle + ": " + e);
                return null;
            }
        }
        return null;
    }

    /**
     * Appends where the setting a message names came from: the longest {@code orrery.*} key of
     * {@code props} that the message contains, given as {@code -D} or in {@code conf/config.properties}.
     *
     * @param message the check's one-line message
     * @param props the resolved framework properties
     * @param system the JVM system properties
     * @return the message, with {@code " (-Dkey)"} or {@code " (conf/config.properties)"} when the key is known
     */
    static String withSource(String message, Map<String, String> props, Function<String, String> system) {
        String key = null;
        for (String k : props.keySet()) {
            if (k.startsWith("orrery.") && message.contains(k) && (key == null || k.length() > key.length())) {
                key = k;
            }
        }
        if (key == null) {
            return message;
        }
        return message + (system.apply(key) != null ? " (-D" + key + ")" : " (conf/config.properties)");
    }
}
