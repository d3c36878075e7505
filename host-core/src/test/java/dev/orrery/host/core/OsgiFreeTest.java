package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The host core references no OSGi or Felix type except the OSGi annotations (CLASS retention:
 * {@code @Export}, {@code @Version}, {@code @ProviderType}; bnd reads them, the JVM never loads them),
 * so it runs on the plain module or class path. Reads the constant pool of every class the module
 * compiled ({@link ClassFiles}) and looks for names of other {@code org.osgi} / {@code org.apache.felix}
 * types. Beyond the spec (Orrery's own).
 */
class OsgiFreeTest {
    /** An OSGi or Felix name, in internal ({@code org/osgi/...}) or binary form, other than the annotations. */
    private static final Pattern FORBIDDEN = Pattern.compile("org[/.]osgi[/.](?!annotation[/.])|org[/.]apache[/.]felix");

    @Test
    void noClassOfTheCoreReferencesAnOsgiTypeOtherThanTheAnnotations() throws IOException, URISyntaxException {
        Path classes = ClassFiles.root();
        List<Path> files = ClassFiles.all();
        assertTrue(files.size() > 30, "the core's classes were found in " + classes + ": " + files.size());
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            for (String name : ClassFiles.utf8Constants(f)) {
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
        Path hostCore = ClassFiles.root().resolve("dev/orrery/host/core/HostCore.class");
        assertTrue(ClassFiles.utf8Constants(hostCore).contains("Lorg/osgi/annotation/versioning/ProviderType;"));
        assertTrue(FORBIDDEN.matcher("Lorg/osgi/framework/Bundle;").find());
        assertTrue(FORBIDDEN.matcher("org/apache/felix/fileinstall/ArtifactInstaller").find());
    }
}
