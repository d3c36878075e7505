package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.memory.Reachability;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code Orrery-Plugin-Schedule} manifest header: provider class → schedule. */
class ProviderSchedulesTest {
    private static final Path FDS = Path.of("/proc/self/fd");

    @Test
    void entriesAreClassEqualsScheduleSeparatedByCommas() {
        assertEquals(Map.of("a.B", "dnd/turn", "c.D", "other"),
                ProviderSchedules.parse(" a.B = dnd/turn , c.D=other"));
    }

    @Test
    void malformedEntriesAndNoHeaderGiveNothing() {
        assertEquals(Map.of(), ProviderSchedules.parse(null));
        assertEquals(Map.of(), ProviderSchedules.parse("a.B, =x, c.D= ,"));
    }

    @Test
    void aClassOutsideANamedModuleOrNotListedBelongsToTheMainSchedule() {
        assertNull(ProviderSchedules.of(ProviderSchedulesTest.class));
    }

    /**
     * Reading the header must not leave the jar open once its layer is gone: it was read through the
     * module's resource URL, whose {@code JarURLConnection} caches the opened jar for the life of the JVM
     * (found by the JPMS hot-plug soak: one open, deleted {@code jpms-cache} copy per dropped layer).
     */
    @Test
    void readingTheHeaderLeavesNoFileOpenOnceTheLayerIsCollected(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd (Linux)");
        Path jar = ModuleJars.build(Files.createDirectories(tmp.resolve("work")), tmp.resolve("turn.jar"), List.of(), Map.of(
                "module-info.java", "module p.turn { exports p.turn; }",
                "p/turn/Turn.java", "package p.turn; public class Turn { }"), "Orrery-Plugin-Schedule: p.turn.Turn=dnd/turn\n");
        WeakReference<ClassLoader> loader = readInALayer(jar);
        assertTrue(Reachability.awaitCleared(loader), "the layer's class loader was not collected");
        // The JDK's cleaner thread closes what the collected loader held: no event to wait for, so more
        // collection rounds (each waits for the reference handler) until the file is closed, at most 30 s
        // (a safety limit for a loaded machine, where the cleaner thread waits for a core).
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (openFilesOf(jar) > 0 && System.nanoTime() < end) {
            Reachability.collect();
        }
        assertEquals(0, openFilesOf(jar), "the jar is still open after its layer's class loader was collected");
    }

    /** Loads the class from a layer of its own, reads its schedule, and keeps only a weak reference to the loader. */
    private static WeakReference<ClassLoader> readInALayer(Path jar) throws Exception {
        Configuration cf = ModuleLayer.boot().configuration().resolve(ModuleFinder.of(jar), ModuleFinder.of(), Set.of("p.turn"));
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
        Class<?> turn = layer.findLoader("p.turn").loadClass("p.turn.Turn");
        assertEquals("dnd/turn", ProviderSchedules.of(turn));
        assertTrue(openFilesOf(jar) > 0, "the layer's loader holds the jar while it lives");
        return new WeakReference<>(turn.getClassLoader());
    }

    private static long openFilesOf(Path file) throws IOException {
        Path real = file.toRealPath();
        try (Stream<Path> fds = Files.list(FDS)) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(real);
                } catch (IOException | RuntimeException gone) {
                    return false;
                }
            }).count();
        }
    }
}
