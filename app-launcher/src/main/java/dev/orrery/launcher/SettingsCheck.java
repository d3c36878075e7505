package dev.orrery.launcher;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.osgi.framework.Bundle;

/**
 * Checks settings before the host starts, in both modes, with a static check method of a platform
 * bundle or module (loaded from it, {@link Classes}: the launcher does not link against platform code),
 * and says where a bad setting came from. The same method tells which keys it reads ({@link #keys}:
 * called with a lookup that records what it is asked for), for the launcher's warning about unknown
 * keys. Beyond the spec (Orrery's own).
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

    /** Loads a class of a platform bundle (OSGi mode) or module (JPMS mode). */
    @FunctionalInterface
    interface Classes {
        /**
         * @param bundle the bundle's symbolic name, which is also its module's name
         * @param className the class
         * @return the class, or null when that bundle or module is not there
         * @throws ClassNotFoundException when it is there but lacks the class
         */
        Class<?> load(String bundle, String className) throws ClassNotFoundException;

        /**
         * @param installed the installed platform bundles
         * @return classes loaded from those bundles
         */
        static Classes of(List<Bundle> installed) {
            return (bundle, className) -> {
                for (Bundle b : installed) {
                    if (bundle.equals(b.getSymbolicName())) {
                        return b.loadClass(className);
                    }
                }
                return null;
            };
        }

        /**
         * @param layer the JPMS platform layer
         * @return classes loaded from its modules
         */
        static Classes of(ModuleLayer layer) {
            return (module, className) -> layer.findModule(module).isPresent()
                    ? layer.findLoader(module).loadClass(className) : null;
        }
    }

    /**
     * @param installed the installed platform bundles
     * @param props the resolved framework properties
     * @param system the JVM system properties ({@code -D}), to name a bad setting's source
     * @return as {@link #bad(Classes, Map, Function)}
     */
    String bad(List<Bundle> installed, Map<String, String> props, Function<String, String> system) {
        return bad(Classes.of(installed), props, system);
    }

    /**
     * @param classes the platform's classes
     * @param props the resolved settings
     * @param system the JVM system properties ({@code -D}), to name a bad setting's source
     * @return one line naming the bad setting and its source, or null when the settings are fine or cannot
     *     be checked (the bundle is not there: then there is nothing to configure)
     */
    String bad(Classes classes, Map<String, String> props, Function<String, String> system) {
        Function<String, String> lookup = k -> props.containsKey(k) ? props.get(k) : system.apply(k);
        try {
            Class<?> c = classes.load(bundle, className);
            if (c == null) {
                return null;
            }
            c.getMethod(method, Function.class).invoke(null, lookup);
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

    /**
     * @param classes the platform's classes
     * @return the keys the check asks for when nothing is set (every key it reads, with its default); empty
     *     when the bundle is not there or the check cannot be called
     */
    Set<String> keys(Classes classes) {
        Set<String> asked = new LinkedHashSet<>();
        try {
            Class<?> c = classes.load(bundle, className);
            if (c != null) {
                c.getMethod(method, Function.class).invoke(null, (Function<String, String>) k -> {
                    asked.add(k);
                    return null;
                });
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // nothing known from it
        }
        return asked;
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
