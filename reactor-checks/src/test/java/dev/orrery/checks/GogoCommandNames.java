package dev.orrery.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The devtools' Gogo commands, as the shell sees them: the {@code osgi.command.function} values of the
 * component(s) whose properties say {@code osgi.command.scope=orrery}, read from the main sources of
 * every module (today {@code plugin-devtools}' {@code GogoCommands}). Read from the source rather than
 * the built descriptor so that the check also works where the reactor hands out {@code target/classes}
 * (bnd writes the descriptor into the jar only).
 */
final class GogoCommandNames {
    static final String SCOPE = "osgi.command.scope=orrery";
    private static final Pattern FUNCTION = Pattern.compile("\"osgi\\.command\\.function=(\\w+)\"");

    private GogoCommandNames() {
    }

    /**
     * @param root the repository root
     * @return the command names, in declaration order
     * @throws IllegalStateException when no main source declares the scope or it names no function
     */
    static Set<String> of(Path root) {
        Set<String> names = new LinkedHashSet<>();
        for (Path file : mainSources(root)) {
            String text = read(file);
            if (text.contains("\"" + SCOPE + "\"")) {
                Matcher m = FUNCTION.matcher(text);
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        if (names.isEmpty()) {
            throw new IllegalStateException("no main source declares \"" + SCOPE + "\" with osgi.command.function"
                    + " properties: where are the devtools' Gogo commands now? (adapt GogoCommandNames)");
        }
        return names;
    }

    private static List<Path> mainSources(Path root) {
        try (Stream<Path> modules = Files.list(root)) {
            List<Path> sourceRoots = modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).sorted().toList();
            List<Path> files = new ArrayList<>();
            for (Path sourceRoot : sourceRoots) {
                try (Stream<Path> walk = Files.walk(sourceRoot)) {
                    walk.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
                }
            }
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the modules' main sources", e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
