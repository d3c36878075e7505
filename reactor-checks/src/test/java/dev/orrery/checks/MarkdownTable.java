package dev.orrery.checks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table of a Markdown page, found as the first table under a heading whose first header cell is a
 * given word. Cells are split at {@code |} not preceded by a backslash ({@code `a\|b`} stays one cell).
 *
 * @param where the page and heading, for messages (e.g. {@code README.md, "## Modules"})
 * @param rows the body rows (header and separator left out), each a list of trimmed cells
 */
record MarkdownTable(String where, List<List<String>> rows) {
    private static final Pattern CELL_SEPARATOR = Pattern.compile("(?<!\\\\)\\|");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    MarkdownTable {
        rows = rows.stream().map(List::copyOf).toList();
    }

    /**
     * @param page the page's path in the repository, e.g. {@code README.md}
     * @param heading the heading line, e.g. {@code ## Modules}; the section ends at the next heading of the
     *     same or a higher level
     * @param firstHeader the table's first header cell, e.g. {@code module}
     * @return the table
     * @throws IllegalStateException naming the page and heading when there is no such heading or table
     */
    static MarkdownTable under(String page, String heading, String firstHeader) {
        List<String> lines = Repository.read(page).lines().toList();
        String where = page + ", \"" + heading + "\"";
        int start = lines.indexOf(heading);
        if (start < 0) {
            throw new IllegalStateException(page + " has no heading \"" + heading + "\"");
        }
        int level = heading.indexOf(' ');
        for (int i = start + 1; i < lines.size() && !endsSection(lines.get(i), level); i++) {
            List<String> header = cells(lines.get(i));
            if (lines.get(i).startsWith("|") && !header.isEmpty() && header.get(0).equals(firstHeader)) {
                List<List<String>> rows = new ArrayList<>();
                for (int j = i + 2; j < lines.size() && lines.get(j).startsWith("|"); j++) {
                    rows.add(cells(lines.get(j)));
                }
                return new MarkdownTable(where, rows);
            }
        }
        throw new IllegalStateException(where + ": no table whose first header is \"" + firstHeader + "\"");
    }

    private static boolean endsSection(String line, int level) {
        int hashes = 0;
        while (hashes < line.length() && line.charAt(hashes) == '#') {
            hashes++;
        }
        return hashes > 0 && hashes <= level && line.length() > hashes && line.charAt(hashes) == ' ';
    }

    private static List<String> cells(String line) {
        String body = line.strip();
        if (!body.startsWith("|")) {
            return List.of();
        }
        body = body.substring(1, body.endsWith("|") && !body.endsWith("\\|") ? body.length() - 1 : body.length());
        return Arrays.stream(CELL_SEPARATOR.split(body, -1)).map(String::strip).toList();
    }

    /**
     * @param column the column, 0 for the first
     * @return every {@code `code`} text in that column's cells, in table order, each once
     */
    Set<String> codeIn(int column) {
        Set<String> out = new LinkedHashSet<>();
        for (List<String> row : rows) {
            if (column < row.size()) {
                Matcher m = CODE.matcher(row.get(column));
                while (m.find()) {
                    out.add(m.group(1).replace("\\|", "|"));
                }
            }
        }
        return out;
    }

    /**
     * @param column the column, 0 for the first
     * @return the first word of every {@code `code`} text in that column (e.g. {@code enable} for
     *     {@code `enable <system> [schedule]`}), in table order, each once
     */
    Set<String> firstWordsOfCodeIn(int column) {
        Set<String> out = new LinkedHashSet<>();
        for (String code : codeIn(column)) {
            out.add(code.strip().split("\\s+", 2)[0]);
        }
        return out;
    }
}
