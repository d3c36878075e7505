package dev.orrery.plugin.devtools.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A table of text for a terminal: a header row, a rule of dashes, and the rows, each column as wide as
 * its widest cell, columns two spaces apart, numbers right-aligned, no trailing spaces. Widths count
 * {@code char}s, which is right for the names Orrery uses (no wide or combining characters). Mutable;
 * build, render once; used by {@link ReportText} only.
 */
final class TextTable {
    /** How a column's cells are aligned. */
    enum Align {
        /** Text: padded on the right. */
        LEFT,
        /** Numbers: padded on the left. */
        RIGHT
    }

    private final String[] headers;
    private final Align[] aligns;
    private final List<String[]> rows = new ArrayList<>();

    private TextTable(String[] headers, Align[] aligns) {
        this.headers = headers;
        this.aligns = aligns;
    }

    /**
     * @param headers the column headers; a header starting with {@code >} makes a right-aligned
     *     column (the {@code >} is not shown)
     * @return an empty table
     * @throws IllegalArgumentException if there is no header
     */
    static TextTable of(String... headers) {
        if (headers.length == 0) {
            throw new IllegalArgumentException("TextTable: at least one column header is needed");
        }
        String[] names = new String[headers.length];
        Align[] aligns = new Align[headers.length];
        for (int i = 0; i < headers.length; i++) {
            String h = Objects.requireNonNull(headers[i], "header");
            boolean right = h.startsWith(">");
            names[i] = right ? h.substring(1) : h;
            aligns[i] = right ? Align.RIGHT : Align.LEFT;
        }
        return new TextTable(names, aligns);
    }

    /**
     * Adds a row; values are shown with {@link String#valueOf(Object)}, null as empty, line breaks as
     * spaces.
     *
     * @param cells one value per column
     * @return this table
     * @throws IllegalArgumentException if the number of cells differs from the number of columns
     */
    TextTable row(Object... cells) {
        if (cells.length != headers.length) {
            throw new IllegalArgumentException("TextTable: row has " + cells.length + " cells, table has "
                    + headers.length + " columns " + Arrays.toString(headers));
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = cells[i] == null ? "" : String.valueOf(cells[i]).replace('\n', ' ').replace('\r', ' ');
        }
        rows.add(r);
        return this;
    }

    /** @return the number of rows added */
    int size() {
        return rows.size();
    }

    /** @return the table as lines ending with {@code \n} */
    String render() {
        int[] width = new int[headers.length];
        for (int i = 0; i < headers.length; i++) {
            width[i] = headers[i].length();
        }
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, width);
        String[] rule = new String[headers.length];
        for (int i = 0; i < rule.length; i++) {
            rule[i] = "-".repeat(width[i]);
        }
        line(out, rule, width);
        for (String[] r : rows) {
            line(out, r, width);
        }
        return out.toString();
    }

    private void line(StringBuilder out, String[] cells, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                line.append("  ");
            }
            String pad = " ".repeat(width[i] - cells[i].length());
            if (aligns[i] == Align.RIGHT) {
                line.append(pad).append(cells[i]);
            } else {
                line.append(cells[i]).append(pad);
            }
        }
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ') {
            end--;
        }
        out.append(line, 0, end).append('\n');
    }
}
