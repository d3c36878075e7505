package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TerminalSizeTest {
    @Test
    @DisplayName("a size of 0 columns or rows is set to 80 columns, 24 rows; a real size is left alone")
    void zeroIsFixed() {
        assertEquals(Optional.of(List.of("cols", "80", "rows", "24")), TerminalSize.fix("0 0\n"));
        assertEquals(Optional.of(List.of("cols", "80")), TerminalSize.fix("50 0"));
        assertEquals(Optional.of(List.of("rows", "24")), TerminalSize.fix("0 132"));
        assertEquals(Optional.empty(), TerminalSize.fix("50 150\n"));
        assertEquals(Optional.empty(), TerminalSize.fix("stty: 'standard input': Inappropriate ioctl for device"));
    }
}
