package com.example.counter.v2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.orrery.schedule.Plugin;
import dev.orrery.testkit.paxexam.TestBundle;
import java.io.File;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * Builds version 2.0.0 of the plugin (bundle com.example.counter, package com.example.counter.v2) with
 * the test kit's TestBundle, on the class path before the framework starts: the in-framework
 * CounterPluginTest updates the plugin to it (test.bndrun: counter.v2).
 */
class V2BundleTest {
    @Test
    void buildsVersion2OfThePlugin() throws Exception {
        File jar = TestBundle.builder("com.example.counter").version("2.0.0").privatePackages("com.example.counter.v2")
                .classpathOf(CounterPluginV2.class, Plugin.class).build().writeTo(new File("target/v2/counter-v2.jar"));
        try (JarFile f = new JarFile(jar)) {
            assertEquals("2.0.0", f.getManifest().getMainAttributes().getValue("Bundle-Version"));
            assertNotNull(f.getManifest().getMainAttributes().getValue("Service-Component"));
        }
    }
}
