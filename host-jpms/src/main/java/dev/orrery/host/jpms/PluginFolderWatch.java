package dev.orrery.host.jpms;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * Watches the plugins folder by polling and hands on only <em>settled</em> jars: a {@code *.jar}
 * file counts once its {@link FileStamp} (size and last-modified time) has stayed the same for the
 * quiet time, measured with the injected clock over several {@link #poll()}s; a deletion counts once
 * the file has stayed away as long. Until then the last settled state stands (a jar being replaced
 * keeps its old version), so a half-written jar is never handed on. When the settled state changes,
 * the listener gets the whole of it (jar → stamp).
 *
 * <p>The first poll takes the jars already there as settled when their last-modified time is at least
 * the quiet time before the clock's now (a start with a full folder loads it at once); later polls
 * always wait.
 *
 * <p>Polling rather than {@code WatchService}: the same behaviour on every file system (network and
 * container mounts included), and a clock the tests control. Not thread-safe: {@link #poll()} runs on
 * one thread ({@link #start}). Beyond the spec (Orrery's own).
 */
final class PluginFolderWatch {
    private final Path dir;
    private final long quietMillis;
    private final LongSupplier clock;
    private final Consumer<Map<Path, FileStamp>> listener;
    private final Consumer<String> log;
    private final java.util.function.Predicate<String> names;
    private final Map<Path, Seen> seen = new HashMap<>();
    private final Map<Path, FileStamp> settled = new TreeMap<>();
    private boolean first = true;
    private String lastError;

    /** A file's last observed stamp (null: absent) and the clock time it was first observed so. */
    private record Seen(FileStamp stamp, long since) {
    }

    /**
     * @param dir the plugins folder (need not exist: then it holds no jars)
     * @param quietMillis how long a file must stay unchanged (ms, at least 0)
     * @param clock now, in milliseconds, on the same scale as file modification times (the epoch);
     *     {@code System::currentTimeMillis} outside tests
     * @param listener gets every settled jar with its stamp, whenever that set changes
     * @param log one line when the folder cannot be listed (once per distinct error)
     * @throws IllegalArgumentException if {@code quietMillis} is negative
     */
    public PluginFolderWatch(Path dir, long quietMillis, LongSupplier clock, Consumer<Map<Path, FileStamp>> listener,
                             Consumer<String> log) {
        this(dir, quietMillis, clock, listener, log, null);
    }

    /**
     * Watches one file of the folder instead of its jars (e.g. the host's settings file); otherwise as
     * {@link #PluginFolderWatch(Path, long, LongSupplier, Consumer, Consumer)}.
     *
     * @param dir the folder
     * @param quietMillis how long the file must stay unchanged (ms, at least 0)
     * @param clock now, in milliseconds since the epoch
     * @param listener gets the settled file with its stamp (an empty map once it is deleted)
     * @param log one line when the folder cannot be listed
     * @param fileName the file's name; null: every {@code *.jar} file
     * @throws IllegalArgumentException if {@code quietMillis} is negative
     */
    public PluginFolderWatch(Path dir, long quietMillis, LongSupplier clock, Consumer<Map<Path, FileStamp>> listener,
                             Consumer<String> log, String fileName) {
        this.names = fileName == null ? n -> n.endsWith(".jar") : fileName::equals;
        if (quietMillis < 0) {
            throw new IllegalArgumentException("quietMillis must be >= 0, got " + quietMillis);
        }
        this.dir = Objects.requireNonNull(dir, "dir");
        this.quietMillis = quietMillis;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * Polls with a fixed delay on the executor; the first poll runs at once.
     *
     * @param executor runs the polls (one thread)
     * @param periodMillis the delay between polls (ms, more than 0)
     * @return the scheduled polling, to cancel
     */
    public ScheduledFuture<?> start(ScheduledExecutorService executor, long periodMillis) {
        return executor.scheduleWithFixedDelay(this::pollSafely, 0, periodMillis, TimeUnit.MILLISECONDS);
    }

    private void pollSafely() {
        try {
            poll();
        } catch (RuntimeException e) {
            log.accept("plugins folder " + dir + ": poll failed: " + e); // the next poll tries again
        }
    }

    /** Looks at the folder once; tells the listener when the settled jars changed. */
    public void poll() {
        long now = clock.getAsLong();
        Map<Path, FileStamp> present = list();
        if (present == null) {
            return;
        }
        Set<Path> all = new HashSet<>(present.keySet());
        all.addAll(seen.keySet());
        all.addAll(settled.keySet());
        boolean changed = false;
        for (Path p : all) {
            FileStamp stamp = present.get(p);
            Seen s = seen.get(p);
            if (s == null || !Objects.equals(s.stamp(), stamp)) {
                long since = first && stamp != null && stamp.modifiedMillis() <= now - quietMillis ? now - quietMillis : now;
                s = new Seen(stamp, since);
                seen.put(p, s);
            }
            if (now - s.since() >= quietMillis) {
                if (stamp == null) {
                    seen.remove(p);
                    changed |= settled.remove(p) != null;
                } else {
                    changed |= !stamp.equals(settled.put(p, stamp));
                }
            }
        }
        first = false;
        if (changed) {
            listener.accept(Map.copyOf(settled));
        }
    }

    /** @return the jars in the folder with their stamps, or null when it cannot be listed */
    private Map<Path, FileStamp> list() {
        Map<Path, FileStamp> out = new HashMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (!names.test(p.getFileName().toString()) || !Files.isRegularFile(p)) {
                    continue;
                }
                try {
                    out.put(p.toAbsolutePath(), FileStamp.of(p));
                } catch (NoSuchFileException gone) {
                    // deleted between the listing and the look: absent
                }
            }
            lastError = null;
            return out;
        } catch (IOException | java.io.UncheckedIOException e) {
            String error = "plugins folder " + dir + " cannot be listed: " + e;
            if (!error.equals(lastError)) {
                log.accept(error);
            }
            lastError = error;
            return null;
        }
    }
}
