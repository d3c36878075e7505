package dev.orrery.demo.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Builds the test plugin of {@code src/test/resources/e2e-plugin} (module and bundle {@code e2e.misbehave}:
 * a plugin that calls System.exit, throws an OutOfMemoryError or blocks, as the system property
 * {@code e2e.misbehave} says) into one jar that runs in both modes: a bundle with a Declarative Services
 * component (hand-written descriptor) and an explicit module providing {@code dev.orrery.schedule.Plugin}.
 * Compiled with the JDK's compiler against the distribution's scheduler bundle.
 */
final class MisbehavingPluginJar {
    private static final String VERSION = System.getProperty("orrery.version", "0.1.0-SNAPSHOT");
    private static final String SOURCES = "e2e-plugin/";

    private MisbehavingPluginJar() {
    }

    /**
     * @param dir a working folder (the classes go there)
     * @param jar where to write the jar
     * @return {@code jar}
     */
    static Path build(Path dir, Path jar) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/e2e/misbehave"));
        copy("module-info.java", dir.resolve("src/module-info.java"));
        copy("e2e/misbehave/MisbehavingPlugin.java", src.resolve("MisbehavingPlugin.java"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path scheduler = DemoProcess.REPO.resolve("app-launcher/target/orrery/bundles/scheduler-bundle-" + VERSION + ".jar");
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                "--release", "17", "--module-path", scheduler.toString(), dir.resolve("src/module-info.java").toString(),
                src.resolve("MisbehavingPlugin.java").toString());
        if (rc != 0) {
            throw new IllegalStateException("javac failed on the e2e test plugin: " + rc);
        }
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "e2e.misbehave");
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Import-Package", "dev.orrery.schedule,dev.orrery.world");
        a.putValue("Service-Component", "OSGI-INF/component.xml");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m); var files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("OSGI-INF/component.xml"));
            out.write(resource("component.xml"));
            out.closeEntry();
        }
        return jar;
    }

    private static void copy(String name, Path to) throws IOException {
        Files.write(to, resource(name));
    }

    private static byte[] resource(String name) {
        try (InputStream in = MisbehavingPluginJar.class.getClassLoader().getResourceAsStream(SOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + SOURCES + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the java command that runs the distribution's launcher with these options (then {@code -jar}) */
    static List<String> launcher(List<String> options, String... args) {
        List<String> c = new java.util.ArrayList<>(List.of("java"));
        c.addAll(options);
        c.add("-jar");
        c.add("orrery-launcher.jar");
        c.addAll(List.of(args));
        return c;
    }
}
