package dev.orrery.world.snapshot;

import static dev.orrery.world.snapshot.SnapshotWorlds.populated;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link SnapshotBuffers}: the memory repeated saves reuse, its bound, and that it changes no byte. */
@Tag("engine-independent")
class SnapshotBuffersTest {
    private static final int CHUNK = SnapshotBuffers.CHUNK;

    @TempDir
    Path dir;

    @Test
    void aGivenChunkIsTakenAgain() {
        SnapshotBuffers buffers = SnapshotBuffers.upTo(4L * CHUNK);
        byte[] chunk = buffers.take();
        assertEquals(CHUNK, chunk.length);
        buffers.give(chunk);
        assertEquals(CHUNK, buffers.keptBytes());
        assertSame(chunk, buffers.take());
        assertEquals(0, buffers.keptBytes());
    }

    @Test
    void theyKeepNoMoreThanTheirBound() {
        SnapshotBuffers buffers = SnapshotBuffers.upTo(2L * CHUNK + CHUNK / 2);
        for (int i = 0; i < 5; i++) {
            buffers.give(new byte[CHUNK]);
        }
        assertEquals(2L * CHUNK, buffers.keptBytes(), "rounded down to whole chunks");
        buffers.give(new byte[CHUNK / 2]);
        assertEquals(2L * CHUNK, buffers.keptBytes(), "a smaller array is not kept");
    }

    @Test
    void noneKeepsNothing() {
        SnapshotBuffers none = SnapshotBuffers.none();
        none.give(new byte[CHUNK]);
        assertEquals(0, none.keptBytes());
        assertEquals(0, SnapshotBuffers.upTo(CHUNK - 1).keptBytes());
    }

    @Test
    void aNegativeBoundIsRefusedWithItsValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnapshotBuffers.upTo(-1));
        assertEquals("SnapshotBuffers.upTo: bytes is -1; give 0 or more", e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(SnapshotFormat.class)
    void savesWithBuffersWriteTheBytesOfSavesWithout(SnapshotFormat format) throws Exception {
        SnapshotOptions options = SnapshotOptions.builder().format(format).build();
        World world = populated(3_000, 5);
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        WorldSnapshot.capture(world, options).writeTo(plain);

        SnapshotBuffers buffers = SnapshotBuffers.upTo(64L * CHUNK);
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        WorldSnapshot.capture(world, options).writeTo(first, buffers);
        assertTrue(buffers.keptBytes() > 0, "the first save leaves its full-size chunks: " + buffers);
        long kept = buffers.keptBytes();
        ByteArrayOutputStream second = new ByteArrayOutputStream();
        WorldSnapshot.capture(world, options).writeTo(second, buffers);
        assertEquals(kept, buffers.keptBytes(), "the second save takes and gives back the same chunks");
        assertArrayEquals(plain.toByteArray(), first.toByteArray());
        assertArrayEquals(plain.toByteArray(), second.toByteArray(), "reused chunks hold no bytes of the last save");
    }

    @Test
    void aFileWrittenWithBuffersIsTheFileWrittenWithout() throws Exception {
        World world = populated(2_000, 3);
        SnapshotBuffers buffers = SnapshotBuffers.upTo(64L * CHUNK);
        Path plain = dir.resolve("plain.orrery");
        Path buffered = dir.resolve("buffered.orrery");
        SnapshotFiles.write(plain, WorldSnapshot.capture(world, SnapshotOptions.defaults()));
        SnapshotFiles.write(buffered, WorldSnapshot.capture(world, SnapshotOptions.defaults()), buffers);
        SnapshotFiles.write(buffered, WorldSnapshot.capture(world, SnapshotOptions.defaults()), buffers);
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(buffered));
        assertFalse(Files.exists(dir.resolve("buffered.orrery.tmp")));
    }

    @Test
    void nullBuffersAreNamed() {
        WorldSnapshot snapshot = WorldSnapshot.capture(new World(), SnapshotOptions.defaults());
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> snapshot.writeTo(new ByteArrayOutputStream(), null));
        assertEquals("WorldSnapshot.writeTo: buffers is null", e.getMessage());
        NullPointerException f = assertThrows(NullPointerException.class,
                () -> SnapshotFiles.write(dir.resolve("w.orrery"), snapshot, null));
        assertEquals("SnapshotFiles.write: buffers is null", f.getMessage());
    }
}
