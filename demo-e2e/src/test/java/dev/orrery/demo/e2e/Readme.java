package dev.orrery.demo.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The README's console examples that tests keep true: a fenced code block right after a line
 * {@code <!-- checked: NAME -->}. A test runs what the example shows and checks that every line of the
 * block appears in the real output, in the same order, other lines in between allowed. In an example
 * line, {@code ...} stands for any text (a line of only {@code ...} is skipped); times of day
 * ({@code 18:43:20.646}), dates and rebuild times ({@code in 1.34 ms}) may differ; trailing blanks
 * and terminal escape codes (of a run under {@code script}) do not count.
 */
final class Readme {
    private static final Pattern ESCAPES = Pattern.compile("\u001b(\\[[0-9;?]*[A-Za-z]|[=>])");
    private static final Pattern TIME = Pattern.compile("\\d\\d:\\d\\d:\\d\\d\\.\\d{3}");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d\\d-\\d\\d");
    private static final Pattern MILLIS = Pattern.compile("in \\d+\\.\\d+ ms");

    private Readme() {
    }

    /**
     * @param name the example's name
     * @return the lines of its code block
     * @throws IOException if README.md cannot be read
     * @throws AssertionError if there is no such example
     */
    static List<String> example(String name) throws IOException {
        List<String> readme = Files.readAllLines(DemoProcess.REPO.resolve("README.md"));
        int at = readme.indexOf("<!-- checked: " + name + " -->");
        if (at < 0 || at + 1 >= readme.size() || !readme.get(at + 1).startsWith("```")) {
            throw new AssertionError("README.md has no example '" + name + "' (a code block after <!-- checked: " + name + " -->)");
        }
        List<String> lines = new ArrayList<>();
        for (int i = at + 2; i < readme.size() && !readme.get(i).startsWith("```"); i++) {
            lines.add(readme.get(i));
        }
        return lines;
    }

    /**
     * @param example the example's lines
     * @param output the real output
     * @throws AssertionError naming the first example line not found (in order), with both texts
     */
    static void assertAppearsIn(List<String> example, List<String> output) {
        int from = 0;
        for (String line : example) {
            if (line.strip().equals("...") || line.isBlank()) {
                continue;
            }
            Pattern p = pattern(line);
            int found = -1;
            for (int i = from; i < output.size(); i++) {
                if (p.matcher(normalize(output.get(i))).matches()) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                throw new AssertionError("README example line not in the output (after line " + from + "):\n  " + line
                        + "\nexample:\n" + String.join("\n", example) + "\noutput:\n" + String.join("\n", output));
            }
            from = found + 1;
        }
    }

    private static Pattern pattern(String exampleLine) {
        String[] parts = normalize(exampleLine).split("\\.\\.\\.", -1);
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                re.append(".*");
            }
            re.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(re.toString());
    }

    private static String normalize(String line) {
        String s = TIME.matcher(ESCAPES.matcher(line).replaceAll("").stripTrailing()).replaceAll("<time>");
        s = DATE.matcher(s).replaceAll("<date>");
        return MILLIS.matcher(s).replaceAll("in <t> ms");
    }
}
