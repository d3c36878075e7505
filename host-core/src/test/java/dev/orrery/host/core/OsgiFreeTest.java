package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The host core references no OSGi or Felix type except the OSGi annotations (CLASS retention:
 * {@code @Export}, {@code @Version}, {@code @ProviderType}; bnd reads them, the JVM never loads them),
 * so it runs on the plain module or class path. Reads the constant pool of every class the module
 * compiled (JVMS 4.4) and looks for names of other {@code org.osgi} / {@code org.apache.felix} types.
 * Beyond the spec (Orrery's own): issue 15, the OSGi-free core.
 */
class OsgiFreeTest {
    /** An OSGi or Felix name, in internal ({@code org/osgi/...}) or binary form, other than the annotations. */
    private static final Pattern FORBIDDEN = Pattern.compile("org[/.]osgi[/.](?!annotation[/.])|org[/.]apache[/.]felix");

    @Test
    void noClassOfTheCoreReferencesAnOsgiTypeOtherThanTheAnnotations() throws IOException, URISyntaxException {
        Path classes = Path.of(HostCore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> files;
        try (Stream<Path> s = Files.walk(classes)) {
            files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
        assertTrue(files.size() > 30, "the core's classes were found in " + classes + ": " + files.size());
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            for (String name : utf8Constants(f)) {
                if (FORBIDDEN.matcher(name).find()) {
                    found.add(classes.relativize(f) + ": " + name);
                }
            }
        }
        assertEquals(List.of(), found, "OSGi/Felix references in the host core");
    }

    @Test
    void theScannerSeesAnnotationReferences() throws IOException, URISyntaxException {
        // HostCore carries @ProviderType: the scan must see it (else it would prove nothing).
        Path hostCore = Path.of(HostCore.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("dev/orrery/host/core/HostCore.class");
        assertTrue(utf8Constants(hostCore).contains("Lorg/osgi/annotation/versioning/ProviderType;"));
        assertTrue(FORBIDDEN.matcher("Lorg/osgi/framework/Bundle;").find());
        assertTrue(FORBIDDEN.matcher("org/apache/felix/fileinstall/ArtifactInstaller").find());
    }

    /** @return the CONSTANT_Utf8 entries of a class file: every class, descriptor and string name in it */
    private static List<String> utf8Constants(Path classFile) throws IOException {
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
