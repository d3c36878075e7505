package dev.orrery.world.snapshot;

/**
 * The encoding of a snapshot's sections.
 *
 * <p>Implementation notes. The binary form is CBOR (RFC 8949) rather than Smile: both are Jackson
 * data formats with the same streaming API and similar speed, but CBOR is an IETF standard that tools
 * in every language read (cbor.me, Python's cbor2, jq via cbor2json), which matters for save files
 * players and support staff inspect years later; Smile's back-references save a little space on
 * repeated field names but tie the file to Jackson. Both forms carry the same trees, so a snapshot
 * converts between them losslessly.
 *
 * @since 0.4
 */
public enum SnapshotFormat {
    /** Indented JSON (UTF-8): for people, diffs and version control. */
    JSON("json"),
    /** CBOR: smaller and faster to write and read. */
    CBOR("cbor");

    private final String id;

    SnapshotFormat(String id) {
        this.id = id;
    }

    /** @return the name the file's first line carries ({@code json}, {@code cbor}) */
    public String id() {
        return id;
    }

    /** @return the format with that {@link #id()}, or null */
    static SnapshotFormat byId(String id) {
        for (SnapshotFormat f : values()) {
            if (f.id.equals(id)) {
                return f;
            }
        }
        return null;
    }
}
