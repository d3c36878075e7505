package dev.orrery.testkit.paxexam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testkit.bundlefixture.Fixture;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where {@link TestBundle.Builder#classpathOf} finds a class's folder or jar when the class was loaded
 * by a bundle (inside a test method of the native container), with a class whose code source is a
 * {@code bundle:} location, as Felix gives it ({@code new File(URI)} refuses it: "URI is not hierarchical").
 */
class ClassFileOriginTest {
    private static final String RESOURCE = Fixture.class.getName().replace('.', '/') + ".class";

    @TempDir
    Path dir;

    @Test
    void aClassOfABundleIsFoundInTheFolderOnTheClassPathThatHoldsItsClassFile() throws Exception {
        Class<?> inBundle = loadedByABundle();
        File folder = new File(Fixture.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertEquals(folder, ClassFileOrigin.entryOf(inBundle, getClass().getClassLoader()));
    }

    @Test
    void aClassOfABundleIsFoundInTheJarOnTheClassPathThatHoldsItsClassFile() throws Exception {
        Path jar = dir.resolve("fixture.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
             InputStream in = Fixture.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            j.putNextEntry(new JarEntry(RESOURCE));
            in.transferTo(j);
        }
        try (URLClassLoader classPath = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            assertEquals(jar.toFile(), ClassFileOrigin.entryOf(loadedByABundle(), classPath));
        }
    }

    @Test
    void aClassOfABundleOnNoClassPathEntryIsRefusedInOneLineSayingWhereToCallIt() throws Exception {
        ClassLoader nothing = new ClassLoader(null) {
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClassFileOrigin.entryOf(loadedByABundle(), nothing));
        assertEquals("TestBundle.classpathOf: dev.orrery.testkit.bundlefixture.Fixture was loaded from bundle:7.0,"
                + " not a folder or jar, and is on no class path entry of this JVM: build the bundle before the"
                + " framework starts (Pax Exam: in the @Configuration method) or pass its folder or jar to"
                + " TestBundle.Builder.classpath(File...)", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aClassFromAFolderIsThatFolder() throws Exception {
        File folder = ClassFileOrigin.entryOf(Fixture.class, new ClassLoader(null) {
        });
        assertTrue(new File(folder, RESOURCE).isFile(), folder.toString());
    }

    /** A copy of {@link Fixture} defined with a {@code bundle:} code source, as a bundle class loader defines it. */
    private static Class<?> loadedByABundle() throws IOException {
        byte[] bytes;
        try (InputStream in = Fixture.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            bytes = in.readAllBytes();
        }
        URL location = new URL(null, "bundle:7.0", new URLStreamHandler() {
            @Override
            protected URLConnection openConnection(URL u) throws IOException {
                throw new IOException("not for reading");
            }
        });
        ProtectionDomain domain = new ProtectionDomain(new CodeSource(location, (Certificate[]) null), null);
        return new ClassLoader(null) {
            Class<?> define() {
                return defineClass(Fixture.class.getName(), bytes, 0, bytes.length, domain);
            }
        }.define();
    }
}
