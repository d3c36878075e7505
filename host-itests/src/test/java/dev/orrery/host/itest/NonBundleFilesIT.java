package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.testkit.osgi.ConsoleCapture;
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
 * Files in plugins/ that are not bundles: with Felix FileInstall watching a folder, a
 * {@code .jar} that is not a jar, one without a manifest and one whose manifest has no
 * {@code Bundle-SymbolicName} each give one line naming the file; a real bundle next to them is
 * still installed by FileInstall.
 */
@RunWith(PaxExam.class)
public class NonBundleFilesIT extends HostItBase {
    private static final String DIR = "felix.fileinstall.dir";

    @Configuration
    public Option[] config() throws IOException {
        File dir = Files.createTempDirectory(Bundles.dir().toPath().getParent(), "watched-plugins").toFile();
        return options(platform(settings(150, 1000).watchedFolder(dir).build()),
                frameworkProperty("felix.fileinstall.filter").value(".*\\.(jar|cfg|config)"));
    }

    @Test
    public void eachJarThatIsNotABundleGivesOneLineNamingItAndBundlesStillInstall() throws Exception {
        host().awaitMainSchedule();
        Path dir = Path.of(context.getProperty(DIR));
        List<String> lines;
        try (ConsoleCapture console = ConsoleCapture.open()) {
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
            Files.copy(Bundles.file("alpha").toPath(), dir.resolve("alpha.jar"));
            host().awaitCondition(() -> count(console.lines(), "x.jar") > 0 && count(console.lines(), "nomanifest.jar") > 0
                    && count(console.lines(), "plain.jar") > 0, () -> "a line for each non-bundle file: "
                    + console.lines());
            host().awaitPlugin("alpha", PluginState.ACTIVE);
            // Several more polls: each file is reported once, not on every poll. The polls are counted by
            // files dropped one at a time, each reported by a later poll than the one before.
            for (int i = 0; i < 3; i++) {
                String later = "later" + i + ".jar";
                Files.writeString(dir.resolve(later), "not a jar either", StandardCharsets.UTF_8);
                host().awaitCondition(() -> count(console.lines(), later) > 0,
                        () -> "a line for " + later + ": " + console.lines());
            }
            lines = console.lines();
        }
        assertLine(lines, "later0.jar", "it is not a jar (zip) file");
        assertLine(lines, "later1.jar", "it is not a jar (zip) file");
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
