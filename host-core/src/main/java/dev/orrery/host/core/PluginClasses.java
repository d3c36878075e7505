package dev.orrery.host.core;

import dev.orrery.schedule.Plugin;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Finds, in the class files of one plugin bundle or jar, the concrete classes that implement
 * {@link Plugin}: what a front end names when such a bundle or jar offers no plugin at all (the
 * OSGi front end when no Declarative Services component of an active bundle provides
 * {@code Plugin}, the JPMS front end when a module {@code provides} none), with the fix: without it a
 * forgotten {@code @Component} or {@code provides} is silent (the bundle is active, no plugin
 * appears).
 *
 * <p>A class counts when it can have instances (not an interface, abstract class, enum or synthetic
 * class), is not anonymous or local ({@code Outer$1}, {@code Outer$1Local}: such a class cannot be a
 * component or a provider), is not annotated {@code @Component} (a bundle built without bnd's
 * Declarative Services processing, e.g. a test probe, is another matter), and implements
 * {@code dev.orrery.schedule.Plugin} directly or through superclasses and interfaces, which are looked
 * up among the same class files first and else asked of the caller (a supertype of another bundle or
 * module, e.g. {@code ForwardingPlugin}).
 *
 * <p>Reads class files only: no class of the unit is loaded or initialised, no plugin code runs.
 * Thread-safe (stateless).
 *
 * @since 0.1
 */
public final class PluginClasses {
    private static final String PLUGIN = Plugin.class.getName().replace('.', '/');

    private PluginClasses() {
    }

    /**
     * @param classFiles the contents of the unit's class files, each read once; entries that are not
     *     class files are skipped
     * @param outsideIsPlugin for a supertype that is not among the class files, by binary name
     *     ({@code dev.orrery.schedule.ForwardingPlugin}): whether it is or implements {@code Plugin}
     *     (e.g. loaded, not initialised, through the unit's class loader); asked at most once per name,
     *     never for {@code java.*} types
     * @return the binary names of the concrete classes implementing {@code Plugin}, sorted
     * @throws NullPointerException when an argument is null
     */
    public static List<String> implementations(Iterable<byte[]> classFiles, Predicate<String> outsideIsPlugin) {
        Objects.requireNonNull(classFiles, "PluginClasses.implementations: classFiles");
        Objects.requireNonNull(outsideIsPlugin, "PluginClasses.implementations: outsideIsPlugin");
        Map<String, ClassHeader> byName = new HashMap<>();
        for (byte[] bytes : classFiles) {
            try {
                ClassHeader h = ClassHeader.read(bytes);
                byName.put(h.name(), h);
            } catch (IllegalArgumentException e) {
                // not a class file (or one of a future format): nothing to say about it
            }
        }
        Map<String, Boolean> known = new HashMap<>();
        TreeSet<String> out = new TreeSet<>();
        for (ClassHeader h : byName.values()) {
            if (h.isConcrete() && !h.component() && !isAnonymousOrLocal(h.name())
                    && isPlugin(h.name(), byName, outsideIsPlugin, known, new ArrayList<>())) {
                out.add(h.binaryName());
            }
        }
        return List.copyOf(out);
    }

    private static boolean isPlugin(String name, Map<String, ClassHeader> byName, Predicate<String> outside,
                                    Map<String, Boolean> known, List<String> path) {
        if (PLUGIN.equals(name)) {
            return true;
        }
        Boolean k = known.get(name);
        if (k != null) {
            return k;
        }
        if (name.startsWith("java/") || path.contains(name)) {
            return false; // a JDK type, or a (malformed) circle of supertypes
        }
        ClassHeader h = byName.get(name);
        boolean result;
        if (h == null) {
            result = outside.test(name.replace('/', '.'));
        } else {
            path.add(name);
            List<String> supers = new ArrayList<>(h.interfaces());
            if (h.superName() != null) {
                supers.add(h.superName());
            }
            result = false;
            for (String s : supers) {
                if (isPlugin(s, byName, outside, known, path)) {
                    result = true;
                    break;
                }
            }
            path.remove(path.size() - 1);
        }
        known.put(name, result);
        return result;
    }

    /** @return whether the simple part after the last {@code $} starts with a digit ({@code Outer$1}, {@code Outer$1Local}) */
    private static boolean isAnonymousOrLocal(String internalName) {
        int dollar = internalName.lastIndexOf('$');
        return dollar >= 0 && dollar + 1 < internalName.length() && Character.isDigit(internalName.charAt(dollar + 1));
    }
}
