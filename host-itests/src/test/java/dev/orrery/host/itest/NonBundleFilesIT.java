package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;

/**
 * issue 11, "files in plugins/ that are not bundles": with Felix FileInstall watching a folder, a
 * {@code .jar} that is not a jar, one without a manifest and one whose manifest has no
 * {@code Bundle-SymbolicName} each give one line naming the file; a real bundle next to them is
 * still installed by FileInstall.
 */
@RunWith(PaxExam.class)
public class NonBundleFilesIT extends HostTestBase {
    private static final String DIR = "felix.fileinstall.dir";

    @Configuration
    public Option[] config() throws IOException {
        File dir = Files.createTempDirectory(new File(BundleFiles.required("orrery.itest.bundleDir")).toPath()
                .getParent(), "watched-plugins").toFile();
        return options(
                // FileInstall first, so the host bundle resolves with its optional import wired.
                bundle(new File(BundleFiles.required("orrery.itest.fileinstall")).toURI().toString()),
                frameworkProperty(DIR).value(dir.getAbsolutePath()),
                frameworkProperty("felix.fileinstall.poll").value("50"),
                frameworkProperty("felix.fileinstall.noInitialDelay").value("true"),
                frameworkProperty("felix.fileinstall.filter").value(".*\\.(jar|cfg|config)"),
                HostOptions.base());
    }

    @Test
    public void eachJarThatIsNotABundleGivesOneLineNamingItAndBundlesStillInstall() throws Exception {
        awaitMainSchedule();
        Path dir = Path.of(ctx.getProperty(DIR));
        List<String> lines;
        try (ConsoleCapture console = new ConsoleCapture()) {
            Files.writeString(dir.resolve("x.jar"), "this is not a jar", StandardCharsets.UTF_8);
            try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(dir.resolve("nomanifest.jar")))) {
                zip.putNextEntry(new ZipEntry("hello.txt"));
                zip.write("hello".getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
            Manifest plain = new Manifest();
            plain.getMainAttributes().putValue("Manifest-Version", "1.0");
            try (OutputStream out = Files.newOutputStream(dir.resolve("plain.jar"));
                 JarOutputStream jar = new JarOutputStream(out, plain)) {
                jar.putNextEntry(new ZipEntry("hello.txt"));
                jar.closeEntry();
            }
            Files.copy(BundleFiles.file("alpha").toPath(), dir.resolve("alpha.jar"));
            await(() -> count(console.lines(), "x.jar") > 0 && count(console.lines(), "nomanifest.jar") > 0
                    && count(console.lines(), "plain.jar") > 0, () -> "a line for each non-bundle file: "
                    + console.lines());
            awaitPlugin("alpha", PluginState.ACTIVE);
            // Several more polls: each file is reported once, not on every poll.
            long polls = System.nanoTime();
            await(() -> System.nanoTime() - polls > 300_000_000L, () -> "time passes");
            lines = console.lines();
        }
        assertLine(lines, "x.jar", "it is not a jar (zip) file");
        assertLine(lines, "nomanifest.jar", "it has no META-INF/MANIFEST.MF");
        assertLine(lines, "plain.jar", "its manifest has no Bundle-SymbolicName");
    }

    private static void assertLine(List<String> lines, String file, String why) {
        List<String> mine = lines.stream().filter(l -> l.contains("[dev.orrery.host]") && l.contains(File.separator + file))
                .toList();
        assertEquals(String.join("\n", lines), 1, mine.size());
        assertTrue(mine.get(0), mine.get(0).contains("is not an OSGi bundle (" + why));
    }

    private static long count(List<String> lines, String file) {
        return lines.stream().filter(l -> l.contains("[dev.orrery.host]") && l.contains(File.separator + file)).count();
    }
}
