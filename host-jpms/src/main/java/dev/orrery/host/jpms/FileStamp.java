package dev.orrery.host.jpms;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What the folder watch compares to tell whether a file changed: its size and last-modified time.
 * Beyond the spec (Orrery's own).
 *
 * @param size the size in bytes
 * @param modifiedMillis the last-modified time, milliseconds since the epoch
 */
record FileStamp(long size, long modifiedMillis) {
    /**
     * @param file a file
     * @return its stamp
     * @throws IOException if its attributes cannot be read (e.g. it was deleted meanwhile)
     */
    public static FileStamp of(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new FileStamp(a.size(), a.lastModifiedTime().toMillis());
    }
}
