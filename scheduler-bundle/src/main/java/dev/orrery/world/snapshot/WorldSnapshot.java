package dev.orrery.world.snapshot;

import dev.orrery.world.AllocatorState;
import dev.orrery.world.Entity;
import dev.orrery.world.Persistence;
import dev.orrery.world.Trait;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

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
 * taken: a capture holds trees only, no references to the world's values.
 *
 * @since 0.4
 */
public final class WorldSnapshot {
    static final List<String> SECTIONS = List.of("header", "allocator", "world", "entities");

    private final SnapshotFormat format;
    private final Tree.Obj header;
    private final Tree.Obj allocator;
    private final Tree.Array worldTraits;
    private final Tree.Array entities;
    private final int entityCount;

    private WorldSnapshot(SnapshotFormat format, Tree.Obj header, Tree.Obj allocator, Tree.Array worldTraits,
            Tree.Array entities, int entityCount) {
        this.format = format;
        this.header = header;
        this.allocator = allocator;
        this.worldTraits = worldTraits;
        this.entities = entities;
        this.entityCount = entityCount;
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
     * Copies a world's persistent state into trees (encoding every value with its codec): the part of a
     * save that must run on the world's thread. Cost: linear in entities and traits.
     *
     * @param world the world; not null
     * @param options the encoding and the plugin manifest; not null
     * @return the capture, independent of the world from then on
     * @throws IllegalStateException inside a transaction (a schedule runs on the world) or while a query
     *     iterates; the message says to save between run calls
     * @throws IllegalArgumentException if two different persistent traits share an id, or a codec fails
     *     or returns null; the message names the trait and the entity
     */
    public static WorldSnapshot capture(World world, SnapshotOptions options) {
        Objects.requireNonNull(world, "WorldSnapshot.capture: world is null");
        Objects.requireNonNull(options, "WorldSnapshot.capture: options is null");
        if (world.isStaging() || world.isIterating()) {
            throw new IllegalStateException("WorldSnapshot.capture: cannot save while a schedule runs on the world"
                    + " (inside a transaction) or a query iterates; save between run calls");
        }
        Capture c = new Capture();
        AllocatorState alloc = world.allocatorState();
        List<Tree> entityTrees = new ArrayList<>(alloc.liveCount());
        boolean[] free = new boolean[alloc.slotCount()];
        for (int slot : alloc.freeSlots()) {
            free[slot] = true;
        }
        for (int slot = 0; slot < alloc.slotCount(); slot++) {
            if (free[slot]) {
                continue;
            }
            long e = alloc.handle(slot);
            TreeMap<String, Tree> traits = new TreeMap<>();
            for (Trait<?> t : world.traitsOf(e)) {
                c.add(traits, t, world.get(e, t), "entity " + Entity.toString(e));
            }
            Map<String, Tree> fields = new LinkedHashMap<>();
            fields.put("slot", Tree.of(slot));
            fields.put("generation", Tree.of(alloc.generation(slot)));
            fields.put("traits", new Tree.Obj(traits));
            entityTrees.add(new Tree.Obj(fields));
        }
        TreeMap<String, Tree> worldMap = new TreeMap<>();
        for (Trait<?> t : world.worldTraits()) {
            c.add(worldMap, t, world.get(t), "the world");
        }
        List<Tree> worldTrees = new ArrayList<>();
        worldMap.forEach((id, entry) -> worldTrees.add(Tree.obj("id", Tree.of(id),
                "version", ((Tree.Obj) entry).get("version"), "value", ((Tree.Obj) entry).get("value"))));

        List<Tree> gens = new ArrayList<>(alloc.slotCount());
        for (int g : alloc.generations()) {
            gens.add(Tree.of(g));
        }
        List<Tree> freeList = new ArrayList<>();
        for (int s : alloc.freeSlots()) {
            freeList.add(Tree.of(s));
        }
        Tree.Obj allocTree = Tree.obj("worldTag", Tree.of(alloc.worldTag()), "generations", new Tree.Array(gens),
                "free", new Tree.Array(freeList));

        List<Tree> plugins = new ArrayList<>();
        options.plugins().stream().sorted(java.util.Comparator.comparing(PluginEntry::name).thenComparing(PluginEntry::version))
                .forEach(p -> plugins.add(Tree.obj("name", Tree.of(p.name()), "version", Tree.of(p.version()))));
        Map<String, Tree> versions = new TreeMap<>();
        c.versions.forEach((id, v) -> versions.put(id, Tree.of(v)));
        List<Tree> skipped = new ArrayList<>();
        c.skipped.forEach(n -> skipped.add(Tree.of(n)));
        Tree.Obj header = Tree.obj("format", Tree.of(SectionFile.FORMAT_VERSION), "orrery", Tree.of(OrreryVersion.get()),
                "plugins", new Tree.Array(plugins), "traits", new Tree.Obj(versions),
                "skipped", new Tree.Array(skipped), "entities", Tree.of(entityTrees.size()));
        return new WorldSnapshot(options.format(), header, allocTree, new Tree.Array(worldTrees), new Tree.Array(entityTrees),
                entityTrees.size());
    }

    /**
     * Encodes the capture and writes it (see the class Javadoc for the layout). May run on any thread;
     * the same capture gives the same bytes every time.
     *
     * @param out where to write; flushed, not closed
     * @throws IOException if writing fails
     */
    public void writeTo(OutputStream out) throws IOException {
        TreeCodec codec = new TreeCodec(format);
        SectionFile.write(out, format, List.of(
                new SectionFile.Section("header", codec.write(header)),
                new SectionFile.Section("allocator", codec.write(allocator)),
                new SectionFile.Section("world", codec.write(worldTraits)),
                new SectionFile.Section("entities", codec.write(entities))));
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

    /** The capture's bookkeeping: ids seen (one trait per id), versions, skipped transient traits. */
    private static final class Capture {
        final Map<String, Trait<?>> owners = new java.util.HashMap<>();
        final TreeMap<String, Integer> versions = new TreeMap<>();
        final TreeSet<String> skipped = new TreeSet<>();

        @SuppressWarnings("unchecked")
        void add(TreeMap<String, Tree> into, Trait<?> trait, Object value, String where) {
            if (trait == OpaqueTraits.TRAIT) {
                for (OpaqueTrait o : ((OpaqueTraits) value).byId().values()) {
                    if (!into.containsKey(o.id())) { // a decoded value of the same id wins
                        into.put(o.id(), entry(o.version(), o.value()));
                        versions.merge(o.id(), o.version(), Math::max);
                    }
                }
                return;
            }
            Persistence<Object> p = ((Trait<Object>) trait).persistence().orElse(null);
            if (p == null) {
                skipped.add(trait.name());
                return;
            }
            Trait<?> owner = owners.putIfAbsent(trait.name(), trait);
            if (owner != null && owner != trait) {
                throw new IllegalArgumentException("WorldSnapshot.capture: two different persistent traits have the id '"
                        + trait.name() + "' (from " + owner.origin().getName() + " and " + trait.origin().getName()
                        + "); give each a unique name");
            }
            Tree tree;
            try {
                tree = p.codec().encode(value);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("WorldSnapshot.capture: trait '" + trait.name() + "' of " + where
                        + ": its codec failed: " + e.getMessage(), e);
            }
            if (tree == null) {
                throw new IllegalArgumentException("WorldSnapshot.capture: trait '" + trait.name() + "' of " + where
                        + ": its codec returned null");
            }
            versions.merge(trait.name(), p.version(), Math::max);
            into.put(trait.name(), entry(p.version(), tree));
        }

        private static Tree entry(int version, Tree value) {
            return Tree.obj("version", Tree.of(version), "value", value);
        }
    }
}
