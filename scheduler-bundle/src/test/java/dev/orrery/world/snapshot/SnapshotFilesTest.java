package dev.orrery.world.snapshot;

import static dev.orrery.world.snapshot.SnapshotWorlds.assertSameState;
import static dev.orrery.world.snapshot.SnapshotWorlds.definitions;
import static dev.orrery.world.snapshot.SnapshotWorlds.populated;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Tag("engine-independent")
class SnapshotFilesTest {
    @TempDir
    Path dir;

    private static SnapshotOptions format(SnapshotFormat f) {
        return SnapshotOptions.builder().format(f).build();
    }

    @Test
    void aSecondSaveKeepsThePreviousOneAsOldAndLeavesNoTemporaryFile() throws Exception {
        Path file = dir.resolve("world.orrery");
        World first = populated(50, 1);
        SnapshotFiles.save(first, file, SnapshotOptions.defaults());
        byte[] firstBytes = Files.readAllBytes(file);
        World second = populated(60, 2);
        SnapshotFiles.save(second, file, SnapshotOptions.defaults());
        assertArrayEquals(firstBytes, Files.readAllBytes(SnapshotFiles.previous(file)));
        assertFalse(Files.exists(dir.resolve("world.orrery.tmp")));

        World restored = new World();
        SnapshotFiles.restore(file, restored, definitions());
        assertSameState(second, restored);
        World older = new World();
        SnapshotFiles.restore(SnapshotFiles.previous(file), older, definitions());
        assertSameState(first, older);
    }

    @Test
    void aCodecThatFailsWhileEncodingLeavesTheTargetAndNoTemporaryFile() throws Exception {
        Path file = dir.resolve("world.orrery");
        SnapshotFiles.save(populated(20, 1), file, SnapshotOptions.defaults());
        byte[] before = Files.readAllBytes(file);
        dev.orrery.world.Trait<SnapshotWorlds.Score> failing = dev.orrery.world.Trait.<SnapshotWorlds.Score>builder("test/failing")
                .defaultValue(new SnapshotWorlds.Score(0))
                .persistent(1, dev.orrery.world.TraitCodec.of(s -> { throw new IllegalStateException("no"); }, t -> null, s -> s))
                .build();
        World w = populated(20, 2);
        w.spawn(failing.with(new SnapshotWorlds.Score(1)));
        WorldSnapshot capture = WorldSnapshot.capture(w, SnapshotOptions.defaults());
        assertThrows(IllegalArgumentException.class, () -> SnapshotFiles.write(file, capture));
        assertArrayEquals(before, Files.readAllBytes(file), "the target is unchanged");
        assertFalse(Files.exists(dir.resolve("world.orrery.tmp")));
        assertFalse(Files.exists(dir.resolve("world.orrery.old.tmp")));
    }

    @Test
    void aFileHoldsTheBytesTheStreamGets() throws Exception {
        Path file = dir.resolve("world.orrery");
        for (SnapshotFormat f : SnapshotFormat.values()) {
            WorldSnapshot capture = WorldSnapshot.capture(populated(300, 3), format(f));
            java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
            capture.writeTo(stream);
            SnapshotFiles.write(file, capture);
            assertArrayEquals(stream.toByteArray(), Files.readAllBytes(file), f.toString());
        }
    }

    @Test
    void aWriteAfterOneThatStoppedHalfWayKeepsTheLastCompleteSaveAsOld() throws Exception {
        Path file = dir.resolve("world.orrery");
        Path old = SnapshotFiles.previous(file);
        SnapshotFiles.save(populated(20, 1), file, SnapshotOptions.defaults());
        World second = populated(30, 2);
        SnapshotFiles.save(second, file, SnapshotOptions.defaults());
        byte[] secondBytes = Files.readAllBytes(file);
        // What a write that died after keeping the previous save leaves: NAME.old is a link to the
        // target, with a half-written NAME.tmp and a NAME.old.tmp from the step before.
        Files.delete(old);
        Files.createLink(old, file);
        Files.write(dir.resolve("world.orrery.tmp"), Arrays.copyOf(secondBytes, 100));
        Files.write(dir.resolve("world.orrery.old.tmp"), new byte[] {1, 2, 3});

        World third = populated(40, 3);
        SnapshotFiles.save(third, file, SnapshotOptions.defaults());
        assertArrayEquals(secondBytes, Files.readAllBytes(old), "the old file is the last complete save");
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertEquals(java.util.List.of("world.orrery", "world.orrery.old"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary files are left");
        }
        World restored = new World();
        SnapshotFiles.restore(file, restored, definitions());
        assertSameState(third, restored);

        // A write that died between linking NAME.old.tmp and renaming it: the next one renames anew.
        byte[] thirdBytes = Files.readAllBytes(file);
        Files.createLink(dir.resolve("world.orrery.old.tmp"), file);
        SnapshotFiles.save(second, file, SnapshotOptions.defaults());
        assertArrayEquals(thirdBytes, Files.readAllBytes(old));
        assertFalse(Files.exists(dir.resolve("world.orrery.old.tmp")));
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void aTruncatedFileNamesItsSectionAndLeavesTheWorldUntouched(SnapshotFormat f) throws Exception {
        Path file = dir.resolve("save-" + f.id());
        SnapshotFiles.save(populated(200, 3), file, format(f));
        byte[] whole = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(whole, whole.length - 40));

        World target = populated(30, 9);
        byte[] before = SnapshotWorlds.save(target, SnapshotOptions.defaults());
        SnapshotException e = assertThrows(SnapshotException.class, () -> SnapshotFiles.restore(file, target, definitions()));
        assertEquals("entities", e.section());
        assertTrue(e.getMessage().startsWith(file + ": section 'entities' is truncated ("), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
        assertArrayEquals(before, SnapshotWorlds.save(target, SnapshotOptions.defaults()), "the world is untouched");
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void aDamagedByteNamesItsSectionByChecksum(SnapshotFormat f) throws Exception {
        Path file = dir.resolve("save-" + f.id());
        SnapshotFiles.save(populated(200, 4), file, format(f));
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int world = text.indexOf("section world ");
        int at = text.indexOf('\n', world) + 3; // inside the world section's payload
        bytes[at] ^= 0x20;
        Files.write(file, bytes);

        World target = new World();
        SnapshotException e = assertThrows(SnapshotException.class, () -> SnapshotFiles.restore(file, target, definitions()));
        assertEquals("world", e.section());
        assertTrue(e.getMessage().matches(java.util.regex.Pattern.quote(file.toString())
                + ": section 'world' is damaged \\(checksum [0-9a-f]{8}, expected [0-9a-f]{8}\\)"), e.getMessage());
        assertEquals(0, target.entityCount());
    }

    @Test
    void otherInputsAreToldApartInOneLine() {
        World w = new World();
        assertEquals("in: is not an Orrery world snapshot (first line 'hello')",
                restoreFails("hello\n", w).getMessage());
        assertEquals("in: has snapshot format 9; this Orrery reads format 1 (written by a newer Orrery)",
                restoreFails("orrery-world 9 json\n", w).getMessage());
        assertEquals("in: section 'header' is missing: the file is truncated",
                restoreFails("orrery-world 1 json\n", w).getMessage());
        assertEquals("in: section 'header' is not valid JSON: Unexpected close marker ']': no open Array to close",
                restoreFails("orrery-world 1 json\n" + section("header", "]") + section("allocator", "{}")
                        + section("world", "[]") + section("entities", "[]") + "end\n", w).getMessage().replaceAll(" at .*", ""));
        assertEquals("in: is damaged after section 'entities' (expected the end line)",
                restoreFails("orrery-world 1 json\n" + section("header", "]") + section("allocator", "{}")
                        + section("world", "[]") + section("entities", "[]") + "end\nmore", w).getMessage());
    }

    private static SnapshotException restoreFails(String input, World w) {
        return assertThrows(SnapshotException.class, () -> WorldSnapshot.restore(
                new ByteArrayInputStream(input.getBytes(StandardCharsets.US_ASCII)), w,
                SnapshotOptions.builder().source("in").build()));
    }

    private static String section(String name, String payload) {
        return "section " + name + " " + payload.length() + " " + crc(payload) + "\n" + payload + "\n";
    }

    private static String crc(String s) {
        java.util.zip.CRC32 c = new java.util.zip.CRC32();
        c.update(s.getBytes(StandardCharsets.US_ASCII));
        return String.format("%08x", c.getValue());
    }
}
