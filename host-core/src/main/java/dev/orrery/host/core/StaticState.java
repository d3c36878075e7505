package dev.orrery.host.core;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds the mutable static fields of a plugin's own classes: state that is lost on every hot update
 * without a word, because the new version's classes start again from their initial values, while
 * the state the world keeps in world traits survives. Both front ends warn about each field when a
 * plugin is installed ({@link #warning(String)}), and the test kit's {@code PluginHarness} reports
 * them too.
 *
 * <p>The classes looked at: the plugin object's class and its superclasses, and the classes of its
 * systems' run, init and dispose functions, of the conditions of its systems and sets and of its
 * observers' functions ({@link EcsObserver#run()}); for a
 * lambda or method reference, the class whose code created it. Of those, only the plugin's own
 * classes count: neither the JDK's nor the scheduler's (the code of {@link Plugin} itself, e.g.
 * {@code ForwardingPlugin}), with their superclasses and the top-level class they are nested in.
 * A field counts when it is static, not final, not synthetic and its name has no {@code $} (fields
 * that compilers and tools add, such as {@code $assertionsDisabled} or a coverage tool's data).
 *
 * <p>Only reflection on classes that are loaded already: no class is initialised, no plugin code
 * runs. Thread-safe (stateless).
 *
 * @since 0.1
 */
public final class StaticState {
    private StaticState() {
    }

    /**
     * @param pluginClass the class of the plugin object (a DS component, a provider, a plugin value)
     * @param systems the plugin's systems
     * @param sets the plugin's sets
     * @return the mutable static fields of the plugin's own classes, as {@code binary.ClassName.field},
     *     sorted; empty when there are none
     * @throws NullPointerException when an argument is null
     */
    public static List<String> fields(Class<?> pluginClass, List<EcsSystem> systems, List<SystemSet> sets) {
        return fields(pluginClass, systems, sets, List.of());
    }

    /**
     * As {@link #fields(Class, List, List)}, with the classes of the plugin's observers' functions too.
     *
     * @param pluginClass the class of the plugin object (a DS component, a provider, a plugin value)
     * @param systems the plugin's systems
     * @param sets the plugin's sets
     * @param observers the plugin's observers ({@link Plugin#observers()})
     * @return the mutable static fields of the plugin's own classes, as {@code binary.ClassName.field},
     *     sorted; empty when there are none
     * @throws NullPointerException when an argument is null
     */
    public static List<String> fields(Class<?> pluginClass, List<EcsSystem> systems, List<SystemSet> sets,
                                      List<EcsObserver> observers) {
        Objects.requireNonNull(pluginClass, "StaticState.fields: pluginClass");
        Objects.requireNonNull(systems, "StaticState.fields: systems");
        Objects.requireNonNull(sets, "StaticState.fields: sets");
        Objects.requireNonNull(observers, "StaticState.fields: observers");
        Set<Class<?>> classes = new LinkedHashSet<>();
        addWithSupers(pluginClass, classes);
        List<Object> functions = new ArrayList<>();
        for (EcsSystem s : systems) {
            functions.add(s.run());
            s.init().ifPresent(functions::add);
            s.dispose().ifPresent(functions::add);
            functions.addAll(s.conditions());
        }
        for (SystemSet s : sets) {
            functions.addAll(s.conditions());
        }
        for (EcsObserver o : observers) {
            functions.add(o.run());
        }
        for (Object f : functions) {
            if (f != null) {
                addWithSupers(writerOf(f.getClass()), classes);
            }
        }
        Set<String> out = new TreeSet<>();
        for (Class<?> c : classes) {
            if (!isOwn(c)) {
                continue;
            }
            Field[] declared;
            try {
                declared = c.getDeclaredFields();
            } catch (LinkageError | SecurityException e) {
                continue; // a field type that cannot be loaded: nothing to say about this class
            }
            for (Field f : declared) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) && !Modifier.isFinal(m) && !f.isSynthetic() && f.getName().indexOf('$') < 0) {
                    out.add(c.getName() + "." + f.getName());
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * @param plugin a plugin object: its class, {@code systems()}, {@code sets()} and {@code observers()}
     *     (called once each)
     * @return as {@link #fields(Class, List, List, List)}
     * @throws NullPointerException when plugin is null
     * @throws RuntimeException what the plugin's accessors throw
     */
    public static List<String> fields(Plugin plugin) {
        Objects.requireNonNull(plugin, "StaticState.fields: plugin");
        return fields(plugin.getClass(), plugin.systems(), plugin.sets(), plugin.observers());
    }

    /**
     * @param field a field as {@link #fields} gives it
     * @return the one-line warning: {@code state in static field a.B.kills is lost on every update:
     *     keep it in a world trait}
     */
    public static String warning(String field) {
        return "state in static field " + field + " is lost on every update: keep it in a world trait";
    }

    /** @return the class whose code made an object of class c: the writer of a lambda, else c */
    private static Class<?> writerOf(Class<?> c) {
        if (!c.isHidden()) {
            return c;
        }
        String name = c.getName();
        int lambda = name.indexOf("$$Lambda");
        if (lambda > 0) {
            try {
                return Class.forName(name.substring(0, lambda), false, c.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                // fall back to the nest host below
            }
        }
        return c.getNestHost();
    }

    private static void addWithSupers(Class<?> c, Set<Class<?>> into) {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            into.add(k);
            into.add(k.getNestHost());
        }
    }

    /** @return whether c is plugin code: neither the JDK's nor the scheduler's */
    private static boolean isOwn(Class<?> c) {
        ClassLoader loader = c.getClassLoader();
        if (loader == null || loader == ClassLoader.getPlatformClassLoader() || c.isHidden()) {
            return false;
        }
        return !(loader == Plugin.class.getClassLoader() && c.getModule() == Plugin.class.getModule()
                && Objects.equals(location(c), location(Plugin.class)));
    }

    /** @return the code source location as text (URL.equals would resolve host names), or null */
    private static String location(Class<?> c) {
        try {
            ProtectionDomain d = c.getProtectionDomain();
            CodeSource s = d == null ? null : d.getCodeSource();
            return s == null || s.getLocation() == null ? null : s.getLocation().toString();
        } catch (SecurityException e) {
            return null;
        }
    }
}
