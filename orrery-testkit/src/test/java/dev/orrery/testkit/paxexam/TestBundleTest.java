package dev.orrery.testkit.paxexam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testkit.bundlefixture.Fixture;
import java.io.File;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBundleTest {
    @TempDir
    Path dir;

    @Test
    void writesABundleWithTheNameVersionAndPackagesFromTheClassPath() throws Exception {
        File jar = dir.resolve("sub/fixture-v2.jar").toFile();
        File written = TestBundle.builder("itest.fixture").version("2.0.0")
                .exportPackages("dev.orrery.testkit.bundlefixture").classpathOf(Fixture.class).build().writeTo(jar);
        assertSame(jar, written);
        try (JarFile f = new JarFile(jar)) {
            Attributes m = f.getManifest().getMainAttributes();
            assertEquals("itest.fixture", m.getValue("Bundle-SymbolicName"));
            assertEquals("2.0.0", m.getValue("Bundle-Version"));
            assertTrue(m.getValue("Export-Package").startsWith("dev.orrery.testkit.bundlefixture;version="),
                    m.getValue("Export-Package"));
            assertNotNull(f.getEntry("dev/orrery/testkit/bundlefixture/Fixture.class"));
        }
    }

    @Test
    void aPrivatePackageIsCopiedButNotExported() throws Exception {
        File jar = TestBundle.builder("itest.private").privatePackages("dev.orrery.testkit.bundlefixture")
                .classpathOf(Fixture.class).build().writeTo(dir.resolve("private.jar").toFile());
        try (JarFile f = new JarFile(jar)) {
            assertEquals("1.0.0", f.getManifest().getMainAttributes().getValue("Bundle-Version"));
            assertNull(f.getManifest().getMainAttributes().getValue("Export-Package"));
            assertNotNull(f.getEntry("dev/orrery/testkit/bundlefixture/Fixture.class"));
        }
    }

    @Test
    void bndErrorsNameTheBundle() throws Exception {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TestBundle.builder("itest.broken")
                .version("not a version").classpathOf(Fixture.class).build().writeTo(dir.resolve("b.jar").toFile()));
        assertTrue(e.getMessage().startsWith("bnd could not build test bundle itest.broken not a version: "),
                e.getMessage());
    }

    @Test
    void aBlankNameAndAJdkClassAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TestBundle.builder(" "));
        assertThrows(IllegalArgumentException.class, () -> TestBundle.builder("x").classpathOf(String.class));
    }
}
