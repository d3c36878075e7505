package dev.orrery.host.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which plugin-folder files {@link NonBundleFiles} claims, and why (the same test as FileInstall's). */
class NonBundleFilesTest {
    @TempDir
    Path dir;

    @Test
    void textInAJarFileIsNotAJar() throws IOException {
        Path f = Files.writeString(dir.resolve("x.jar"), "not a jar", StandardCharsets.UTF_8);
        assertTrue(NonBundleFiles.whyNotABundle(f.toFile()).startsWith("it is not a jar (zip) file: "));
    }

    @Test
    void zipWithoutManifestHasNone() throws IOException {
        Path f = dir.resolve("plain.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(f))) {
            zip.putNextEntry(new ZipEntry("a.txt"));
            zip.closeEntry();
        }
        assertEquals("it has no META-INF/MANIFEST.MF", NonBundleFiles.whyNotABundle(f.toFile()));
    }

    @Test
    void manifestWithoutSymbolicNameIsNoBundle() throws IOException {
        assertEquals("its manifest has no Bundle-SymbolicName",
                NonBundleFiles.whyNotABundle(jar("lib.jar", null).toFile()));
    }

    @Test
    void jarWithSymbolicNameIsABundle() throws IOException {
        assertNull(NonBundleFiles.whyNotABundle(jar("b.jar", "my.bundle").toFile()));
    }

    private Path jar(String name, String symbolicName) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().putValue("Manifest-Version", "1.0");
        if (symbolicName != null) {
            m.getMainAttributes().putValue("Bundle-SymbolicName", symbolicName);
        }
        Path f = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(f); JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.putNextEntry(new ZipEntry("a.txt"));
            jar.closeEntry();
        }
        return f;
    }

    @Test
    void onlyJarsThatAreNotBundlesAreClaimed() throws IOException {
        Path bundle = jar("b.jar", "my.bundle");
        Path lib = jar("lib.jar", null);
        Path cfg = Files.writeString(dir.resolve("dev.orrery.host.cfg"), "mode=fixed", StandardCharsets.UTF_8);
        NonBundleFiles installer = new NonBundleFiles(System.getLogger(NonBundleFilesTest.class.getName()));
        assertFalse(installer.canHandle(bundle.toFile()), "a bundle is FileInstall's");
        assertTrue(installer.canHandle(lib.toFile()));
        assertFalse(installer.canHandle(cfg.toFile()), "a configuration is ConfigAdmin's");
    }
}
