package dev.orrery.host.jpms;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds small jars for the tests: sources compiled with the JDK's compiler, written as a jar.
 */
final class ModuleJars {
    private ModuleJars() {
    }

    /**
     * @param work a scratch folder
     * @param jar the jar to write
     * @param modulePath jars the sources are compiled against (module path), may be empty
     * @param sources path (e.g. {@code module-info.java}, {@code a/b/C.java}) → source text
     * @return {@code jar}
     */
    static Path build(Path work, Path jar, List<Path> modulePath, Map<String, String> sources) throws IOException {
        return build(work, jar, modulePath, sources, "");
    }

    /**
     * As {@link #build(Path, Path, List, Map)}, with more manifest headers.
     *
     * @param manifestHeaders lines such as {@code Orrery-Plugin-Schedule: a.B=dnd/turn\n} (each ending in a newline), or empty
     */
    static Path build(Path work, Path jar, List<Path> modulePath, Map<String, String> sources, String manifestHeaders)
            throws IOException {
        Path src = Files.createTempDirectory(work, "src");
        Path out = Files.createTempDirectory(work, "classes");
        List<String> args = new ArrayList<>(List.of("-d", out.toString(), "--release", "17", "-nowarn"));
        if (!modulePath.isEmpty()) {
            args.add("--module-path");
            args.add(String.join(java.io.File.pathSeparator, modulePath.stream().map(Path::toString).toList()));
        }
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            args.add(f.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter errors = new StringWriter();
        int rc = javac.run(null, null, new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                errors.write(b);
            }
        }), args.toArray(String[]::new));
        if (rc != 0) {
            throw new IllegalStateException("javac failed: " + errors);
        }
        return writeJar(out, jar, manifestHeaders);
    }

    /** Writes the files under {@code dir} as a jar (with a manifest). */
    static Path writeJar(Path dir, Path jar) throws IOException {
        return writeJar(dir, jar, "");
    }

    private static Path writeJar(Path dir, Path jar, String manifestHeaders) throws IOException {
        Files.createDirectories(jar.toAbsolutePath().getParent());
        Path tmp = Files.createTempFile(dir.getParent(), "jar", ".tmp");
        try (OutputStream os = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(os, new java.util.jar.Manifest(
                new java.io.ByteArrayInputStream(("Manifest-Version: 1.0\n" + manifestHeaders).getBytes(java.nio.charset.StandardCharsets.UTF_8))));
             Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                if (Files.isRegularFile(f)) {
                    out.putNextEntry(new JarEntry(dir.relativize(f).toString().replace('\\', '/')));
                    out.write(Files.readAllBytes(f));
                    out.closeEntry();
                }
            }
        }
        // moved into place whole, as a careful copy would; the stamp differs from the last version's
        Files.move(tmp, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return jar;
    }
}
