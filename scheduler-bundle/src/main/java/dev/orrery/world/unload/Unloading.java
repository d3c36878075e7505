package dev.orrery.world.unload;

import dev.orrery.world.MessageType;
import dev.orrery.world.Trait;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Which code is being unloaded: a test on class loaders (in an OSGi host, the class loaders of bundle
 * revisions that were uninstalled, updated or refreshed away), and the rule that says whether an
 * object belongs to that code. Used by {@link WorldPurge#purge} and handed to
 * {@link Purgeable} world values.
 *
 * <p>The rule ({@link #isUnloaded(Object)}) looks at classes only, never into an object's fields: a
 * value of a JDK class (a list) holding objects of unloaded classes is not found, so keep state that
 * must be purged in classes of its own, or in a {@link Purgeable} container.
 *
 * <p>Not thread-safe: the verdict on each class loader is asked once and cached, so use one instance
 * for one purge, on one thread.
 *
 * @since 0.1
 */
public final class Unloading {
    private final Predicate<ClassLoader> unloaded;
    private final Map<ClassLoader, Boolean> verdicts = new IdentityHashMap<>();

    private Unloading(Predicate<ClassLoader> unloaded) {
        this.unloaded = unloaded;
    }

    /**
     * @param unloaded whether a class loader's code is being unloaded; asked at most once per loader,
     *     never for the bootstrap loader ({@code null}), which is never unloaded
     * @return the unloading
     * @throws NullPointerException if {@code unloaded} is null
     */
    public static Unloading of(Predicate<ClassLoader> unloaded) {
        return new Unloading(Objects.requireNonNull(unloaded, "Unloading.of: unloaded is null"));
    }

    /**
     * @param loader the one class loader being unloaded; not null
     * @return the unloading of that loader's code
     */
    public static Unloading of(ClassLoader loader) {
        Objects.requireNonNull(loader, "Unloading.of: loader is null");
        return new Unloading(l -> l == loader);
    }

    /**
     * @param loader a class loader, or null for the bootstrap loader
     * @return whether its code is being unloaded (false for the bootstrap loader)
     */
    public boolean isUnloadedLoader(ClassLoader loader) {
        if (loader == null) {
            return false;
        }
        Boolean verdict = verdicts.get(loader);
        if (verdict == null) {
            verdict = unloaded.test(loader);
            verdicts.put(loader, verdict);
        }
        return verdict;
    }

    /**
     * Whether an object belongs to unloaded code:
     * <ul>
     *   <li>a {@link Trait}: its {@linkplain Trait#origin() origin} class, or the class of its default
     *       factory (or default value) was defined by an unloaded loader;</li>
     *   <li>a {@link MessageType}: its {@linkplain MessageType#origin() origin} class was defined by
     *       an unloaded loader;</li>
     *   <li>a {@link Class}: it was defined by an unloaded loader (an array class: its element class);</li>
     *   <li>a {@link ClassLoader}: it is an unloaded one;</li>
     *   <li>anything else: its class was defined by an unloaded loader (lambdas and method references
     *       belong to the class that created them).</li>
     * </ul>
     *
     * @param o an object, or null (never unloaded)
     * @return the verdict
     */
    public boolean isUnloaded(Object o) {
        if (o == null) {
            return false;
        }
        if (o instanceof Trait<?> t) {
            return isUnloadedLoader(t.origin().getClassLoader()) || isUnloaded(t.defaultSource());
        }
        if (o instanceof MessageType<?> m) {
            return isUnloadedLoader(m.origin().getClassLoader());
        }
        if (o instanceof Class<?> c) {
            return isUnloadedLoader(c.getClassLoader());
        }
        if (o instanceof ClassLoader l) {
            return isUnloadedLoader(l);
        }
        return isUnloadedLoader(o.getClass().getClassLoader());
    }
}
