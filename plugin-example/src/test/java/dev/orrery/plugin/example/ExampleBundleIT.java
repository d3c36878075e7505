package dev.orrery.plugin.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Plugin;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * Checks the built example bundle (run by failsafe after {@code package}): one jar that is a DS plugin
 * bundle for the host and a ServiceLoader provider on the plain module path.
 */
class ExampleBundleIT {
    private static final String COMPONENT = "dev.orrery.plugin.example.ClockPluginComponent";

    private static Path exampleJar() {
        Path jar = Path.of(System.getProperty("example.jar", "target/missing.jar"));
        assertTrue(Files.isRegularFile(jar), "the built jar is missing: " + jar);
        return jar;
    }

    private static Path schedulerJar() throws Exception {
        Path p = Path.of(Plugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isRegularFile(p), "scheduler-bundle must be on the classpath as its built jar, was " + p);
        return p;
    }

    @Test
    void theManifestDeclaresTheDsComponentAndAnOptionalServiceLoaderRegistrar() throws Exception {
        try (JarFile jar = new JarFile(exampleJar().toFile())) {
            Attributes main = jar.getManifest().getMainAttributes();
            assertEquals("dev.orrery.plugin.example", main.getValue("Bundle-SymbolicName"));
            assertEquals("OSGI-INF/" + COMPONENT + ".xml", main.getValue("Service-Component"));
            String provide = main.getValue("Provide-Capability");
            assertTrue(provide.contains("osgi.service;objectClass:List<String>=\"dev.orrery.schedule.Plugin\""), provide);
            assertTrue(provide.contains("osgi.serviceloader;osgi.serviceloader=\"dev.orrery.schedule.Plugin\""), provide);
            String require = main.getValue("Require-Capability");
            assertTrue(require.contains("(osgi.extender=osgi.serviceloader.registrar)(version>=1.0.0)(!(version>=2.0.0)))\";"
                    + "resolution:=optional"), require);
            assertNotNull(jar.getEntry("META-INF/services/dev.orrery.schedule.Plugin"));
        }
    }

    @Test
    void theModuleDescriptorProvidesThePlugin() {
        ModuleDescriptor d = ModuleFinder.of(exampleJar()).findAll().iterator().next().descriptor();
        assertEquals("dev.orrery.plugin.example", d.name());
        ModuleDescriptor.Provides provides = d.provides().iterator().next();
        assertEquals("dev.orrery.schedule.Plugin", provides.service());
        assertEquals(List.of(COMPONENT), provides.providers());
    }

    @Test
    void serviceLoaderFindsTheClockPluginOnThePlainModulePath() throws Exception {
        ModuleFinder finder = ModuleFinder.of(exampleJar(), schedulerJar());
        ModuleLayer boot = ModuleLayer.boot();
        // A host module would declare `uses dev.orrery.schedule.Plugin`; this test (unnamed module) may
        // use any service, so it resolves both modules as roots.
        Configuration cf = boot.configuration().resolve(finder, ModuleFinder.of(),
                Set.of("dev.orrery.scheduler", "dev.orrery.plugin.example"));
        ModuleLayer layer = boot.defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
        Class<?> pluginType = layer.findLoader("dev.orrery.scheduler").loadClass("dev.orrery.schedule.Plugin");
        List<?> providers = ServiceLoader.load(layer, pluginType).stream().map(ServiceLoader.Provider::get).toList();
        assertEquals(1, providers.size());
        Object plugin = providers.get(0);
        assertEquals(COMPONENT, plugin.getClass().getName());
        Method name = pluginType.getMethod("name");
        Method systems = pluginType.getMethod("systems");
        assertEquals("example", name.invoke(plugin));
        assertEquals(1, ((List<?>) systems.invoke(plugin)).size());
    }
}
