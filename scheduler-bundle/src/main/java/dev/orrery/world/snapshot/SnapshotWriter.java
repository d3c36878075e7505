package dev.orrery.world.snapshot;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.orrery.world.AllocatorState;
import dev.orrery.world.Entity;
import dev.orrery.world.Persistence;
import dev.orrery.world.Trait;
import dev.orrery.world.Tree;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Encodes a capture ({@link CapturedValues}) into a snapshot: the part of a save that runs off the
 * world's thread. Every value is encoded here with its codec, unless the capture already holds its
 * tree.
 *
 * <p>Implementation notes. The entities section is streamed to Jackson's generator entity by entity
 * (slot order, each entity's traits by id), with the same generator calls that writing the equivalent
 * {@link Tree} makes ({@link TreeCodec#write(Tree)}), so the bytes are those of the tree form without
 * building it; each kept value is streamed by its codec ({@link dev.orrery.world.TraitCodec#encodeTo},
 * through a {@link GeneratorSink}), so the derived record codecs build no tree either, and a codec
 * without a streaming form gives its tree to the sink. Each section goes into a {@link SectionBuffer},
 * which keeps its length and checksum as it grows. Per table the persistent columns are sorted by id once. Opaque data follows the rule
 * of a trait map built in column order: an entry is written unless a decoded trait has its id, and its
 * version counts in the header unless a decoded trait of its id comes before the opaque column.
 */
final class SnapshotWriter {
    private final SnapshotFormat format;
    private final List<PluginEntry> plugins;
    private final String orrery;
    private final AllocatorState allocator;
    private final List<CapturedValues.Table> tables;
    private final List<CapturedValues.WorldValue> worldValues;
    private final Map<String, Integer> persistentVersions;
    private final Set<String> skipped;

    SnapshotWriter(SnapshotFormat format, List<PluginEntry> plugins, String orrery, AllocatorState allocator,
            List<CapturedValues.Table> tables, List<CapturedValues.WorldValue> worldValues,
            Map<String, Integer> persistentVersions, Set<String> skipped) {
        this.format = format;
        this.plugins = plugins;
        this.orrery = orrery;
        this.allocator = allocator;
        this.tables = tables;
        this.worldValues = worldValues;
        this.persistentVersions = persistentVersions;
        this.skipped = skipped;
    }

    void write(OutputStream out, SnapshotBuffers buffers) throws IOException {
        SectionFile.Encoded encoded = encode(buffers);
        try {
            encoded.writeTo(out);
        } finally {
            encoded.release();
        }
    }

    /**
     * @param buffers where the sections' memory comes from; the caller gives it back with
     *     {@link SectionFile.Encoded#release}
     * @return the sections encoded, ready to be written
     * @throws IllegalArgumentException if a codec fails or returns null
     */
    SectionFile.Encoded encode(SnapshotBuffers buffers) {
        TreeCodec codec = new TreeCodec(format);
        TreeMap<String, Integer> versions = new TreeMap<>(persistentVersions);
        SectionBuffer entities = codec.buffer(g -> writeEntities(g, versions), buffers);
        SectionBuffer world = codec.buffer(g -> TreeCodec.write(g, worldSection(versions)), buffers);
        SectionBuffer alloc = codec.buffer(this::writeAllocator, buffers);
        SectionBuffer header = codec.buffer(g -> TreeCodec.write(g, header(versions)), buffers);
        return new SectionFile.Encoded(format, WorldSnapshot.SECTIONS, List.of(header, alloc, world, entities));
    }

    private Tree header(TreeMap<String, Integer> versions) {
        List<Tree> pluginTrees = new ArrayList<>();
        plugins.stream().sorted(Comparator.comparing(PluginEntry::name).thenComparing(PluginEntry::version))
                .forEach(p -> pluginTrees.add(Tree.obj("name", Tree.of(p.name()), "version", Tree.of(p.version()))));
        Map<String, Tree> versionTrees = new TreeMap<>();
        versions.forEach((id, v) -> versionTrees.put(id, Tree.of(v)));
        List<Tree> skippedTrees = new ArrayList<>();
        skipped.forEach(n -> skippedTrees.add(Tree.of(n)));
        return Tree.obj("format", Tree.of(SectionFile.FORMAT_VERSION), "orrery", Tree.of(orrery),
                "plugins", new Tree.Array(pluginTrees), "traits", new Tree.Obj(versionTrees),
                "skipped", new Tree.Array(skippedTrees), "entities", Tree.of(allocator.liveCount()));
    }

    private void writeAllocator(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeFieldName("worldTag");
        g.writeNumber((long) allocator.worldTag());
        g.writeFieldName("generations");
        g.writeStartArray();
        for (int gen : allocator.generations()) {
            g.writeNumber((long) gen);
        }
        g.writeEndArray();
        g.writeFieldName("free");
        g.writeStartArray();
        for (int slot : allocator.freeSlots()) {
            g.writeNumber((long) slot);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private Tree worldSection(TreeMap<String, Integer> versions) {
        TreeMap<String, Tree> map = new TreeMap<>();
        for (CapturedValues.WorldValue v : worldValues) {
            if (v.trait() == OpaqueTraits.TRAIT) {
                for (OpaqueTrait o : ((OpaqueTraits) v.value()).byId().values()) {
                    if (!map.containsKey(o.id())) { // a decoded value of the same id wins
                        map.put(o.id(), CapturedValues.entry(o.version(), o.value()));
                        versions.merge(o.id(), o.version(), Math::max);
                    }
                }
            } else {
                Persistence<Object> p = persistence(v.trait());
                Tree tree = v.encoded() ? (Tree) v.value() : encode(v.trait(), p, v.value(), "the world");
                map.put(v.trait().name(), CapturedValues.entry(p.version(), tree));
            }
        }
        List<Tree> out = new ArrayList<>();
        map.forEach((id, entry) -> out.add(Tree.obj("id", Tree.of(id), "version", ((Tree.Obj) entry).get("version"),
                "value", ((Tree.Obj) entry).get("value"))));
        return new Tree.Array(out);
    }

    /** The write order of one table: its persistent columns by id, its opaque column and the ids around it. */
    private static final class Plan {
        final int[] columns;
        final String[] names;
        final Persistence<Object>[] persistence;
        final int opaque;
        final Set<String> decoded = new HashSet<>();
        final Set<String> decodedBeforeOpaque = new HashSet<>();

        @SuppressWarnings("unchecked")
        Plan(CapturedValues.Table t) {
            List<Trait<?>> traits = t.traits();
            int opaqueColumn = -1;
            List<Integer> persistent = new ArrayList<>();
            for (int c = 0; c < traits.size(); c++) {
                Trait<?> trait = traits.get(c);
                if (trait == OpaqueTraits.TRAIT) {
                    opaqueColumn = c;
                } else if (t.columns()[c] != null) {
                    persistent.add(c);
                    decoded.add(trait.name());
                    if (opaqueColumn < 0) {
                        decodedBeforeOpaque.add(trait.name());
                    }
                }
            }
            opaque = opaqueColumn;
            persistent.sort(Comparator.comparing(c -> traits.get(c).name()));
            columns = persistent.stream().mapToInt(Integer::intValue).toArray();
            names = new String[columns.length];
            persistence = persistenceArray(columns.length);
            for (int i = 0; i < columns.length; i++) {
                names[i] = traits.get(columns[i]).name();
                persistence[i] = persistence(traits.get(columns[i]));
            }
        }
    }

    private void writeEntities(JsonGenerator g, TreeMap<String, Integer> versions) throws IOException {
        int slots = allocator.slotCount();
        int[] tableOf = new int[slots];
        int[] rowOf = new int[slots];
        Arrays.fill(tableOf, -1);
        Plan[] plans = new Plan[tables.size()];
        for (int t = 0; t < plans.length; t++) {
            plans[t] = new Plan(tables.get(t));
            long[] handles = tables.get(t).entities();
            for (int row = 0; row < handles.length; row++) {
                int slot = Entity.index(handles[row]);
                tableOf[slot] = t;
                rowOf[slot] = row;
            }
        }
        GeneratorSink sink = new GeneratorSink(g);
        g.writeStartArray();
        for (int slot = 0; slot < slots; slot++) {
            int t = tableOf[slot];
            if (t < 0) {
                continue;
            }
            g.writeStartObject();
            g.writeFieldName("slot");
            g.writeNumber((long) slot);
            g.writeFieldName("generation");
            g.writeNumber((long) allocator.generation(slot));
            g.writeFieldName("traits");
            g.writeStartObject();
            writeTraits(g, sink, tables.get(t), plans[t], rowOf[slot], versions);
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** Writes one entity's trait map: the persistent columns and the opaque entries, merged by id. */
    private static void writeTraits(JsonGenerator g, GeneratorSink sink, CapturedValues.Table table, Plan plan, int row,
            TreeMap<String, Integer> versions) throws IOException {
        Iterator<OpaqueTrait> opaque = plan.opaque < 0 ? null
                : ((OpaqueTraits) table.columns()[plan.opaque][row]).byId().values().iterator();
        OpaqueTrait next = nextOpaque(opaque, plan, versions);
        for (int i = 0; i < plan.columns.length; i++) {
            String name = plan.names[i];
            while (next != null && next.id().compareTo(name) < 0) {
                writeEntry(g, sink, next.id(), next.version(), next.value());
                next = nextOpaque(opaque, plan, versions);
            }
            int c = plan.columns[i];
            Object value = table.columns()[c][row];
            if (table.encoded()[c]) {
                writeEntry(g, sink, name, plan.persistence[i].version(), (Tree) value);
            } else {
                startEntry(g, name, plan.persistence[i].version());
                encodeTo(sink, table.traits().get(c), plan.persistence[i], value, table.entities(), row);
                g.writeEndObject();
            }
        }
        while (next != null) {
            writeEntry(g, sink, next.id(), next.version(), next.value());
            next = nextOpaque(opaque, plan, versions);
        }
    }

    /** @return the next opaque entry no decoded trait of the table replaces, counting its version */
    private static OpaqueTrait nextOpaque(Iterator<OpaqueTrait> opaque, Plan plan, TreeMap<String, Integer> versions) {
        while (opaque != null && opaque.hasNext()) {
            OpaqueTrait o = opaque.next();
            if (!plan.decodedBeforeOpaque.contains(o.id())) {
                versions.merge(o.id(), o.version(), Math::max);
            }
            if (!plan.decoded.contains(o.id())) {
                return o;
            }
        }
        return null;
    }

    private static void writeEntry(JsonGenerator g, GeneratorSink sink, String id, int version, Tree value)
            throws IOException {
        startEntry(g, id, version);
        sink.tree(value);
        g.writeEndObject();
    }

    /** Writes an entry of a trait map up to its value; the value and the end of the object follow. */
    private static void startEntry(JsonGenerator g, String id, int version) throws IOException {
        g.writeFieldName(id);
        g.writeStartObject();
        g.writeFieldName("version");
        g.writeNumber((long) version);
        g.writeFieldName("value");
    }

    /**
     * Writes an entity's value straight to the generator with its codec's streaming form
     * ({@link dev.orrery.world.TraitCodec#encodeTo}); failures are reported as {@link #encode} reports them.
     */
    private static void encodeTo(GeneratorSink sink, Trait<?> trait, Persistence<Object> p, Object value,
            long[] entities, int row) {
        try {
            p.codec().encodeTo(value, sink);
        } catch (GeneratorSink.NullTree e) {
            throw new IllegalArgumentException("WorldSnapshot.writeTo: trait '" + trait.name() + "' of "
                    + CapturedValues.where(entities, row) + ": its codec returned null");
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("WorldSnapshot.writeTo: trait '" + trait.name() + "' of "
                    + CapturedValues.where(entities, row) + ": its codec failed: " + e.getMessage(), e);
        }
    }

    private static Tree encode(Trait<?> trait, Persistence<Object> p, Object value, String where) {
        Tree tree;
        try {
            tree = p.codec().encode(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("WorldSnapshot.writeTo: trait '" + trait.name() + "' of " + where
                    + ": its codec failed: " + e.getMessage(), e);
        }
        if (tree == null) {
            throw new IllegalArgumentException("WorldSnapshot.writeTo: trait '" + trait.name() + "' of " + where
                    + ": its codec returned null");
        }
        return tree;
    }

    @SuppressWarnings("unchecked") // an array of a generic type: only Persistence<Object> values are stored
    private static Persistence<Object>[] persistenceArray(int length) {
        return (Persistence<Object>[]) new Persistence<?>[length];
    }

    @SuppressWarnings("unchecked")
    private static Persistence<Object> persistence(Trait<?> t) {
        return ((Trait<Object>) t).persistence().orElseThrow();
    }
}
