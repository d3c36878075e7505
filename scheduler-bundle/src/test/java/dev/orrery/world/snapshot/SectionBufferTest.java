package dev.orrery.world.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@link SectionBuffer}: the bytes, length and CRC-32 of what was written, across its chunks. */
@Tag("engine-independent")
class SectionBufferTest {
    @Test
    void keepsTheBytesTheirLengthAndChecksumAcrossChunks() throws IOException {
        Random random = new Random(7);
        SectionBuffer buffer = new SectionBuffer();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        int total = 0;
        while (total < 5 * SectionBuffer.MAX_CHUNK) {
            if (random.nextInt(4) == 0) {
                int b = random.nextInt(256);
                buffer.write(b);
                expected.write(b);
                total++;
            } else {
                byte[] block = new byte[random.nextInt(3 * SectionBuffer.MAX_CHUNK / 2)];
                random.nextBytes(block);
                int off = block.length == 0 ? 0 : random.nextInt(block.length);
                buffer.write(block, off, block.length - off);
                expected.write(block, off, block.length - off);
                total += block.length - off;
            }
        }
        byte[] bytes = expected.toByteArray();
        CRC32 crc = new CRC32();
        crc.update(bytes);
        assertEquals(bytes.length, buffer.size());
        assertEquals(crc.getValue(), buffer.crc());
        assertArrayEquals(bytes, buffer.toByteArray());
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        buffer.writeTo(written);
        assertArrayEquals(bytes, written.toByteArray());
    }

    @Test
    void aBufferAfterAReleasedOneHoldsOnlyItsOwnBytes() throws IOException {
        SnapshotBuffers shared = SnapshotBuffers.upTo(8L * SectionBuffer.MAX_CHUNK);
        SectionBuffer first = new SectionBuffer(shared);
        byte[] ones = new byte[3 * SectionBuffer.MAX_CHUNK];
        java.util.Arrays.fill(ones, (byte) 1);
        first.write(ones, 0, ones.length);
        first.release();
        assertEquals(0, first.size());
        assertEquals(3L * SectionBuffer.MAX_CHUNK, shared.keptBytes(), "the three full chunks are kept");
        SectionBuffer second = new SectionBuffer(shared);
        byte[] twos = new byte[2 * SectionBuffer.MAX_CHUNK + 5];
        java.util.Arrays.fill(twos, (byte) 2);
        second.write(twos, 0, twos.length);
        assertArrayEquals(twos, second.toByteArray());
        CRC32 crc = new CRC32();
        crc.update(twos);
        assertEquals(crc.getValue(), second.crc());
        second.release();
    }

    @Test
    void anEmptyBufferIsEmpty() throws IOException {
        SectionBuffer buffer = new SectionBuffer();
        assertEquals(0, buffer.size());
        assertEquals(new CRC32().getValue(), buffer.crc());
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        buffer.writeTo(written);
        assertEquals(0, written.size());
    }
}
