package dev.orrery.plugin.console.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The built console bundle exports exactly its API package, at its declared version, in OSGi and as a
 * JPMS module, and its module finds the JDK server through the API's service seam.
 */
class ConsoleExportsIT {
    private static final String API = "dev.orrery.plugin.console";

    private static JarFile jar() throws Exception {
        String path = System.getProperty("orrery.itest.console");
        assertNotNull(path, "system property orrery.itest.console (the console jar) is not set; run through failsafe");
        return new JarFile(path);
    }

    /** @return the parts of a manifest header between {@code sep}s that are not inside double quotes */
    private static List<String> split(String header, char sep) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (char c : header.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == sep && !quoted) {
                parts.add(part.toString().trim());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        parts.add(part.toString().trim());
        return parts;
    }

    /** @return package name to its version attribute (empty when none) of an Export-Package header */
    private static Map<String, String> exports(String header) {
        Map<String, String> out = new TreeMap<>();
        for (String clause : split(header, ',')) {
            List<String> parts = split(clause, ';');
            String version = parts.stream().filter(p -> p.startsWith("version=")).findFirst()
                    .map(p -> p.substring("version=".length()).replace("\"", "")).orElse("");
            out.put(parts.get(0), version);
        }
        return out;
    }

    @Test
    @DisplayName("Export-Package is exactly dev.orrery.plugin.console 0.2.0; internal.web, internal.jdk and internal.osgi stay private")
    void bundleExportsOnlyTheApi() throws Exception {
        try (JarFile jar = jar()) {
            String header = jar.getManifest().getMainAttributes().getValue("Export-Package");
            assertEquals(Map.of(API, "0.2.0"), exports(header), header);
        }
    }

    @Test
    @DisplayName("the JPMS module exports only the API, uses the server factory and provides it from internal.jdk")
    void moduleExportsOnlyTheApi() throws Exception {
        try (JarFile jar = jar(); InputStream in = jar.getInputStream(jar.getEntry("module-info.class"))) {
            ModuleDescriptor d = ModuleDescriptor.read(in);
            Set<String> exported = d.exports().stream().map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(Set.of(API), exported);
            assertEquals(Set.of(API + ".ConsoleHttpServerFactory"), d.uses().stream()
                    .filter(u -> u.startsWith(API)).collect(Collectors.toSet()));
            List<String> providers = d.provides().stream().filter(p -> p.service().equals(API + ".ConsoleHttpServerFactory"))
                    .flatMap(p -> p.providers().stream()).collect(Collectors.toList());
            assertEquals(Arrays.asList(API + ".internal.jdk.JdkConsoleServerFactory"), providers);
        }
    }
}
