package dev.orrery.world.snapshot;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
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
 * are events: a line of the child's output, or the n-th file created in the save's directory (the
 * temporary file, the kept previous save, the renames), whichever the seeded choice names; where the
 * kill lands after that event is left to chance.
 */
@Tag("engine-independent")
class KilledDuringWriteTest {
    /** After which event of save {@code k + 1} the test kills the child. */
    enum Moment {
        /** the line {@code saving k+1}: during the capture */
        CAPTURING,
        /** the line {@code writing k+1}: during the encoding or the file work */
        WRITING,
        /** the first file created in the directory (or the line {@code saved k+1}, if that comes first) */
        FIRST_FILE,
        /** the second file created */
        SECOND_FILE,
        /** the third file created */
        THIRD_FILE,
        /** the line {@code saved k+1}: the save is complete */
        SAVED
    }

    private static final int KILLS = 8;
    /** The most saves a child begins: up to 3 complete ones and the one it is killed in. */
    private static final int MAX_SAVES = 4;
    /** A bound on every wait for the child, so that a broken child fails the test instead of hanging it. */
    private static final long WAIT_SECONDS = 60;
    private static final String END = "end of output";

    @TempDir
    Path dir;

    private final List<String> fingerprints = new ArrayList<>();
    private World expected;

    @Test
    @DisplayName("a process killed during a write leaves the last complete save or the new one, a complete"
            + " .old, and nothing that breaks the next save")
    void killedDuringAWrite() throws Exception {
        Random r = new Random(20261202L);
        List<Moment> moments = new ArrayList<>(List.of(Moment.values()));
        while (moments.size() < KILLS) {
            moments.add(Moment.values()[r.nextInt(Moment.values().length)]);
        }
        Collections.shuffle(moments, r);
        for (int i = 0; i < KILLS; i++) {
            killAndCheck(i, 1 + r.nextInt(MAX_SAVES - 1), moments.get(i));
        }
    }

    private void killAndCheck(int run, int completed, Moment moment) throws Exception {
        Path runDir = Files.createDirectory(dir.resolve("run-" + run));
        Path file = runDir.resolve("world.cbor");
        Path errors = dir.resolve("run-" + run + ".stderr");
        int killedIn = completed + 1;
        String where = "killed after " + completed + " saves, at " + moment + " of save " + killedIn;
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
            // Every file of the saves so far was created before "saved" was printed: the watch sees
            // only those of the save the child is killed in.
            runDir.register(watch, ENTRY_CREATE);
            daemon("directory watch", () -> watchCreates(watch, events)).start();
            grant(toChild);
            sawSaved = awaitMoment(events, moment, killedIn, errors);
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
     * Waits for the moment's event of save {@code k}.
     *
     * @return whether the child printed {@code saved k}: the save is then complete
     */
    private static boolean awaitMoment(BlockingQueue<String> events, Moment moment, int k, Path errors)
            throws Exception {
        if (moment == Moment.CAPTURING || moment == Moment.WRITING) {
            expectLine(events, "saving " + k, errors);
            if (moment == Moment.WRITING) {
                expectLine(events, "writing " + k, errors);
            }
            return false;
        }
        int files = moment == Moment.SAVED ? Integer.MAX_VALUE : moment.ordinal() - Moment.FIRST_FILE.ordinal() + 1;
        for (int created = 0; created < files;) {
            String e = next(events, "saved " + k, errors);
            if (e.equals("saved " + k)) {
                return true;
            } else if (e.startsWith("created ")) {
                created++;
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

    /** Takes events up to the child's next line, which must be {@code line}; files created meanwhile are skipped. */
    private static void expectLine(BlockingQueue<String> events, String line, Path errors) throws Exception {
        String e;
        do {
            e = next(events, line, errors);
        } while (e.startsWith("created "));
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

    private static void watchCreates(WatchService watch, BlockingQueue<String> events) {
        try {
            while (true) {
                WatchKey key = watch.take();
                for (WatchEvent<?> e : key.pollEvents()) {
                    events.add(e.kind() == OVERFLOW ? "created (events lost)" : "created " + e.context());
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
