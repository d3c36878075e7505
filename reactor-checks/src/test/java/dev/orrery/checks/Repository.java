package dev.orrery.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The repository these checks read: its root is the system property {@code orrery.repo}, which this
 * module's surefire configuration sets to the reactor's root directory.
 */
final class Repository {
    /** Where the team keeps the ECS schedule spec, relative to a directory above the repository. */
    static final Path SPEC = Path.of("shared", "spec", "ecs-schedule.md");

    private Repository() {
    }

    /**
     * @return the repository's root directory
     * @throws IllegalStateException when {@code orrery.repo} is not set or is not a directory with a
     *     {@code pom.xml}
     */
    static Path root() {
        String value = System.getProperty("orrery.repo");
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property orrery.repo (the repository root) is not set;"
                    + " run these tests through Maven (reactor-checks)");
        }
        Path root = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(root.resolve("pom.xml"))) {
            throw new IllegalStateException("orrery.repo=" + value + " is not the repository root: no pom.xml there");
        }
        return root;
    }

    /**
     * @param relative a path relative to the root, such as {@code README.md}
     * @return the file's text (UTF-8)
     */
    static String read(String relative) {
        try {
            return Files.readString(root().resolve(relative), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + relative + " in the repository", e);
        }
    }

    /**
     * The spec file, which lives outside the repository: the system property {@code orrery.spec} when
     * given (then it must exist), otherwise {@code shared/spec/ecs-schedule.md} in the first directory
     * above the repository root that has it (a CI clone gets {@code shared/} beside it; a clone without
     * it has no spec).
     *
     * @return the spec, or empty when there is none
     * @throws IllegalStateException when {@code orrery.spec} names a file that does not exist
     */
    static Optional<Path> spec() {
        String given = System.getProperty("orrery.spec");
        if (given != null && !given.isBlank()) {
            Path spec = Path.of(given).toAbsolutePath();
            if (!Files.isRegularFile(spec)) {
                throw new IllegalStateException("orrery.spec=" + given + " is not a file");
            }
            return Optional.of(spec);
        }
        for (Path dir = root().getParent(); dir != null; dir = dir.getParent()) {
            Path spec = dir.resolve(SPEC);
            if (Files.isRegularFile(spec)) {
                return Optional.of(spec);
            }
        }
        return Optional.empty();
    }
}
