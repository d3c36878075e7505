package dev.orrery.demo.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The console examples of README.md and docs/plugin-guide.md that tests keep true: a fenced code block
 * right after a line {@code <!-- checked: NAME -->} (names are unique across both files; {@link
 * DocBlocksTest} requires the marker on every console block). A test runs what the example shows and checks that every line of the
 * block appears in the real output, in the same order, other lines in between allowed. In an example
 * line, {@code ...} stands for any text (a line of only {@code ...} is skipped); times of day
 * ({@code 18:43:20.646}), dates, build stamps ({@code 202611301920}) and rebuild times ({@code in 1.34 ms}) may differ; trailing blanks
 * and terminal escape codes (of a run under {@code script}) do not count.
 */
final class Readme {
    private static final Pattern ESCAPES = Pattern.compile("\u001b(\\[[0-9;?]*[A-Za-z]|[=>])");
    private static final Pattern TIME = Pattern.compile("\\d\\d:\\d\\d:\\d\\d\\.\\d{3}");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d\\d-\\d\\d");
    private static final Pattern MILLIS = Pattern.compile("in \\d+\\.\\d+ ms");
    private static final Pattern STAMP = Pattern.compile("\\b\\d{12}\\b");
    private static final Pattern NUMBER = Pattern.compile("\\d+(\\.\\d+)?");
    /** The files whose examples are checked, relative to the repository. */
    static final List<String> FILES = List.of("README.md", "docs/plugin-guide.md");

    private Readme() {
    }

    /**
     * @param name the example's name
     * @return the lines of its code block
     * @throws IOException if README.md cannot be read
     * @throws AssertionError if there is no such example
     */
    static List<String> example(String name) throws IOException {
        for (String file : FILES) {
            List<String> doc = Files.readAllLines(DemoProcess.REPO.resolve(file));
            int at = doc.indexOf("<!-- checked: " + name + " -->");
            if (at >= 0 && at + 1 < doc.size() && doc.get(at + 1).startsWith("```")) {
                List<String> lines = new ArrayList<>();
                for (int i = at + 2; i < doc.size() && !doc.get(i).startsWith("```"); i++) {
                    lines.add(doc.get(i));
                }
                return lines;
            }
        }
        throw new AssertionError(FILES + " have no example '" + name + "' (a code block after <!-- checked: " + name + " -->)");
    }

    /**
     * @param name the example's name: a block of shell commands
     * @return its commands: the lines without comments ({@code # ...}) and blank lines, continuation
     *     lines ({@code \\} at the end) joined
     * @throws IOException if a file cannot be read
     */
    static List<String> commands(String name) throws IOException {
        List<String> commands = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : example(name)) {
            String code = line.replaceAll("(^|\\s)#.*$", "").strip();
            if (code.endsWith("\\")) {
                current.append(code, 0, code.length() - 1).append(' ');
                continue;
            }
            current.append(code);
            String command = current.toString().strip().replaceAll("\\s+", " ");
            current.setLength(0);
            if (!command.isEmpty()) {
                commands.add(command);
            }
        }
        return commands;
    }

    /**
     * Like {@link #assertAppearsIn}, for examples whose numbers vary (timings): every number counts as
     * any number, runs of blanks as one blank and runs of dashes (a table's rule) as one dash.
     *
     * @param example the example's lines
     * @param output the real output
     */
    static void assertShapeAppearsIn(List<String> example, List<String> output) {
        assertAppearsIn(example.stream().map(Readme::shape).toList(), output.stream().map(Readme::shape).toList());
    }

    private static String shape(String line) {
        return NUMBER.matcher(line).replaceAll("<n>").replaceAll("-+", "-").replaceAll("\\s+", " ").strip();
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
        s = STAMP.matcher(s).replaceAll("<stamp>");
        return MILLIS.matcher(s).replaceAll("in <t> ms");
    }
}
