package dev.orrery.world.snapshot;

import dev.orrery.world.AllocatorState;
import dev.orrery.world.Entity;
import dev.orrery.world.Persistence;
import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitValue;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a snapshot into a world: container, then every section decoded into values, then the world
 * replaced in one go.
 *
 * <p>Implementation notes. Decoding (migrations and codecs included) completes before the first
 * change to the world, so any failure leaves it as it was; the only steps after the first change are
 * the allocator install ({@link World#restoreEntities}, which checks its input before it changes
 * anything) and world-trait sets, which do not fail.
 */
final class SnapshotReader {
    private static final System.Logger LOG = System.getLogger("dev.orrery.world.snapshot");

    private final String source;
    private final Definitions definitions;
    /** The ids already warned about (newer data), so each is warned about once per restore. */
    private final Set<String> warned = new HashSet<>();
    private int migrated;
    private int opaque;

    private SnapshotReader(String source, Definitions definitions) {
        this.source = source;
        this.definitions = definitions;
    }

    static RestoreReport restore(InputStream in, World world, SnapshotOptions options) throws IOException {
        SectionFile.Contents contents = SectionFile.read(in, options.source(), WorldSnapshot.SECTIONS);
        TreeCodec codec = new TreeCodec(contents.format());
        SnapshotReader r = new SnapshotReader(options.source(), Definitions.of(world, options.traits(), "WorldSnapshot.restore"));
        Tree header = r.parse(codec, contents, "header");
        Tree alloc = r.parse(codec, contents, "allocator");
        Tree worldSection = r.parse(codec, contents, "world");
        Tree entitySection = r.parse(codec, contents, "entities");

        String orrery;
        List<PluginEntry> plugins = new ArrayList<>();
        AllocatorState allocator;
        try {
            Tree.Obj h = Fields.obj(header, "header");
            int format = Fields.intField(h, "format", "header");
            if (format != SectionFile.FORMAT_VERSION) {
                throw new IllegalArgumentException("has format " + format + "; this Orrery reads format " + SectionFile.FORMAT_VERSION);
            }
            orrery = Fields.text(Fields.field(h, "orrery", "header"), "header.orrery");
            for (Tree p : Fields.array(Fields.field(h, "plugins", "header"), "header.plugins")) {
                Tree.Obj o = Fields.obj(p, "header.plugins[]");
                plugins.add(new PluginEntry(Fields.text(Fields.field(o, "name", "plugin"), "plugin.name"),
                        Fields.text(Fields.field(o, "version", "plugin"), "plugin.version")));
            }
        } catch (IllegalArgumentException e) {
            throw new SnapshotException(r.source, "header", e.getMessage(), e);
        }
        try {
            Tree.Obj a = Fields.obj(alloc, "allocator");
            List<Tree> gens = Fields.array(Fields.field(a, "generations", "allocator"), "allocator.generations");
            int[] g = new int[gens.size()];
            for (int i = 0; i < g.length; i++) {
                g[i] = Math.toIntExact(Fields.integer(gens.get(i), "allocator.generations[" + i + "]"));
            }
            List<Tree> free = Fields.array(Fields.field(a, "free", "allocator"), "allocator.free");
            int[] f = new int[free.size()];
            for (int i = 0; i < f.length; i++) {
                f[i] = Math.toIntExact(Fields.integer(free.get(i), "allocator.free[" + i + "]"));
            }
            allocator = new AllocatorState(Fields.intField(a, "worldTag", "allocator"), g, f);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new SnapshotException(r.source, "allocator", e.getMessage(), e);
        }

        List<TraitValue<?>> worldValues = new ArrayList<>();
        List<OpaqueTrait> worldOpaque = new ArrayList<>();
        try {
            for (Tree t : Fields.array(worldSection, "world")) {
                Tree.Obj o = Fields.obj(t, "world[]");
                String id = Fields.text(Fields.field(o, "id", "world trait"), "world trait id");
                r.decode(id, o, "the world", worldValues, worldOpaque);
            }
        } catch (IllegalArgumentException e) {
            throw new SnapshotException(r.source, "world", e.getMessage(), e);
        }

        List<Tree> entityTrees;
        long[] handles;
        TraitValue<?>[][] values;
        try {
            entityTrees = Fields.array(entitySection, "entities");
            handles = new long[entityTrees.size()];
            values = new TraitValue<?>[entityTrees.size()][];
            for (int i = 0; i < handles.length; i++) {
                Tree.Obj o = Fields.obj(entityTrees.get(i), "entities[" + i + "]");
                int slot = Fields.intField(o, "slot", "entities[" + i + "]");
                if (slot < 0 || slot >= allocator.slotCount()) {
                    throw new IllegalArgumentException("entities[" + i + "]: slot " + slot + " is not a slot of the allocator");
                }
                handles[i] = allocator.handle(slot);
                String where = "entity " + Entity.toString(handles[i]);
                if (Fields.intField(o, "generation", where) != allocator.generation(slot)) {
                    throw new IllegalArgumentException(where + ": its generation differs from the allocator's");
                }
                List<TraitValue<?>> ev = new ArrayList<>();
                List<OpaqueTrait> eo = new ArrayList<>();
                for (Map.Entry<String, Tree> e : Fields.obj(Fields.field(o, "traits", where), where + ".traits").fields().entrySet()) {
                    r.decode(e.getKey(), Fields.obj(e.getValue(), where + " trait " + e.getKey()), where, ev, eo);
                }
                if (!eo.isEmpty()) {
                    ev.add(OpaqueTraits.TRAIT.with(OpaqueTraits.of(eo)));
                }
                values[i] = ev.toArray(new TraitValue<?>[0]);
            }
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new SnapshotException(r.source, "entities", e.getMessage(), e);
        }
        try {
            world.restoreEntities(allocator, handles, values);
        } catch (IllegalArgumentException e) {
            throw new SnapshotException(r.source, "entities", e.getMessage(), e);
        }
        for (Trait<?> t : world.worldTraits()) {
            if (t.isPersistent() || t == OpaqueTraits.TRAIT) {
                world.remove(t);
            }
        }
        for (TraitValue<?> v : worldValues) {
            set(world, v);
        }
        if (!worldOpaque.isEmpty()) {
            world.set(OpaqueTraits.TRAIT, OpaqueTraits.of(worldOpaque));
        }
        return new RestoreReport(orrery, plugins, handles.length, worldValues.size(), r.migrated, r.opaque);
    }

    private static <T> void set(World world, TraitValue<T> v) {
        world.set(v.trait(), v.value());
    }

    private Tree parse(TreeCodec codec, SectionFile.Contents contents, String section) throws SnapshotException {
        try {
            return codec.read(contents.sections().get(section));
        } catch (IOException | RuntimeException e) {
            throw new SnapshotException(source, section, "is not valid " + contents.format().id().toUpperCase(java.util.Locale.ROOT)
                    + ": " + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Decodes one stored entry ({@code version}, {@code value}) into a value, or keeps it opaque. */
    private void decode(String id, Tree.Obj entry, String where, List<TraitValue<?>> values, List<OpaqueTrait> opaques) {
        int version = Fields.intField(entry, "version", where + " trait " + id);
        Tree value = Fields.field(entry, "value", where + " trait " + id);
        if (version < 1) {
            throw new IllegalArgumentException(where + " trait '" + id + "': version " + version + " is below 1");
        }
        Trait<?> def = definitions.get(id);
        if (def == null) {
            opaques.add(new OpaqueTrait(id, version, value));
            opaque++;
            return;
        }
        int known = def.persistence().orElseThrow().version();
        if (version > known) {
            if (warned.add(id)) {
                LOG.log(Level.WARNING, source + ": trait '" + id + "' was saved by version " + version
                        + " but the running code knows version " + known + "; kept as opaque data, not downgraded");
            }
            opaques.add(new OpaqueTrait(id, version, value));
            opaque++;
            return;
        }
        try {
            values.add(decoded(def, version, value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + " trait '" + id + "' (version " + version + "): " + e.getMessage(), e);
        }
        if (version < known) {
            migrated++;
        }
    }

    private static <T> TraitValue<T> decoded(Trait<T> def, int version, Tree value) {
        Persistence<T> p = def.persistence().orElseThrow();
        Tree current = p.upgrade(version, value);
        T v;
        try {
            v = p.codec().decode(current);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) { // a hand-written codec that casts: report it like a shape error
            throw new IllegalArgumentException("the codec failed: " + e, e);
        }
        if (v == null) {
            throw new IllegalArgumentException("the codec returned null");
        }
        return def.with(v);
    }

    static int rehydrate(World world, Definitions definitions) {
        int done = 0;
        Set<String> warned = new HashSet<>();
        for (long e : world.query(Query.of(OpaqueTraits.TRAIT)).entities()) {
            OpaqueTraits left = world.get(e, OpaqueTraits.TRAIT);
            for (OpaqueTrait o : left.byId().values()) {
                TraitValue<?> v = rehydrated(definitions, o, "entity " + Entity.toString(e), warned);
                if (v != null) {
                    setOn(world, e, v);
                    left = left.without(o.id());
                    done++;
                }
            }
            if (left.isEmpty()) {
                world.remove(e, OpaqueTraits.TRAIT);
            } else {
                world.set(e, OpaqueTraits.TRAIT, left);
            }
        }
        OpaqueTraits left = world.get(OpaqueTraits.TRAIT);
        if (left != null) {
            for (OpaqueTrait o : left.byId().values()) {
                TraitValue<?> v = rehydrated(definitions, o, "the world", warned);
                if (v != null) {
                    set(world, v);
                    left = left.without(o.id());
                    done++;
                }
            }
            if (left.isEmpty()) {
                world.remove(OpaqueTraits.TRAIT);
            } else {
                world.set(OpaqueTraits.TRAIT, left);
            }
        }
        return done;
    }

    private static TraitValue<?> rehydrated(Definitions definitions, OpaqueTrait o, String where, Set<String> warned) {
        Trait<?> def = definitions.get(o.id());
        if (def == null || !def.persistence().orElseThrow().canRead(o.version())) {
            return null;
        }
        try {
            return decoded(def, o.version(), o.value());
        } catch (IllegalArgumentException e) {
            if (!warned.add(o.id())) {
                return null;
            }
            LOG.log(Level.WARNING, "WorldSnapshot.rehydrate: trait '" + o.id() + "' of " + where + " (version " + o.version()
                    + ") stays opaque: " + e.getMessage());
            return null;
        }
    }

    private static <T> void setOn(World world, long entity, TraitValue<T> v) {
        world.set(entity, v.trait(), v.value());
    }
}
