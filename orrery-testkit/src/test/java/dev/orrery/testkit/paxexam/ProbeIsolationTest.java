package dev.orrery.testkit.paxexam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeIsolationTest {
    @Test
    void theProbeImportsThePlatformAndTheExtraPackagesButNeverEverything() {
        List<String> imports = Arrays.asList(ProbeIsolation.dynamicImports("com.example.model").split(","));
        assertFalse(imports.contains("*"), imports.toString());
        assertTrue(imports.containsAll(List.of("dev.orrery.host", "dev.orrery.schedule", "dev.orrery.world",
                "org.junit", "org.ops4j.pax.exam.*", "javax.*")), imports.toString());
        assertEquals("com.example.model", imports.get(imports.size() - 1));
    }

    @Test
    void aWildcardExtraImportIsRefusedBecauseItIsTheTrap() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProbeIsolation.dynamicImports(" * "));
        assertEquals("probe imports: ' * ' is not a package name; '*' would wire the probe to the plugin under test"
                + " (the probe trap)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProbeIsolation.dynamicImports(""));
    }
}
