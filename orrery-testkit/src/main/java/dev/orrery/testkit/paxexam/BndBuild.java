package dev.orrery.testkit.paxexam;

import aQute.bnd.osgi.Builder;
import aQute.bnd.osgi.Jar;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Builds a {@link TestBundle} with bnd, where bnd can be loaded.
 *
 * <p>Implementation notes: on the driver side the kit and bnd share the test's class path. Inside
 * Pax Exam's native container the kit is a bundle that imports bnd optionally, and nothing in the
 * framework exports it; the framework runs in the test's JVM, though, so this class is loaded again
 * from the system class loader, next to bnd, and called there with JDK types only. In a framework
 * whose JVM has neither on its class path (bnd's testing launcher) nothing can build the bundle.
 */
final class BndBuild {
    private static final String BND_BUILDER = "aQute.bnd.osgi.Builder";

    private BndBuild() {
    }

    /**
     * Builds and writes the bundle, with bnd as this class loader sees it or as the JVM's class path has it.
     *
     * @throws IllegalStateException if bnd reports errors, the jar cannot be written, or bnd is nowhere to be loaded
     */
    static void run(String symbolicName, String version, List<String> privatePackages, List<String> exportPackages,
                    List<File> classpath, File jar) {
        run(symbolicName, version, privatePackages, exportPackages, classpath, jar, ClassLoader.getSystemClassLoader());
    }

    /**
     * Like {@link #run(String, String, List, List, List, File)}, with the JVM's class path given.
     *
     * @param classPath the loader of the JVM's class path (the system class loader)
     */
    static void run(String symbolicName, String version, List<String> privatePackages, List<String> exportPackages,
                    List<File> classpath, File jar, ClassLoader classPath) {
        if (visible(BndBuild.class.getClassLoader())) {
            write(symbolicName, version, privatePackages, exportPackages, classpath, jar);
            return;
        }
        Method write;
        try {
            Class<?> onClassPath = Class.forName(BndBuild.class.getName(), true, classPath);
            if (!visible(onClassPath.getClassLoader())) {
                throw new ClassNotFoundException(BND_BUILDER);
            }
            write = onClassPath.getDeclaredMethod("write", String.class, String.class, List.class, List.class, List.class,
                    File.class);
            write.setAccessible(true);
        } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
            throw new IllegalStateException("TestBundle: bnd (biz.aQute.bnd:biz.aQute.bndlib) is neither wired to the"
                    + " test kit's bundle nor on this JVM's class path, so test bundle " + symbolicName + " " + version
                    + " cannot be built here: build it before the framework starts (Pax Exam: in the @Configuration method)");
        }
        try {
            write.invoke(null, symbolicName, version, privatePackages, exportPackages, classpath, jar);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("TestBundle: cannot call bnd on the class path for " + symbolicName + ": " + e, e);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("cannot write test bundle " + symbolicName + " " + version + " to " + jar
                    + ": " + e.getCause(), e.getCause());
        }
    }

    private static boolean visible(ClassLoader loader) {
        try {
            Class.forName(BND_BUILDER, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Builds and writes the bundle with the bnd this class was linked to; JDK types only, for a call across loaders. */
    private static void write(String symbolicName, String version, List<String> privatePackages, List<String> exportPackages,
                              List<File> classpath, File jar) {
        try (Builder b = new Builder()) {
            b.setProperty("Bundle-SymbolicName", symbolicName);
            b.setProperty("Bundle-Version", version);
            if (!privatePackages.isEmpty()) {
                b.setProperty("Private-Package", String.join(",", privatePackages));
            }
            if (!exportPackages.isEmpty()) {
                b.setProperty("Export-Package", String.join(",", exportPackages));
            }
            b.setProperty("-dsannotations", "*");
            b.setProperty("-noextraheaders", "true");
            for (File f : classpath) {
                b.addClasspath(f);
            }
            Jar built = b.build();
            if (!b.isOk()) {
                throw new IllegalStateException("bnd could not build test bundle " + symbolicName + " " + version + ": "
                        + b.getErrors());
            }
            built.write(jar);
        } catch (IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot write test bundle " + symbolicName + " " + version + " to " + jar
                    + ": " + e, e);
        }
    }
}
