package dev.orrery.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes N instances of a template class, each of its own class (JVM hidden classes defined from the
 * template's bytes). A real game's systems are distinct classes, so the call site that dispatches
 * them is megamorphic; one shared class would let the JIT inline a single target and flatter the
 * dispatcher. Every library in the dispatch benchmarks gets its systems this way, so Artemis (which
 * also requires one class per system) and Ashley are measured under the same conditions as Orrery.
 */
final class DistinctClasses {
    private DistinctClasses() {
    }

    /**
     * @param template a public class with a public no-argument constructor, in this package
     * @param as a supertype of the template (each hidden class is a copy of the template, not a
     *     subclass, so it is only an instance of the template's supertypes)
     * @param count how many instances
     * @param <T> the supertype
     * @return {@code count} instances, each of a distinct hidden class with the template's code
     */
    static <T> List<T> instances(Class<? extends T> template, Class<T> as, int count) {
        byte[] bytes = bytesOf(template);
        List<T> out = new ArrayList<>(count);
        try {
            for (int i = 0; i < count; i++) {
                Class<?> c = MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass();
                out.add(as.cast(c.getConstructor().newInstance()));
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot define hidden classes from " + template.getName(), e);
        }
        return out;
    }

    private static byte[] bytesOf(Class<?> template) {
        String resource = template.getName().substring(template.getPackageName().length() + 1) + ".class";
        try (InputStream in = template.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("class file not found: " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }
}
