package dev.orrery.demo.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The fenced code blocks of the checked documents ({@link Readme#FILES}), with the marker line before
 * each. Console blocks (no language, {@code sh}, {@code text}, {@code console}) are the examples a test
 * runs; code blocks ({@code java}, {@code xml}) are compiled elsewhere or shown as API, and a marked
 * one is an excerpt of a compiled source ({@link DocBlocksTest#CODE_FROM}).
 */
final class DocBlocks {
    private static final Set<String> CONSOLE = Set.of("", "sh", "text", "console");
    private static final String MARKER = "<!-- checked: ";

    /**
     * @param file the document, relative to the repository
     * @param line the block's opening fence line, 1-based
     * @param language the fence's language ({@code ""} when none)
     * @param name the name of its {@code <!-- checked: NAME -->} marker, or null when the line before has none
     */
    record Block(String file, int line, String language, String name) {
        boolean console() {
            return CONSOLE.contains(language);
        }

        @Override
        public String toString() {
            return file + ":" + line + " (```" + language + ")";
        }
    }

    private DocBlocks() {
    }

    /**
     * @param name a {@code <!-- checked: NAME -->} marker's name
     * @return the lines of the block after that marker, as written (indentation kept)
     * @throws AssertionError if no block carries that marker
     */
    static List<String> body(String name) throws IOException {
        for (Block b : all()) {
            if (name.equals(b.name())) {
                List<String> lines = Files.readAllLines(DemoProcess.REPO.resolve(b.file()));
                List<String> body = new ArrayList<>();
                for (int i = b.line(); i < lines.size() && !lines.get(i).strip().startsWith("```"); i++) {
                    body.add(lines.get(i));
                }
                return body;
            }
        }
        throw new AssertionError(Readme.FILES + " have no block after <!-- checked: " + name + " -->");
    }

    /** @return every fenced block of the checked documents, in file and line order */
    static List<Block> all() throws IOException {
        List<Block> blocks = new ArrayList<>();
        for (String file : Readme.FILES) {
            List<String> lines = Files.readAllLines(DemoProcess.REPO.resolve(file));
            boolean open = false;
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i).strip();
                if (!l.startsWith("```")) {
                    continue;
                }
                if (!open) {
                    String before = i > 0 ? lines.get(i - 1).strip() : "";
                    String name = before.startsWith(MARKER) && before.endsWith(" -->")
                            ? before.substring(MARKER.length(), before.length() - 4) : null;
                    blocks.add(new Block(file, i + 1, l.substring(3).strip(), name));
                }
                open = !open;
            }
        }
        return blocks;
    }
}
