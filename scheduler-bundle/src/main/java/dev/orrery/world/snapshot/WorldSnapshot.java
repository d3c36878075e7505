package dev.orrery.world.snapshot;

import dev.orrery.world.AllocatorState;
import dev.orrery.world.TableCopy;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Saves a {@link World} to a stream and restores it: plain scheduler users' save games, with no host
 * and no OSGi. A snapshot holds every live entity with its persistent traits (see
 * {@link Trait.Builder#persistent}), the persistent world traits (the schedules' state records, phase
 * toggles, run-condition timers), the entity allocator (so a restore reproduces every handle and the
 * next spawns get the same handles) and a header: the snapshot format, the Orrery version, the plugin
 * manifest ({@link SnapshotOptions#plugins()}), the version of each persisted trait id (the highest, if
 * opaque data of another version shares the id), and the names of the transient traits it skipped.
 *
 * <p><b>Unknown and newer data.</b> A restore keeps the data of a trait no definition names, and data
 * written by a newer version than the definition's, as {@link OpaqueTrait opaque data} on its entity
 * (or the world), in {@link OpaqueTraits#TRAIT}; the next save writes it back unchanged and
 * {@link #rehydrate} decodes it once a definition is there. Newer data is never downgraded: a restore
 * logs one WARNING per such trait. Older data runs through the trait's migrations before decoding.
 *
 * <p><b>Output.</b> The same world gives the same bytes every time: entities are written by slot,
 * traits by id. The file is framed in sections (header, allocator, world, entities), each with its
 * length and a CRC-32, so a truncated or damaged input fails with one line naming the input and the
 * section ({@link SnapshotException}), before the world is touched. {@link SnapshotFiles} writes files
 * safely.
 *
 * <p><b>Threads.</b> {@link #capture} and the restore run on the world's thread, between schedule run
 * calls (never inside a transaction); {@link #writeTo} may run on any thread, once the capture is
 * taken. A capture copies references on the world's thread and leaves the encoding to
 * {@link #writeTo}: it shares the values that cannot change and copies the others with their codec's
 * copy function ({@link dev.orrery.world.TraitCodec#copy}), or, for a codec without one, encodes them
 * into trees at once; so it never sees a value change after it was taken.
 *
 * @since 0.4
 */
public final class WorldSnapshot {
    static final List<String> SECTIONS = List.of("header", "allocator", "world", "entities");

    private final SnapshotFormat format;
    private final int entityCount;
    private final SnapshotWriter writer;

    private WorldSnapshot(SnapshotFormat format, int entityCount, SnapshotWriter writer) {
        this.format = format;
        this.entityCount = entityCount;
        this.writer = writer;
    }

    /**
     * Saves a world: {@link #capture} then {@link #writeTo}.
     *
     * @param world the world; not null
     * @param out where to write; not closed
     * @param options the encoding and the plugin manifest; not null
     * @throws IOException if writing fails
     * @throws IllegalStateException inside a transaction or while a query iterates
     * @throws IllegalArgumentException if two persistent traits share an id, or a codec fails; the
     *     message names the trait and the entity
     */
    public static void save(World world, OutputStream out, SnapshotOptions options) throws IOException {
        capture(world, options).writeTo(out);
    }

    /**
     * Takes a world's persistent state: the part of a save that must run on the world's thread. It
     * keeps the entity allocator, and per persistent trait of the entities and the world the references
     * to its values: a value whose codec can copy it ({@link dev.orrery.world.TraitCodec#canCopy()};
     * immutable records and enums with the derived codecs) is shared or copied and encoded later by
     * {@link #writeTo}; any other value is encoded into its tree now. Cost: one array copy per entity
     * table and persistent trait, plus the copies and encodings the codecs need.
     *
     * @param world the world; not null
     * @param options the encoding and the plugin manifest; not null
     * @return the capture, independent of the world from then on: later changes to the world and to
     *     its values do not change what it writes
     * @throws IllegalStateException inside a transaction (a schedule runs on the world) or while a query
     *     iterates; the message says to save between run calls
     * @throws IllegalArgumentException if two different persistent traits share an id, or a codec
     *     fails or returns null (copying, or encoding a value it cannot copy); the message names the
     *     trait and the entity
     */
    public static WorldSnapshot capture(World world, SnapshotOptions options) {
        Objects.requireNonNull(world, "WorldSnapshot.capture: world is null");
        Objects.requireNonNull(options, "WorldSnapshot.capture: options is null");
        if (world.isStaging() || world.isIterating()) {
            throw new IllegalStateException("WorldSnapshot.capture: cannot save while a schedule runs on the world"
                    + " (inside a transaction) or a query iterates; save between run calls");
        }
        CapturedValues c = new CapturedValues();
        AllocatorState alloc = world.allocatorState();
        List<CapturedValues.Table> tables = new ArrayList<>();
        for (TableCopy copy : world.copyTables(t -> t.isPersistent() || t == OpaqueTraits.TRAIT)) {
            tables.add(c.table(copy));
        }
        List<CapturedValues.WorldValue> worldValues = new ArrayList<>();
        for (Trait<?> t : world.worldTraits()) {
            CapturedValues.WorldValue v = c.worldValue(t, world.get(t));
            if (v != null) {
                worldValues.add(v);
            }
        }
        SnapshotWriter writer = new SnapshotWriter(options.format(), options.plugins(), OrreryVersion.get(), alloc,
                tables, worldValues, c.versions, c.skipped);
        return new WorldSnapshot(options.format(), alloc.liveCount(), writer);
    }

    /**
     * Encodes the capture and writes it (see the class Javadoc for the layout): every value the capture
     * kept is encoded here, with its codec. May run on any thread, also while the world changes; the
     * same capture gives the same bytes every time.
     *
     * @param out where to write; flushed, not closed
     * @throws IOException if writing fails
     * @throws IllegalArgumentException if a codec fails or returns null; the message names the trait
     *     and the entity (or the world)
     */
    public void writeTo(OutputStream out) throws IOException {
        writeTo(out, SnapshotBuffers.none());
    }

    /**
     * {@link #writeTo(OutputStream)}, holding the encoded sections in memory that {@code buffers}
     * kept from earlier saves and giving it back when done: for a caller that saves repeatedly. The
     * bytes are the same as without buffers.
     *
     * @param out where to write; flushed, not closed
     * @param buffers the caller's buffers; not null
     * @throws IOException if writing fails
     * @throws IllegalArgumentException as {@link #writeTo(OutputStream)}
     * @throws NullPointerException if {@code buffers} is null
     */
    public void writeTo(OutputStream out, SnapshotBuffers buffers) throws IOException {
        writer.write(out, Objects.requireNonNull(buffers, "WorldSnapshot.writeTo: buffers is null"));
    }

    /**
     * @param buffers where the sections' memory comes from
     * @return the capture encoded, ready to be written: what {@link #writeTo} writes
     * @throws IllegalArgumentException as {@link #writeTo}
     */
    SectionFile.Encoded encode(SnapshotBuffers buffers) {
        return writer.encode(buffers);
    }

    /** @return how many entities the capture holds */
    public int entityCount() {
        return entityCount;
    }

    /** @return the encoding {@link #writeTo} uses */
    public SnapshotFormat format() {
        return format;
    }

    /**
     * Restores a world with the {@link SnapshotOptions#defaults()}: the definitions are the persistent
     * traits the world knows. See {@link #restore(InputStream, World, SnapshotOptions)}.
     *
     * @param in the snapshot; read to its end, not closed
     * @param world the world to restore into; not null
     * @return what was restored
     * @throws SnapshotException if the input is truncated, damaged or cannot be decoded; the world is
     *     then unchanged
     * @throws IOException if reading fails
     * @throws IllegalStateException inside a transaction or while a query iterates
     */
    public static RestoreReport restore(InputStream in, World world) throws IOException {
        return restore(in, world, SnapshotOptions.defaults());
    }

    /**
     * Restores a world: afterwards its entities are exactly the snapshot's, with the same handles and
     * values, its allocator is the snapshot's (the next spawns get the handles they got after the save)
     * and its persistent world traits are the snapshot's (persistent world traits the snapshot lacks
     * are removed; transient world traits and messages stay). Data that no definition decodes is kept as
     * opaque data (class Javadoc). Everything is read, checked and decoded before the world changes.
     *
     * @param in the snapshot; read to its end, not closed
     * @param world the world to restore into; not null
     * @param options the extra definitions and the input's name for messages; not null
     * @return what was restored
     * @throws SnapshotException if the input is truncated, damaged, of a newer format, or a value
     *     cannot be migrated or decoded; one line naming the input and the section; the world is then
     *     unchanged
     * @throws IOException if reading fails
     * @throws IllegalStateException inside a transaction or while a query iterates
     * @throws IllegalArgumentException if the definitions hold two different traits with one id
     */
    public static RestoreReport restore(InputStream in, World world, SnapshotOptions options) throws IOException {
        Objects.requireNonNull(in, "WorldSnapshot.restore: in is null");
        Objects.requireNonNull(world, "WorldSnapshot.restore: world is null");
        Objects.requireNonNull(options, "WorldSnapshot.restore: options is null");
        if (world.isStaging() || world.isIterating()) {
            throw new IllegalStateException("WorldSnapshot.restore: cannot restore while a schedule runs on the world"
                    + " (inside a transaction) or a query iterates; restore between run calls");
        }
        return SnapshotReader.restore(in, world, options);
    }

    /**
     * Decodes the opaque data of the world and its entities whose id now has a definition that reads
     * its version (the given ones, then the world's known persistent traits), and replaces it by the
     * trait: call it at a frame boundary after a plugin that defines such traits arrived. Entries that
     * still cannot be decoded stay opaque; a decoding failure leaves the entry opaque and logs one
     * WARNING.
     *
     * @param world the world; not null
     * @param definitions extra definitions; persistent traits
     * @return how many values were rehydrated
     * @throws IllegalStateException inside a transaction or while a query iterates
     */
    public static int rehydrate(World world, Trait<?>... definitions) {
        Objects.requireNonNull(world, "WorldSnapshot.rehydrate: world is null");
        if (world.isStaging() || world.isIterating()) {
            throw new IllegalStateException("WorldSnapshot.rehydrate: cannot run while a schedule runs on the world"
                    + " or a query iterates; call it between run calls");
        }
        return SnapshotReader.rehydrate(world, Definitions.of(world, List.of(definitions), "WorldSnapshot.rehydrate"));
    }

    /**
     * Forgets a persistent trait ({@link World#forget}) and keeps its values as opaque data: the world
     * value and every entity's value are encoded with the trait's codec, stamped with its version and
     * put in {@link OpaqueTraits#TRAIT} of the world or the entity (replacing an entry of the same id),
     * exactly as a restore keeps data no definition decodes. A later save writes them back unchanged;
     * {@link #adopt} or {@link #rehydrate} decodes them (migrating, if the version rose). What stays
     * holds trees only, no value of the trait's classes and not the trait object, so the code that
     * defined the trait can be unloaded: {@code WorldPurge.purge} calls this for every departing
     * persistent trait. Needs no Jackson. Call it on the world's thread, between run calls.
     *
     * @param world the world; not null
     * @param trait a persistent trait; not null
     * @return how many values were kept (world value and entity components)
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the trait is not persistent, or its codec fails on a value or
     *     returns null; the message names the trait and the entity (or the world); the world is then
     *     unchanged
     * @throws IllegalStateException inside a transaction or while a query iterates; the world is then
     *     unchanged
     * @since 0.5
     */
    public static int keepOpaque(World world, Trait<?> trait) {
        Objects.requireNonNull(world, "WorldSnapshot.keepOpaque: world is null");
        Objects.requireNonNull(trait, "WorldSnapshot.keepOpaque: trait is null");
        requireBetweenRuns(world, "WorldSnapshot.keepOpaque");
        return Departures.keepOpaque(world, trait);
    }

    /**
     * Decodes the opaque data of one trait id (the world's and every entity's entry named
     * {@code trait.name()}), running the trait's migrations when the data is older, and puts the values
     * on the world and the entities under {@code trait} (replacing a value they have), removing the
     * entries: the state of a plugin that left ({@link #keepOpaque}) or was absent at a restore comes
     * back under its new trait object. All entries are decoded before the world changes: if one cannot
     * be (data of a newer version, a missing migration, a codec failure), nothing changes and every
     * entry stays opaque. Setting the values fires the trait's observers as any set between run calls
     * does. Needs no Jackson. Call it on the world's thread, at a frame boundary.
     *
     * @param world the world; not null
     * @param trait the persistent trait that now defines the id; not null
     * @return how many values were adopted (0 when no opaque data has that id)
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the trait is not persistent, or an entry cannot be decoded;
     *     one line naming the trait, the entity (or the world) and the stored version; the world is then
     *     unchanged
     * @throws IllegalStateException inside a transaction or while a query iterates; the world is then
     *     unchanged
     * @since 0.5
     */
    public static int adopt(World world, Trait<?> trait) {
        Objects.requireNonNull(world, "WorldSnapshot.adopt: world is null");
        Objects.requireNonNull(trait, "WorldSnapshot.adopt: trait is null");
        requireBetweenRuns(world, "WorldSnapshot.adopt");
        return Departures.adopt(world, trait);
    }

    private static void requireBetweenRuns(World world, String operation) {
        if (world.isStaging() || world.isIterating()) {
            throw new IllegalStateException(operation + ": cannot run while a schedule runs on the world"
                    + " (inside a transaction) or a query iterates; call it between run calls");
        }
    }
}
