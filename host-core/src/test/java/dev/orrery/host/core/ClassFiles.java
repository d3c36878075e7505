package dev.orrery.host.core;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The compiled classes of this module, read as class files (JVMS 4.4): for the tests that check what
 * the classes reference ({@link OsgiFreeTest}, {@link PackageStructureTest}) without loading them.
 */
final class ClassFiles {
    private ClassFiles() {
    }

    /** @return the folder (or jar) this module's main classes were loaded from */
    static Path root() throws URISyntaxException {
        return Path.of(HostCore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** @return every class file under {@link #root()}, sorted */
    static List<Path> all() throws IOException, URISyntaxException {
        try (Stream<Path> s = Files.walk(root())) {
            return s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
    }

    /**
     * @param classFile a class file
     * @return its CONSTANT_Utf8 entries: every class, descriptor and string name in it
     * @throws IOException if it cannot be read or is not a class file
     */
    static List<String> utf8Constants(Path classFile) throws IOException {
        try (InputStream raw = Files.newInputStream(classFile); DataInputStream in = new DataInputStream(raw)) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file: " + classFile);
            }
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            int count = in.readUnsignedShort();
            List<String> out = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> out.add(in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                    case 15 -> in.skipBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++; // 8-byte constants take two entries
                    }
                    default -> throw new IOException("unknown constant tag " + tag + " in " + classFile);
                }
            }
            return out;
        }
    }
}
