package dev.orrery.plugin.devtools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TextTableTest {
    @Test
    @DisplayName("columns as wide as their widest cell, two spaces apart, '>' columns right-aligned, no trailing spaces")
    void aligned() {
        String out = TextTable.of(">#", "name", ">µs", "note")
                .row(1, "a", 12.5, "")
                .row(10, "longer name", 3, null)
                .row(2, "multi\nline", 100, "x")
                .render();
        assertEquals("""
                 #  name           µs  note
                --  -----------  ----  ----
                 1  a            12.5
                10  longer name     3
                 2  multi line    100  x
                """, out);
    }

    @Test
    @DisplayName("a row with the wrong number of cells, or no columns, is refused")
    void bad_rows() {
        assertEquals("TextTable: row has 1 cells, table has 2 columns [a, b]",
                assertThrows(IllegalArgumentException.class, () -> TextTable.of("a", "b").row("x")).getMessage());
        assertThrows(IllegalArgumentException.class, TextTable::of);
    }
}
