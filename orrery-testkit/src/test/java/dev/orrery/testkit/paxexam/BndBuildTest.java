package dev.orrery.testkit.paxexam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testkit.bundlefixture.Fixture;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link TestBundle} built where the kit's own class loader does not see bnd, as inside a test method
 * of the native container (the kit's bundle imports bnd optionally): through the kit and bnd on the
 * JVM's class path, or, without them there, refused in one line that says where to build it.
 */
class BndBuildTest {
    @TempDir
    Path dir;

    @Test
    void withoutBndNextToTheKitTheBundleIsBuiltByTheCopiesOnTheClassPath() throws Exception {
        File jar = dir.resolve("fixture.jar").toFile();
        try (URLClassLoader kitOnly = kitWithoutBnd()) {
            run(kitOnly, jar, getClass().getClassLoader());
        }
        try (JarFile f = new JarFile(jar)) {
            assertEquals("itest.fixture", f.getManifest().getMainAttributes().getValue("Bundle-SymbolicName"));
            assertTrue(f.getEntry("dev/orrery/testkit/bundlefixture/Fixture.class") != null);
        }
    }

    @Test
    void withBndNowhereTheMessageSaysWhereToBuildTheBundle() throws Exception {
        try (URLClassLoader kitOnly = kitWithoutBnd()) {
            InvocationTargetException e = assertThrows(InvocationTargetException.class,
                    () -> run(kitOnly, dir.resolve("none.jar").toFile(), kitOnly));
            assertEquals("TestBundle: bnd (biz.aQute.bnd:biz.aQute.bndlib) is neither wired to the test kit's bundle"
                    + " nor on this JVM's class path, so test bundle itest.fixture 1.0.0 cannot be built here: build it"
                    + " before the framework starts (Pax Exam: in the @Configuration method)", e.getCause().getMessage());
            assertTrue(e.getCause() instanceof IllegalStateException);
        }
    }

    /** The kit's classes alone (its folder, over the JDK): bnd cannot be loaded from there. */
    private static URLClassLoader kitWithoutBnd() throws Exception {
        URL kit = BndBuild.class.getProtectionDomain().getCodeSource().getLocation();
        return new URLClassLoader(new URL[] {kit}, ClassLoader.getPlatformClassLoader());
    }

    private static void run(ClassLoader kit, File jar, ClassLoader classPath) throws Exception {
        Method run = kit.loadClass(BndBuild.class.getName()).getDeclaredMethod("run", String.class, String.class,
                List.class, List.class, List.class, File.class, ClassLoader.class);
        run.setAccessible(true);
        File fixtures = new File(Fixture.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        run.invoke(null, "itest.fixture", "1.0.0", List.of(), List.of("dev.orrery.testkit.bundlefixture"), List.of(fixtures),
                jar, classPath);
    }
}
