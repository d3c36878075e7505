package dev.orrery.world.snapshot;

import dev.orrery.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
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
 * moment the target is either the previous complete save or the new complete one, and {@code NAME.old},
 * once it exists, is a complete earlier save: the one before the target, or the target itself if the
 * write stopped between keeping it and the final rename.
 *
 * <p>Reading checks the whole file (every section's length and checksum) before the world changes;
 * a truncated or damaged file fails with one line naming the file and the section.
 *
 * <p>Implementation notes. The capture is encoded first, into section buffers
 * ({@link SectionBuffer}), before the temporary file is opened (a codec that fails leaves no file
 * behind); the file is then written from those buffers as they are, with no copy of the whole
 * snapshot into one array. The previous save is kept in two steps, each leaving complete files: it is
 * hard linked (one step, no copy) where the file system has links, else copied and forced to the disk,
 * to a temporary name ({@code NAME.old.tmp}), which is then renamed atomically over {@code NAME.old}; so
 * the old {@code NAME.old} stays until the new one replaces it, and the target is never moved away.
 * When {@code NAME.old} already is the target (a link left by a write that died before its final
 * rename) it is left as it is: a rename between two links of one file does nothing. The directory is
 * forced after keeping the previous save and again after the final rename, where the platform allows it
 * (Linux), so both renames survive a power loss in that order. Temporary files left by a process that
 * died while writing are replaced by the next write.
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
     * @throws IOException if writing fails; the target is then unchanged and the temporary files removed
     */
    public static void write(Path file, WorldSnapshot snapshot) throws IOException {
        write(file, snapshot, SnapshotBuffers.none());
    }

    /**
     * {@link #write(Path, WorldSnapshot)}, holding the encoded sections in memory that {@code buffers}
     * kept from earlier saves (an autosave's): the same file, less allocation.
     *
     * @param file the target file; its directory must exist
     * @param snapshot the capture
     * @param buffers the caller's buffers; not null
     * @throws IOException if writing fails; the target is then unchanged and the temporary files removed
     */
    public static void write(Path file, WorldSnapshot snapshot, SnapshotBuffers buffers) throws IOException {
        Objects.requireNonNull(file, "SnapshotFiles.write: file is null");
        Objects.requireNonNull(snapshot, "SnapshotFiles.write: snapshot is null");
        Objects.requireNonNull(buffers, "SnapshotFiles.write: buffers is null");
        Path target = file.toAbsolutePath();
        Path tmp = sibling(target, ".tmp");
        Path old = sibling(target, ".old");
        Path oldTmp = sibling(target, ".old.tmp");
        SectionFile.Encoded encoded = snapshot.encode(buffers);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE)) {
                encoded.writeTo(Channels.newOutputStream(ch));
                ch.force(true);
            } finally {
                encoded.release();
            }
            if (Files.exists(target)) {
                keepPrevious(target, old, oldTmp);
                forceDirectory(target.getParent());
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            Files.deleteIfExists(oldTmp);
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

    /** Links (or copies) the target to {@code oldTmp}, then renames that over {@code old} (class notes). */
    private static void keepPrevious(Path target, Path old, Path oldTmp) throws IOException {
        Files.deleteIfExists(oldTmp);
        if (Files.exists(old) && Files.isSameFile(old, target)) {
            return;
        }
        try {
            Files.createLink(oldTmp, target);
        } catch (UnsupportedOperationException | IOException noLinks) {
            Files.copy(target, oldTmp, StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel ch = FileChannel.open(oldTmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
        }
        Files.move(oldTmp, old, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
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
