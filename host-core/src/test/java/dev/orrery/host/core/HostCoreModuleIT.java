package dev.orrery.host.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Plugin;
import dev.orrery.testsupport.log.CapturedLog;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The built host-core jar is a JPMS module that runs a host in a module layer holding only it and the
 * scheduler (parent: the platform class loader, so no OSGi class is visible): what the JPMS front end
 * does. Run by failsafe after {@code package}. Beyond the spec (Orrery's own).
 */
class HostCoreModuleIT {
    private static Path coreJar() {
        Path jar = Path.of(System.getProperty("host-core.jar", "target/missing.jar"));
        assertTrue(Files.isRegularFile(jar), "the built jar is missing: " + jar);
        return jar;
    }

    private static Path schedulerJar() throws Exception {
        Path p = Path.of(Plugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isRegularFile(p), "scheduler-bundle must be on the classpath as its built jar, was " + p);
        return p;
    }

    @Test
    void theModuleExportsTheApiAndTheFrontEndSpiRequiresOnlyTheSchedulerAndProvidesItsEngine() {
        ModuleDescriptor d = ModuleFinder.of(coreJar()).findAll().iterator().next().descriptor();
        assertEquals("dev.orrery.host", d.name());
        assertEquals(Set.of("dev.orrery.host", "dev.orrery.host.core"),
                d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
        assertEquals(Set.of("dev.orrery.scheduler", "java.base"), d.requires().stream()
                .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet()));
        // The seam between the front-end SPI and the engine: HostCore.create's ServiceLoader lookup.
        assertEquals(Set.of("dev.orrery.host.core.HostCoreFactory"), d.uses());
        assertEquals(Set.of("dev.orrery.host.core.HostCoreFactory with [dev.orrery.host.internal.EngineFactory]"),
                d.provides().stream().map(p -> p.service() + " with " + p.providers()).collect(Collectors.toSet()));
    }

    @Test
    void aHostRunsInAModuleLayerWithoutOsgi() throws Exception {
        ModuleFinder finder = ModuleFinder.of(coreJar(), schedulerJar());
        ModuleLayer boot = ModuleLayer.boot();
        Configuration cf = boot.configuration().resolve(finder, ModuleFinder.of(), Set.of("dev.orrery.host"));
        ModuleLayer layer = boot.defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
        ClassLoader loader = layer.findLoader("dev.orrery.host");
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass("org.osgi.framework.Bundle"));
        Class<?> hostCore = loader.loadClass("dev.orrery.host.core.HostCore");
        Class<?> frontEnd = loader.loadClass("dev.orrery.host.core.FrontEnd");
        assertTrue(hostCore != HostCore.class, "the layer's own copy, not the class path's");

        List<String> stops = new CopyOnWriteArrayList<>();
        CountDownLatch stopped = new CountDownLatch(1);
        Object front = Proxy.newProxyInstance(loader, new Class<?>[] {frontEnd}, (proxy, method, args) -> {
            if (method.getName().equals("stopApplication")) {
                stops.add((String) args[0]);
                stopped.countDown();
                return null;
            }
            if (method.isDefault()) {
                return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
            }
            return switch (method.getName()) {
                case "toString" -> "front end";
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> throw new UnsupportedOperationException(method.getName());
            };
        });
        Function<String, String> noProperties = k -> null;
        Class<?> settingsType = loader.loadClass("dev.orrery.host.HostSettings");
        Object settings = loader.loadClass("dev.orrery.host.core.HostSettingsParser").getMethod("parse", Map.class,
                Function.class).invoke(null, Map.of("mode", "fixed", "rate", 0, "frames", 4, "stopFrameworkWhenDone", true,
                "quietMillis", 0), noProperties);
        // HostCore.create finds the engine with ServiceLoader: the module's uses and provides clauses.
        Method create = hostCore.getMethod("create", settingsType, frontEnd, System.Logger.class);
        Object host = create.invoke(null, settings, front, CapturedLog.create().logger());
        try {
            hostCore.getMethod("start").invoke(host);
            hostCore.getMethod("requestRebuild").invoke(host);
            assertTrue(stopped.await(10, TimeUnit.SECONDS), "the frame budget never ended the run");
            assertEquals(List.of("the frame budget"), stops);
            Object status = hostCore.getMethod("status").invoke(host);
            assertEquals(4L, status.getClass().getMethod("frames").invoke(status));
        } finally {
            hostCore.getMethod("stop").invoke(host);
        }
    }
}
