package dev.orrery.demo.e2e;

import aQute.bnd.osgi.Builder;
import aQute.bnd.osgi.Jar;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The plugin guide's score plugin: the archetype's main sources with {@code package=com.example.game.score}
 * and {@code pluginName=score}, compiled with the JDK's compiler against the distribution's scheduler
 * bundle and made a bundle by bnd as the archetype's bnd-maven-plugin makes it (DS component and
 * ServiceLoader provider from the annotations; a SNAPSHOT's version qualifier is the build's time stamp).
 */
final class ScorePluginJar {
    static final String PACKAGE = "com.example.game.score";
    private static final String VERSION = System.getProperty("orrery.version", "0.1.0-SNAPSHOT");
    private static final Path ARCHETYPE = DemoProcess.REPO.resolve("orrery-plugin-archetype/src/main/resources/archetype-resources");

    private ScorePluginJar() {
    }

    /**
     * @param dir a working folder
     * @param jar where to write the bundle
     * @return {@code jar}
     */
    static Path build(Path dir, Path jar) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/" + PACKAGE.replace('.', '/')));
        List<String> javac = new ArrayList<>(List.of("-d", dir.resolve("classes").toString(), "--release", "17",
                "-proc:none", "-cp", String.join(File.pathSeparator, scheduler().toString(), jarOf(org.osgi.service.component.annotations.Component.class),
                        jarOf(aQute.bnd.annotation.spi.ServiceProvider.class), jarOf(org.osgi.annotation.bundle.Requirement.class))));
        for (String name : List.of("GamePlugin.java", "GamePluginComponent.java")) {
            String text = Files.readString(ARCHETYPE.resolve("src/main/java/" + name))
                    .replace("${package}", PACKAGE).replace("${pluginName}", "score");
            javac.add(Files.writeString(src.resolve(name), text).toString());
        }
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, javac.toArray(String[]::new));
        if (rc != 0) {
            throw new IllegalStateException("javac failed on the archetype's sources: " + rc);
        }
        try (Builder b = new Builder()) {
            b.setProperty("Bundle-SymbolicName", PACKAGE);
            b.setProperty("Bundle-Name", "score");
            b.setProperty("Bundle-Version", "1.0.0." + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMddHHmm")));
            b.setProperty("Private-Package", PACKAGE);
            b.setProperty("-dsannotations", "*");
            b.setProperty("-noextraheaders", "true");
            b.addClasspath(dir.resolve("classes").toFile());
            b.addClasspath(scheduler().toFile());
            Jar built = b.build();
            if (!b.isOk()) {
                throw new IllegalStateException("bnd could not build the score plugin: " + b.getErrors());
            }
            built.write(jar.toFile());
        }
        return jar;
    }

    private static Path scheduler() {
        return DemoProcess.REPO.resolve("app-launcher/target/orrery/bundles/scheduler-bundle-" + VERSION + ".jar");
    }

    private static String jarOf(Class<?> c) throws Exception {
        return new File(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
