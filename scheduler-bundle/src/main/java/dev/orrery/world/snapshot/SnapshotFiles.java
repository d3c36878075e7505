package dev.orrery.world.snapshot;

import dev.orrery.world.World;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Snapshot files written so that a crash never damages the last good save: the new snapshot goes to
 * a temporary file next to the target ({@code NAME.tmp}), is forced to the disk, the previous file is
 * kept as {@code NAME.old}, and the temporary file is renamed over the target atomically. At every
 * moment the target is either the previous complete save or the new complete one.
 *
 * <p>Reading checks the whole file (every section's length and checksum) before the world changes;
 * a truncated or damaged file fails with one line naming the file and the section.
 *
 * <p>Implementation notes. The previous save is kept with a hard link where the file system has
 * them (one atomic step, no copy), else a copy; it is never moved away, so there is no moment without
 * a target file. The directory is forced after the rename where the platform allows it (Linux), so the
 * rename itself survives a power loss.
 *
 * @since 0.4
 */
public final class SnapshotFiles {
    private SnapshotFiles() {
    }

    /**
     * Captures the world and writes it safely: {@link WorldSnapshot#capture} then
     * {@link #write(Path, WorldSnapshot)}, on the calling thread (the world's).
     *
     * @param world the world; not null
     * @param file the target file; its directory must exist
     * @param options the encoding and the plugin manifest
     * @throws IOException if writing fails; the target is then unchanged
     * @throws IllegalStateException inside a transaction or while a query iterates
     */
    public static void save(World world, Path file, SnapshotOptions options) throws IOException {
        write(file, WorldSnapshot.capture(world, options));
    }

    /**
     * Writes a capture safely (class Javadoc). May run on any thread; not for two writes of the same
     * file at once.
     *
     * @param file the target file; its directory must exist
     * @param snapshot the capture
     * @throws IOException if writing fails; the target is then unchanged and the temporary file removed
     */
    public static void write(Path file, WorldSnapshot snapshot) throws IOException {
        Objects.requireNonNull(file, "SnapshotFiles.write: file is null");
        Objects.requireNonNull(snapshot, "SnapshotFiles.write: snapshot is null");
        Path target = file.toAbsolutePath();
        Path tmp = sibling(target, ".tmp");
        Path old = sibling(target, ".old");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
        snapshot.writeTo(bytes);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes.toByteArray());
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            if (Files.exists(target)) {
                keepPrevious(target, old);
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        forceDirectory(target.getParent());
    }

    /**
     * Restores a world from a file ({@link WorldSnapshot#restore(InputStream, World, SnapshotOptions)},
     * messages naming the file).
     *
     * @param file the snapshot file
     * @param world the world to restore into
     * @param options extra definitions; its source name is replaced by the file's path
     * @return what was restored
     * @throws SnapshotException if the file is truncated, damaged or cannot be decoded: one line naming
     *     the file and the section; the world is then unchanged
     * @throws IOException if the file cannot be read
     */
    public static RestoreReport restore(Path file, World world, SnapshotOptions options) throws IOException {
        Objects.requireNonNull(file, "SnapshotFiles.restore: file is null");
        SnapshotOptions named = SnapshotOptions.builder().traits(options.traits().toArray(new dev.orrery.world.Trait<?>[0]))
                .format(options.format()).source(file.toString()).build();
        try (InputStream in = Files.newInputStream(file)) {
            return WorldSnapshot.restore(in, world, named);
        }
    }

    /** @return the path of the previous save kept by {@link #write} */
    public static Path previous(Path file) {
        return sibling(file.toAbsolutePath(), ".old");
    }

    private static void keepPrevious(Path target, Path old) throws IOException {
        Files.deleteIfExists(old);
        try {
            Files.createLink(old, target);
        } catch (UnsupportedOperationException | IOException noLinks) {
            Files.copy(target, old, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static Path sibling(Path target, String suffix) {
        return target.resolveSibling(target.getFileName() + suffix);
    }

    private static void forceDirectory(Path dir) {
        if (dir == null) {
            return;
        }
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException notSupported) {
            // Directories cannot be opened or forced on every platform (Windows); the rename still happened.
        }
    }
}
