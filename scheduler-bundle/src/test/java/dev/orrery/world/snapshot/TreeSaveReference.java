package dev.orrery.world.snapshot;

import dev.orrery.world.AllocatorState;
import dev.orrery.world.Entity;
import dev.orrery.world.Persistence;
import dev.orrery.world.Trait;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The tree-building save that the streaming capture replaced, kept as the reference the new one must
 * match byte for byte: every value encoded to a tree, the whole world built as one tree per section.
 */
final class TreeSaveReference {
    private TreeSaveReference() {
    }

    static byte[] save(World world, SnapshotOptions options) throws IOException {
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
        TreeCodec codec = new TreeCodec(options.format());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SectionFile.write(out, options.format(), List.of(
                new SectionFile.Section("header", codec.write(header)),
                new SectionFile.Section("allocator", codec.write(allocTree)),
                new SectionFile.Section("world", codec.write(new Tree.Array(worldTrees))),
                new SectionFile.Section("entities", codec.write(new Tree.Array(entityTrees)))));
        return out.toByteArray();
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
