package dev.orrery.world.snapshot;

import java.io.IOException;

/**
 * A snapshot could not be read: the input is truncated, damaged, not a snapshot, of a newer format,
 * or holds data the running code cannot decode. The message is one line naming the source (the file)
 * and the section at fault, e.g. {@code save.orrery: section 'entities' is damaged (checksum
 * 0x1b2c3d4e, expected 0x99aa0012)}. A restore that throws it has not changed the world.
 *
 * @since 0.4
 */
public final class SnapshotException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String section;

    /**
     * @param source the file or stream name
     * @param section the section at fault, or null when the fault is not inside a section
     * @param problem what is wrong
     * @param cause the underlying failure, or null
     */
    public SnapshotException(String source, String section, String problem, Throwable cause) {
        super(source + ": " + (section == null ? "" : "section '" + section + "' ") + problem, cause);
        this.source = source;
        this.section = section;
    }

    /** @return the file or stream name */
    public String source() {
        return source;
    }

    /** @return the section at fault, or null when the fault is outside every section */
    public String section() {
        return section;
    }
}
