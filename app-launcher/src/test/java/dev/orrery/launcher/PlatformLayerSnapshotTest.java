package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JPMS mode's platform layer holds Jackson's core and CBOR modules with the scheduler, which reads
 * them ({@code requires static}), so a world saves and loads in JPMS mode out of the box.
 */
class PlatformLayerSnapshotTest {
    @Test
    void theSchedulerReadsJacksonAndAWorldSavesAndLoadsInTheLayer(@TempDir Path dir) throws Exception {
        for (String name : List.of("dev.orrery.world.World", "dev.orrery.host.GameHost", "dev.orrery.host.jpms.JpmsMain",
                "com.fasterxml.jackson.core.JsonFactory", "com.fasterxml.jackson.dataformat.cbor.CBORFactory",
                "com.fasterxml.jackson.databind.ObjectMapper", "com.fasterxml.jackson.annotation.JsonProperty")) {
            Class<?> c = Class.forName(name);
            Path jar = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            Files.copy(jar, dir.resolve(jar.getFileName()));
        }
        List<String> left = new ArrayList<>();
        ModuleLayer layer = PlatformLayer.define(List.of(dir), left::add);
        assertEquals(List.of(), left.stream().filter(l -> l.contains("jackson")).toList());
        Module scheduler = layer.findModule("dev.orrery.scheduler").orElseThrow();
        assertTrue(scheduler.canRead(layer.findModule("com.fasterxml.jackson.core").orElseThrow()));
        assertTrue(scheduler.canRead(layer.findModule("com.fasterxml.jackson.dataformat.cbor").orElseThrow()));

        ClassLoader loader = scheduler.getClassLoader();
        Class<?> world = loader.loadClass("dev.orrery.world.World");
        Class<?> snapshot = loader.loadClass("dev.orrery.world.snapshot.WorldSnapshot");
        Class<?> options = loader.loadClass("dev.orrery.world.snapshot.SnapshotOptions");
        Object w = world.getConstructor().newInstance();
        long[] spawned = new long[3];
        for (int i = 0; i < spawned.length; i++) {
            spawned[i] = (long) world.getMethod("spawn").invoke(w);
        }
        world.getMethod("destroy", long.class).invoke(w, spawned[1]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        snapshot.getMethod("save", world, OutputStream.class, options)
                .invoke(null, w, out, options.getMethod("defaults").invoke(null));
        Object restored = world.getConstructor().newInstance();
        snapshot.getMethod("restore", InputStream.class, world)
                .invoke(null, new ByteArrayInputStream(out.toByteArray()), restored);
        // the allocator came back: the next spawn reuses the destroyed slot as in the saved world
        assertEquals(world.getMethod("spawn").invoke(w), world.getMethod("spawn").invoke(restored));
    }
}
