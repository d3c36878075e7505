package dev.orrery.testkit.paxexam;

import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.security.CodeSource;

/**
 * Finds the class path entry (folder or jar) a class file comes from, for {@link TestBundle}.
 *
 * <p>Implementation notes: a class loaded by a bundle class loader has a code source that is no file
 * (Felix gives the bundle's location or a {@code bundle:} URL, which {@code new File(URI)} refuses
 * with "URI is not hierarchical" or "URI scheme is not file"). In Pax Exam's native container the
 * framework runs in the test's JVM, so the same class file is on the JVM's class path: its resource URL
 * from the system class loader names the folder ({@code file:}) or the jar ({@code jar:file:...!/}).
 */
final class ClassFileOrigin {
    private ClassFileOrigin() {
    }

    /**
     * @param c a class
     * @param classPath the loader to look the class file up in when the code source is no file (the
     *     system class loader)
     * @return the folder or jar the class file comes from
     * @throws IllegalArgumentException if c has no code source (a JDK class), or its code source is no
     *     file and {@code classPath} has no such class file
     */
    static File entryOf(Class<?> c, ClassLoader classPath) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalArgumentException("TestBundle.classpathOf: " + c.getName() + " has no code source");
        }
        File file = asFile(source.getLocation());
        if (file != null && file.exists()) {
            return file;
        }
        String resource = c.getName().replace('.', '/') + ".class";
        URL onClassPath = classPath.getResource(resource);
        File entry = onClassPath == null ? null : entryOf(onClassPath, resource);
        if (entry == null) {
            throw new IllegalArgumentException("TestBundle.classpathOf: " + c.getName() + " was loaded from "
                    + source.getLocation() + ", not a folder or jar, and is on no class path entry of this JVM:"
                    + " build the bundle before the framework starts (Pax Exam: in the @Configuration method)"
                    + " or pass its folder or jar to TestBundle.Builder.classpath(File...)");
        }
        return entry;
    }

    /** @return the folder or jar of a class file's URL ({@code file:} or {@code jar:file:...!/}), or null */
    private static File entryOf(URL classFile, String resource) {
        String url = classFile.toString();
        if (url.startsWith("jar:")) {
            int bang = url.indexOf("!/");
            return bang < 0 ? null : asFile(urlOf(url.substring(4, bang)));
        }
        if (url.startsWith("file:") && url.endsWith(resource)) {
            return asFile(urlOf(url.substring(0, url.length() - resource.length())));
        }
        return null;
    }

    private static URL urlOf(String s) {
        try {
            return new URI(s).toURL();
        } catch (URISyntaxException | java.net.MalformedURLException | IllegalArgumentException e) {
            return null;
        }
    }

    /** @return the file of a {@code file:} URL, or null for any other URL */
    private static File asFile(URL url) {
        if (url == null || !"file".equals(url.getProtocol())) {
            return null;
        }
        try {
            return new File(url.toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
