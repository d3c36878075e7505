package dev.orrery.world.snapshot;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The container of a snapshot: a first line naming the format, then named sections, each framed by a
 * line with its name, byte length and CRC-32, then an end line.
 *
 * <pre>
 * orrery-world 1 json
 * section header 412 3f6c0a1d
 * {…412 bytes…}
 * section allocator …
 * end
 * </pre>
 *
 * <p>Implementation notes. The framing is outside the JSON or CBOR documents so that a section's
 * checksum covers exactly its bytes as stored (no canonical re-encoding on read), a truncated file is
 * told from a damaged one by the length, and both are found before any document is parsed; the text
 * frame keeps a JSON snapshot readable and diffable, each section an indented document of its own.
 */
final class SectionFile {
    static final String MAGIC = "orrery-world";
    /** The container and section layout version this code writes and reads. */
    static final int FORMAT_VERSION = 1;
    private static final int MAX_LINE = 256;

    private SectionFile() {
    }

    /** A named section and its bytes. */
    record Section(String name, byte[] bytes) {
    }

    static void write(OutputStream out, SnapshotFormat format, List<Section> sections) throws IOException {
        out.write(ascii(MAGIC + " " + FORMAT_VERSION + " " + format.id() + "\n"));
        for (Section s : sections) {
            CRC32 crc = new CRC32();
            crc.update(s.bytes());
            out.write(frame(s.name(), s.bytes().length, crc.getValue()));
            out.write(s.bytes());
            out.write('\n');
        }
        out.write(ascii("end\n"));
        out.flush();
    }

    /**
     * Encoded sections, ready to be written: the bytes {@link #write(OutputStream, SnapshotFormat, List)}
     * writes for the same names and bytes.
     *
     * @param format the encoding named on the first line
     * @param names the section names, in file order
     * @param buffers their bytes, one per name
     */
    record Encoded(SnapshotFormat format, List<String> names, List<SectionBuffer> buffers) {
        /** Writes the container to {@code out} from the buffers, without copying them; flushes it. */
        void writeTo(OutputStream out) throws IOException {
            out.write(ascii(MAGIC + " " + FORMAT_VERSION + " " + format.id() + "\n"));
            for (int i = 0; i < names.size(); i++) {
                SectionBuffer b = buffers.get(i);
                out.write(frame(names.get(i), b.size(), b.crc()));
                b.writeTo(out);
                out.write('\n');
            }
            out.write(ascii("end\n"));
            out.flush();
        }

        /** Gives the buffers' memory back ({@link SectionBuffer#release}); nothing is written afterwards. */
        void release() {
            buffers.forEach(SectionBuffer::release);
        }
    }

    private static byte[] frame(String name, long length, long crc) {
        return ascii("section " + name + " " + length + " " + hex(crc) + "\n");
    }

    /** What {@link #read} found: the format and the sections by name, in file order. */
    record Contents(SnapshotFormat format, Map<String, byte[]> sections) {
    }

    /**
     * Reads and checks the whole container: every section's length and checksum, the end line.
     *
     * @param expected the section names, in order
     * @throws SnapshotException naming the source and the section at fault
     */
    static Contents read(InputStream in, String source, List<String> expected) throws IOException {
        String first = line(in, source, null);
        String[] magic = first == null ? new String[0] : first.split(" ");
        if (magic.length != 3 || !magic[0].equals(MAGIC)) {
            throw new SnapshotException(source, null, "is not an Orrery world snapshot (first line " + quote(first) + ")", null);
        }
        int version = parseInt(magic[1], source, null, "format version");
        if (version != FORMAT_VERSION) {
            throw new SnapshotException(source, null, "has snapshot format " + version + "; this Orrery reads format "
                    + FORMAT_VERSION + (version > FORMAT_VERSION ? " (written by a newer Orrery)" : ""), null);
        }
        SnapshotFormat format = SnapshotFormat.byId(magic[2]);
        if (format == null) {
            throw new SnapshotException(source, null, "has unknown encoding " + quote(magic[2]), null);
        }
        Map<String, byte[]> sections = new LinkedHashMap<>();
        for (String name : expected) {
            String header = line(in, source, name);
            if (header == null) {
                throw new SnapshotException(source, name, "is missing: the file is truncated", null);
            }
            String[] parts = header.split(" ");
            if (parts.length != 4 || !parts[0].equals("section") || !parts[1].equals(name)) {
                throw new SnapshotException(source, name, "is damaged: expected its frame line, found " + quote(header), null);
            }
            int length = parseInt(parts[2], source, name, "length");
            byte[] bytes = in.readNBytes(length);
            if (bytes.length < length) {
                throw new SnapshotException(source, name, "is truncated (" + bytes.length + " of " + length + " bytes)", null);
            }
            int newline = in.read();
            if (newline != '\n') {
                throw new SnapshotException(source, name, newline < 0 ? "is truncated (no line end)"
                        : "is damaged: its length does not match its frame", null);
            }
            CRC32 crc = new CRC32();
            crc.update(bytes);
            String actual = hex(crc.getValue());
            if (!actual.equals(parts[3])) {
                throw new SnapshotException(source, name, "is damaged (checksum " + actual + ", expected " + parts[3] + ")", null);
            }
            sections.put(name, bytes);
        }
        String end = line(in, source, null);
        if (end == null) {
            throw new SnapshotException(source, null, "is truncated after section '" + expected.get(expected.size() - 1) + "'", null);
        }
        if (!end.equals("end") || in.read() >= 0) {
            throw new SnapshotException(source, null, "is damaged after section '" + expected.get(expected.size() - 1)
                    + "' (expected the end line)", null);
        }
        return new Contents(format, sections);
    }

    /** @return the next line without its line end, or null at the end of the input */
    private static String line(InputStream in, String source, String section) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); ; c = in.read()) {
            if (c < 0) {
                if (b.size() == 0) {
                    return null;
                }
                throw new SnapshotException(source, section, "is truncated (in its frame line)", null);
            }
            if (c == '\n') {
                return b.toString(StandardCharsets.US_ASCII);
            }
            if (b.size() == MAX_LINE || c < 0x20 || c > 0x7e) {
                throw new SnapshotException(source, section, section == null
                        ? "is not an Orrery world snapshot (no frame line)" : "is damaged: its frame line is unreadable", null);
            }
            b.write(c);
        }
    }

    private static int parseInt(String s, String source, String section, String what) throws SnapshotException {
        try {
            int v = Integer.parseInt(s);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new SnapshotException(source, section, "is damaged: " + what + " " + quote(s) + " is not a number", null);
        }
    }

    private static String quote(String s) {
        return s == null ? "(none)" : "'" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "'";
    }

    private static String hex(long crc) {
        return String.format("%08x", crc);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
