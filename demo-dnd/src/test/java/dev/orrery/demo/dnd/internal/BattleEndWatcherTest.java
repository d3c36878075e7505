package dev.orrery.demo.dnd.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BattleEndWatcherTest {
    @Test
    @DisplayName("orrery.demo.report: commands separated by ';', blanks dropped; absent or blank gives the default report")
    void reportCommands() {
        assertEquals(List.of("systems", "explain dnd/ai dnd/turn-driver"),
                BattleEndWatcher.report(" systems ;; explain dnd/ai dnd/turn-driver ;"));
        assertEquals(BattleEndWatcher.REPORT, BattleEndWatcher.report(null));
        assertEquals(BattleEndWatcher.REPORT, BattleEndWatcher.report("  "));
    }

    @Test
    @DisplayName("orrery.demo.report=@file: one command per line; an unreadable file is named")
    void reportFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("commands.txt"), "systems\n\nexplain dnd/ai dnd/turn-driver\n");
        assertEquals(List.of("systems", "explain dnd/ai dnd/turn-driver"), BattleEndWatcher.report("@" + file));
        Path missing = dir.resolve("missing.txt");
        String message = assertThrows(IllegalArgumentException.class, () -> BattleEndWatcher.report("@" + missing)).getMessage();
        assertEquals(true, message.startsWith("orrery.demo.report: cannot read the command file " + missing + ": "), message);
    }
}
