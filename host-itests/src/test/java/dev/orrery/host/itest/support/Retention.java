package dev.orrery.host.itest.support;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Diagnostics for the leak tests: a breadth-first walk of the object graph from a root that reports
 * the first path to an object whose class (or which, as a class loader) belongs to a given class
 * loader. Fields of JDK classes are not accessible under strong encapsulation, so collections, maps
 * and arrays are walked through their public API and threads through their context class loader.
 * Only for failure messages: it may miss paths through inaccessible fields.
 */
public final class Retention {
    private static final int LIMIT = 2_000_000;

    private Retention() {
    }

    /**
     * @param root where to start
     * @param loader the class loader that should be unreachable
     * @return a path from the root to an object of that loader, or a note that none was found
     */
    public static String pathTo(Object root, ClassLoader loader) {
        Map<Object, Object[]> parent = new IdentityHashMap<>(); // child -> {parent, label}
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Object> queue = new ArrayDeque<>();
        queue.add(root);
        seen.add(root);
        int visited = 0;
        while (!queue.isEmpty() && visited++ < LIMIT) {
            Object o = queue.poll();
            if (o == loader || o.getClass().getClassLoader() == loader
                    || (o instanceof Class<?> c && c.getClassLoader() == loader)) {
                return describe(parent, o);
            }
            if (o instanceof Class<?> || o instanceof ClassLoader || o instanceof String) {
                continue;
            }
            if (o instanceof Thread t) {
                visit(parent, seen, queue, o, "contextClassLoader", t.getContextClassLoader());
                continue;
            }
            if (o.getClass().isArray()) {
                if (!o.getClass().getComponentType().isPrimitive()) {
                    for (int i = 0; i < Array.getLength(o); i++) {
                        visit(parent, seen, queue, o, "[" + i + "]", Array.get(o, i));
                    }
                }
                continue;
            }
            boolean walkedApi = false;
            try {
                if (o instanceof Map<?, ?> m) {
                    for (Map.Entry<?, ?> e : m.entrySet()) {
                        visit(parent, seen, queue, o, "key", e.getKey());
                        visit(parent, seen, queue, o, "[" + e.getKey() + "]", e.getValue());
                    }
                    walkedApi = true;
                } else if (o instanceof Collection<?> c) {
                    int i = 0;
                    for (Object e : c) {
                        visit(parent, seen, queue, o, "<" + i++ + ">", e);
                    }
                    walkedApi = true;
                }
            } catch (RuntimeException e) {
                // concurrent modification or an unmodifiable view that throws: skip
            }
            visit(parent, seen, queue, o, "class", o.getClass());
            for (Class<?> k = o.getClass(); k != null && k != Object.class; k = k.getSuperclass()) {
                if (walkedApi && k.getName().startsWith("java.")) {
                    break;
                }
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive() || !f.trySetAccessible()) {
                        continue;
                    }
                    try {
                        visit(parent, seen, queue, o, k.getSimpleName() + "." + f.getName(), f.get(o));
                    } catch (IllegalAccessException e) {
                        // skip
                    }
                }
            }
        }
        return "no path found from " + root.getClass().getName() + " (visited " + visited + " objects)";
    }

    private static void visit(Map<Object, Object[]> parent, Set<Object> seen, ArrayDeque<Object> queue, Object from,
                              String label, Object to) {
        if (to != null && seen.add(to)) {
            parent.put(to, new Object[] {from, label});
            queue.add(to);
        }
    }

    private static String describe(Map<Object, Object[]> parent, Object target) {
        StringBuilder sb = new StringBuilder();
        Object o = target;
        while (parent.containsKey(o)) {
            Object[] p = parent.get(o);
            sb.insert(0, " -" + p[1] + "-> " + o.getClass().getName());
            o = p[0];
        }
        return o.getClass().getName() + sb;
    }
}
