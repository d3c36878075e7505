package dev.orrery.host.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PluginFolderWatch}: only settled jars are handed on; the clock is the test's. */
class PluginFolderWatchTest {
    private static final long QUIET = 500;
    private static final long T0 = 1_000_000_000L;

    @TempDir
    Path dir;

    private long now = T0;
    private final List<Map<Path, FileStamp>> reports = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private PluginFolderWatch watch;

    @BeforeEach
    void watch() {
        watch = new PluginFolderWatch(dir, QUIET, () -> now, reports::add, log::add);
    }

    private Path write(String name, int bytes, long modified) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, new byte[bytes]);
        Files.setLastModifiedTime(f, FileTime.fromMillis(modified));
        return f.toAbsolutePath();
    }

    private void pollAt(long t) {
        now = t;
        watch.poll();
    }

    @Test
    void jarsAlreadyThereAtTheFirstPollAreSettledAtOnce() throws IOException {
        Path a = write("a.jar", 10, T0 - 10_000);
        write("notes.txt", 10, T0 - 10_000);
        pollAt(T0);
        assertEquals(List.of(Map.of(a, new FileStamp(10, T0 - 10_000))), reports);
    }

    @Test
    void aJarBeingWrittenIsHandedOnOnlyOnceItStopsChanging() throws IOException {
        pollAt(T0);
        assertEquals(List.of(), reports, "an empty folder is no change");
        Path a = write("a.jar", 10, T0 + 100);
        pollAt(T0 + 100);
        Files.write(a, new byte[5], StandardOpenOption.APPEND); // still being written
        Files.setLastModifiedTime(a, FileTime.fromMillis(T0 + 400));
        pollAt(T0 + 400);
        pollAt(T0 + 800); // 400 ms after the last change: not yet
        assertEquals(List.of(), reports);
        pollAt(T0 + 900);
        assertEquals(List.of(Map.of(a, new FileStamp(15, T0 + 400))), reports);
        pollAt(T0 + 2000);
        assertEquals(1, reports.size(), "no change, no report");
    }

    @Test
    void aReplacedJarKeepsItsOldStampUntilTheNewOneSettles() throws IOException {
        Path a = write("a.jar", 10, T0 - 10_000);
        Path b = write("b.jar", 10, T0 - 10_000);
        pollAt(T0);
        write("a.jar", 20, T0 + 100);
        write("c.jar", 7, T0 + 100);
        pollAt(T0 + 100);
        pollAt(T0 + 300);
        assertEquals(1, reports.size());
        pollAt(T0 + 600);
        assertEquals(Map.of(a, new FileStamp(20, T0 + 100), b, new FileStamp(10, T0 - 10_000),
                dir.resolve("c.jar").toAbsolutePath(), new FileStamp(7, T0 + 100)), reports.get(1));
    }

    @Test
    void aDeletedJarIsGoneOnceItStaysAway() throws IOException {
        Path a = write("a.jar", 10, T0 - 10_000);
        Path b = write("b.jar", 10, T0 - 10_000);
        pollAt(T0);
        Files.delete(a);
        pollAt(T0 + 100);
        pollAt(T0 + 500);
        assertEquals(1, reports.size());
        pollAt(T0 + 600);
        assertEquals(Map.of(b, new FileStamp(10, T0 - 10_000)), reports.get(1));
    }

    @Test
    void aJarDeletedAndWrittenAgainWithinTheQuietTimeIsOneReplacement() throws IOException {
        Path a = write("a.jar", 10, T0 - 10_000);
        pollAt(T0);
        Files.delete(a);
        pollAt(T0 + 100);
        write("a.jar", 12, T0 + 200);
        pollAt(T0 + 200);
        pollAt(T0 + 700);
        assertEquals(List.of(Map.of(a, new FileStamp(10, T0 - 10_000)), Map.of(a, new FileStamp(12, T0 + 200))), reports);
    }

    @Test
    void aMissingFolderHoldsNoJarsAndAFileInItsPlaceIsLoggedOnce() throws IOException {
        PluginFolderWatch missing = new PluginFolderWatch(dir.resolve("none"), QUIET, () -> now, reports::add, log::add);
        missing.poll();
        assertEquals(List.of(), reports);
        assertEquals(List.of(), log);
    }

    @Test
    void aNegativeQuietTimeIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PluginFolderWatch(dir, -1, () -> now, reports::add, log::add));
        assertEquals("quietMillis must be >= 0, got -1", e.getMessage());
    }
}
