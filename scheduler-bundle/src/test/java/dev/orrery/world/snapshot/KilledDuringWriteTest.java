package dev.orrery.world.snapshot;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SnapshotFiles} in a process killed while it saves ({@link SavingChild}): whatever the moment
 * of the kill, the target is the last save the process finished or the one it was writing, the
 * {@code .old} file is a complete earlier save, and the next save (in this process) works and leaves no
 * temporary files. The child saves only when told ({@code go} on its input), so it is never more than
 * one save ahead of what the test has seen: the assertions hold for every kill point. The kill points
 * are events of the save the child is killed in: a line of its output, or the n-th change of a name
 * in the save's directory (a file created, renamed or deleted: the temporary file, the kept previous
 * save, the final rename): eight runs, each of the three lines and each of the changes 1 to 5 once,
 * in a seeded order after a seeded number of saves. Where the kill lands after its event is left to
 * chance: inside the step that follows it or later.
 */
@Tag("engine-independent")
class KilledDuringWriteTest {
    /** What the test waits for, during save {@code k + 1}, before it kills the child. */
    enum Event {
        /** the line {@code saving k+1}: the capture is under way */
        SAVING,
        /** the line {@code writing k+1}: the encoding or the file work is under way */
        WRITING,
        /** the n-th change of a name in the directory (or the line {@code saved k+1}, if that comes first) */
        DIRECTORY,
        /** the line {@code saved k+1}: the save is complete */
        SAVED
    }

    /** Kill after {@code completed} saves, at {@code event} of the next one ({@code changes}: for DIRECTORY). */
    record KillPoint(int completed, Event event, int changes) {
        @Override
        public String toString() {
            return "killed after " + completed + " saves, at " + (event == Event.DIRECTORY ? "directory change "
                    + changes : event.toString()) + " of save " + (completed + 1);
        }
    }

    /**
     * The most name changes a kill point waits for. A save after the first makes six: NAME.tmp created,
     * NAME.old.tmp created, its rename to NAME.old (one name deleted, one created), the final rename (the
     * same); the fifth is the final rename's first half.
     */
    private static final int MAX_CHANGES = 5;
    /** The most saves a child begins: up to 3 complete ones and the one it is killed in. */
    private static final int MAX_SAVES = 4;
    /** A bound on every wait for the child, so that a broken child fails the test instead of hanging it. */
    private static final long WAIT_SECONDS = 60;
    private static final String END = "end of output";
    private static final String CHANGED = "directory: ";

    @TempDir
    Path dir;

    private final List<String> fingerprints = new ArrayList<>();
    private World expected;

    @Test
    @DisplayName("a process killed during a write leaves the last complete save or the new one, a complete"
            + " .old, and nothing that breaks the next save")
    void killedDuringAWrite() throws Exception {
        Random r = new Random(20261202L);
        List<KillPoint> points = new ArrayList<>();
        for (Event e : List.of(Event.SAVING, Event.WRITING, Event.SAVED)) {
            points.add(new KillPoint(1 + r.nextInt(MAX_SAVES - 1), e, 0));
        }
        for (int n = 1; n <= MAX_CHANGES; n++) {
            points.add(new KillPoint(1 + r.nextInt(MAX_SAVES - 1), Event.DIRECTORY, n));
        }
        Collections.shuffle(points, r);
        for (int run = 0; run < points.size(); run++) {
            killAndCheck(run, points.get(run));
        }
    }

    private void killAndCheck(int run, KillPoint point) throws Exception {
        Path runDir = Files.createDirectory(dir.resolve("run-" + run));
        Path file = runDir.resolve("world.cbor");
        Path errors = dir.resolve("run-" + run + ".stderr");
        int completed = point.completed();
        int killedIn = completed + 1;
        String where = point.toString();
        Process child = new ProcessBuilder(javaCommand(), "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), SavingChild.class.getName(), file.toString())
                .redirectError(errors.toFile()).start();
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        boolean sawSaved;
        try (OutputStream toChild = child.getOutputStream(); WatchService watch = runDir.getFileSystem().newWatchService()) {
            daemon("child output", () -> readLines(child, events)).start();
            for (int k = 1; k <= completed; k++) {
                grant(toChild);
                expectLine(events, "saving " + k, errors);
                expectLine(events, "writing " + k, errors);
                expectLine(events, "saved " + k, errors);
            }
            // Every name change of the saves so far came before "saved" was printed: the watch sees
            // only those of the save the child is killed in.
            runDir.register(watch, ENTRY_CREATE, ENTRY_DELETE);
            daemon("directory watch", () -> watchChanges(watch, events)).start();
            grant(toChild);
            sawSaved = awaitKillPoint(events, point, errors);
            child.destroyForcibly();
            assertTrue(child.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), where + ": the child did not end");
        } finally {
            child.destroyForcibly();
        }

        int saved = iterationOf(file, where);
        int earliest = sawSaved ? killedIn : completed;
        assertTrue(saved >= earliest && saved <= killedIn, where + ": the target holds save " + saved + ", expected "
                + (earliest == killedIn ? "" : completed + " or ") + killedIn);
        Path old = SnapshotFiles.previous(file);
        if (saved >= 2 || Files.exists(old)) {
            int previous = iterationOf(old, where);
            assertTrue(previous == saved - 1 || previous == saved, where + ": " + old.getFileName() + " holds save "
                    + previous + ", expected " + (saved - 1) + " or " + saved);
        }

        byte[] killedTarget = Files.readAllBytes(file);
        World next = SnapshotWorlds.populated(40, run);
        SnapshotFiles.save(next, file, SnapshotOptions.defaults());
        World restored = new World();
        SnapshotFiles.restore(file, restored, SnapshotWorlds.definitions());
        SnapshotWorlds.assertSameState(next, restored);
        assertArrayEquals(killedTarget, Files.readAllBytes(old), where + ": the save after the kill keeps the killed one");
        assertEquals(List.of("world.cbor", "world.cbor.old"), names(runDir), where + ": the files after the next save");
    }

    /**
     * Waits for the kill point's event of save {@code completed + 1}.
     *
     * @return whether the child printed {@code saved} for that save: it is then complete
     */
    private static boolean awaitKillPoint(BlockingQueue<String> events, KillPoint point, Path errors) throws Exception {
        int k = point.completed() + 1;
        if (point.event() == Event.SAVING || point.event() == Event.WRITING) {
            expectLine(events, "saving " + k, errors);
            if (point.event() == Event.WRITING) {
                expectLine(events, "writing " + k, errors);
            }
            return false;
        }
        int changes = point.event() == Event.SAVED ? Integer.MAX_VALUE : point.changes();
        for (int seen = 0; seen < changes;) {
            String e = next(events, "saved " + k, errors);
            if (e.equals("saved " + k)) {
                return true;
            } else if (e.startsWith(CHANGED)) {
                seen++;
            } else if (!e.equals("saving " + k) && !e.equals("writing " + k)) {
                throw new AssertionError("the child printed '" + e + "' during save " + k + childErrors(errors));
            }
        }
        return false;
    }

    private static void grant(OutputStream toChild) throws IOException {
        toChild.write("go\n".getBytes(StandardCharsets.US_ASCII));
        toChild.flush();
    }

    /** Takes events up to the child's next line, which must be {@code line}; name changes meanwhile are skipped. */
    private static void expectLine(BlockingQueue<String> events, String line, Path errors) throws Exception {
        String e;
        do {
            e = next(events, line, errors);
        } while (e.startsWith(CHANGED));
        assertEquals(line, e, childErrors(errors));
    }

    private static String next(BlockingQueue<String> events, String awaited, Path errors) throws Exception {
        String e = events.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (e == null || e.equals(END)) {
            throw new AssertionError((e == null ? "nothing happened in " + WAIT_SECONDS + " s" : "the child's output ended")
                    + " before '" + awaited + "'" + childErrors(errors));
        }
        return e;
    }

    private static void readLines(Process child, BlockingQueue<String> events) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                events.add(line);
            }
        } catch (IOException closed) {
            // The child was killed: its output ends here.
        }
        events.add(END);
    }

    private static void watchChanges(WatchService watch, BlockingQueue<String> events) {
        try {
            while (true) {
                WatchKey key = watch.take();
                for (WatchEvent<?> e : key.pollEvents()) {
                    events.add(CHANGED + (e.kind() == OVERFLOW ? "(events lost)" : e.kind().name() + " " + e.context()));
                }
                key.reset();
            }
        } catch (ClosedWatchServiceException | InterruptedException closed) {
            // The run is over.
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, "KilledDuringWriteTest " + name);
        t.setDaemon(true);
        return t;
    }

    private static String childErrors(Path errors) throws IOException {
        String text = Files.readString(errors).strip();
        return text.isEmpty() ? "" : "; the child wrote: " + text;
    }

    /** @return the iteration whose world {@code file} restores to */
    private int iterationOf(Path file, String where) throws IOException {
        assertTrue(Files.exists(file), where + ": " + file.getFileName() + " is missing");
        World w = new World();
        SnapshotFiles.restore(file, w, SnapshotWorlds.definitions());
        String found = SavingChild.fingerprint(w);
        for (int k = 0; k <= MAX_SAVES; k++) {
            if (fingerprint(k).equals(found)) {
                return k;
            }
        }
        throw new AssertionError(where + ": " + file.getFileName() + " restores to none of the worlds 0 to " + MAX_SAVES);
    }

    /** @return the fingerprint of world {@code k}, made once by advancing one world */
    private String fingerprint(int k) {
        if (expected == null) {
            expected = SavingChild.world(0);
            fingerprints.add(SavingChild.fingerprint(expected));
        }
        while (fingerprints.size() <= k) {
            SavingChild.advance(expected, fingerprints.size());
            fingerprints.add(SavingChild.fingerprint(expected));
        }
        return fingerprints.get(k);
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
