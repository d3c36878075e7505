package dev.orrery.plugin.prefab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Plugin;
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Checks the built bundle (run by failsafe after {@code package}): its DS component and Plugin service
 * capability in the manifest, its module descriptor, and ServiceLoader on the plain module path.
 */
class PrefabBundleIT {
    private static final String COMPONENT = "dev.orrery.plugin.prefab.internal.PrefabPluginComponent";

    private static Path prefabJar() {
        Path jar = Path.of(System.getProperty("prefab.jar", "target/missing.jar"));
        assertTrue(Files.isRegularFile(jar), "the built jar is missing: " + jar);
        return jar;
    }

    private static Path schedulerJar() throws Exception {
        Path p = Path.of(Plugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isRegularFile(p), "scheduler-bundle must be on the classpath as its built jar, was " + p);
        return p;
    }

    @Test
    void theManifestDeclaresTheDsComponentAndThePluginServiceCapability() throws Exception {
        try (JarFile jar = new JarFile(prefabJar().toFile())) {
            Attributes main = jar.getManifest().getMainAttributes();
            assertEquals("dev.orrery.plugin.prefab", main.getValue("Bundle-SymbolicName"));
            String serviceComponent = main.getValue("Service-Component");
            assertEquals("OSGI-INF/" + COMPONENT + ".xml", serviceComponent);
            String xml;
            try (InputStream in = jar.getInputStream(jar.getEntry(serviceComponent))) {
                xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertTrue(xml.contains("<provide interface=\"dev.orrery.schedule.Plugin\"/>"), xml);
            assertTrue(xml.contains("<implementation class=\"" + COMPONENT + "\"/>"), xml);
            String provide = main.getValue("Provide-Capability");
            assertTrue(provide.startsWith("osgi.service;objectClass:List<String>=\"dev.orrery.schedule.Plugin\""), provide);
            assertTrue(provide.contains("osgi.serviceloader;osgi.serviceloader=\"dev.orrery.schedule.Plugin\""), provide);
            String require = main.getValue("Require-Capability");
            assertTrue(require.contains("(osgi.extender=osgi.component)"), require);
            assertTrue(require.contains("(osgi.extender=osgi.serviceloader.registrar)(version>=1.0.0)(!(version>=2.0.0)))\";"
                    + "resolution:=optional"), require);
            String exports = main.getValue("Export-Package");
            assertTrue(exports.startsWith("dev.orrery.plugin.prefab;version=\"0.2.0\""), exports);
            assertTrue(!exports.contains("internal"), exports);
            assertNotNull(jar.getEntry("META-INF/services/dev.orrery.schedule.Plugin"));
        }
    }

    @Test
    void theModuleDescriptorProvidesThePlugin() {
        ModuleDescriptor d = ModuleFinder.of(prefabJar()).findAll().iterator().next().descriptor();
        assertEquals("dev.orrery.plugin.prefab", d.name());
        assertEquals(Set.of("dev.orrery.plugin.prefab"),
                d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
        ModuleDescriptor.Provides provides = d.provides().iterator().next();
        assertEquals("dev.orrery.schedule.Plugin", provides.service());
        assertEquals(List.of(COMPONENT), provides.providers());
        assertTrue(d.requires().stream().anyMatch(r -> r.name().equals("dev.orrery.scheduler")));
    }

    @Test
    void serviceLoaderFindsThePluginOnThePlainModulePath() throws Exception {
        ModuleFinder finder = ModuleFinder.of(prefabJar(), schedulerJar());
        ModuleLayer boot = ModuleLayer.boot();
        // A host module would declare `uses dev.orrery.schedule.Plugin`; this test (unnamed module) may
        // use any service, so it resolves both modules as roots.
        Configuration cf = boot.configuration().resolve(finder, ModuleFinder.of(),
                Set.of("dev.orrery.scheduler", "dev.orrery.plugin.prefab"));
        ModuleLayer layer = boot.defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
        Class<?> pluginType = layer.findLoader("dev.orrery.scheduler").loadClass("dev.orrery.schedule.Plugin");
        List<?> providers = ServiceLoader.load(layer, pluginType).stream().map(ServiceLoader.Provider::get).toList();
        assertEquals(1, providers.size());
        Object plugin = providers.get(0);
        assertEquals(COMPONENT, plugin.getClass().getName());
        Method name = pluginType.getMethod("name");
        Method systems = pluginType.getMethod("systems");
        assertEquals("prefab", name.invoke(plugin));
        assertEquals(1, ((List<?>) systems.invoke(plugin)).size());
    }
}
