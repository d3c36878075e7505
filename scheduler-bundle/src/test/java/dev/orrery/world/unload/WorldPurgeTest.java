package dev.orrery.world.unload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.Query;
import dev.orrery.world.QueryResult;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitRef;
import dev.orrery.world.World;
import dev.orrery.world.unload.isolated.Payload;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Listing traits, removing a trait from every entity, forgetting a trait, and purging what belongs to
 * unloaded code (docs/architecture.md, "The OSGi host": removed or updated bundles leave no reference behind).
 * The unloaded code is {@link Payload}, loaded by an {@link IsolatedLoader}.
 */
@Tag("engine-independent")
class WorldPurgeTest {
    private static final Trait<Object> ANY = Trait.of("test/any", Object::new);
    private static final Trait<Integer> HP = Trait.withDefault("test/hp", 10);
    private final World world = new World();

    @Test
    void traitOriginIsTheCreatingClassAlsoForWithDefault() {
        assertSame(WorldPurgeTest.class, ANY.origin());
        assertSame(WorldPurgeTest.class, HP.origin());
        IsolatedLoader loader = new IsolatedLoader(Payload.class.getName());
        Trait<?> own = (Trait<?>) loader.call("ownConstantTrait");
        assertSame(loader, own.origin().getClassLoader());
        assertEquals(Payload.class.getName(), own.origin().getName());
    }

    @Test
    void worldTraitsAndEntityTraitsListWhatIsPresent() {
        world.add(ANY);
        world.ref(HP); // a reference alone does not add the trait
        long e = world.spawn(HP.with(3));
        world.spawn(HP.with(4), ANY.with("x"));
        long gone = world.spawn(Trait.of("test/gone", Object::new));
        world.destroy(gone);
        assertEquals(List.of(ANY), world.worldTraits());
        assertEquals(Set.of(HP, ANY), Set.copyOf(world.entityTraits()));
        world.destroy(e);
        assertEquals(Set.of(HP, ANY), Set.copyOf(world.entityTraits()));
        assertThrows(UnsupportedOperationException.class, () -> world.worldTraits().add(HP));
    }

    @Test
    void removeFromEntitiesRemovesTheTraitFromEveryEntityOrThoseWhoseValueMatches() {
        long a = world.spawn(HP.with(1), ANY.with("a"));
        long b = world.spawn(HP.with(2));
        long c = world.spawn(HP.with(3), ANY.with("c"));
        long d = world.spawn(ANY.with("d"));
        assertEquals(2, world.removeFromEntities(HP, v -> v % 2 == 1));
        assertFalse(world.has(a, HP));
        assertEquals(2, world.get(b, HP));
        assertFalse(world.has(c, HP));
        assertEquals("a", world.get(a, ANY));
        assertEquals("c", world.get(c, ANY));
        assertEquals(3, world.removeFromEntities(ANY));
        assertEquals(4, world.entityCount());
        assertTrue(world.isAlive(d));
        assertEquals(List.of(), world.traitsOf(d));
        assertEquals(1, world.query(Query.of(HP)).count());
        assertEquals(0, world.removeFromEntities(Trait.of("test/unseen", Object::new)));
    }

    @Test
    void removeFromEntitiesManyRowsOfOneTableKeepsTheOthersIntact() {
        List<Long> kept = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long e = world.spawn(HP.with(i), ANY.with(i));
            if (i % 3 != 0) {
                kept.add(e);
            }
        }
        assertEquals(34, world.removeFromEntities(ANY, v -> (Integer) v % 3 == 0));
        for (long e : kept) {
            assertEquals(world.get(e, HP), world.get(e, ANY));
        }
        assertEquals(66, world.query(Query.of(ANY)).count());
        assertEquals(100, world.query(Query.of(HP)).count());
    }

    @Test
    void forgetRemovesTheTraitEverywhereAndDetachesReferencesAndQueries() {
        Trait<String> tag = Trait.withDefault("test/tag", "t");
        world.set(tag, "world value");
        TraitRef<String> oldRef = world.ref(tag);
        long e = world.spawn(tag.with("x"), HP.with(1));
        QueryResult oldQuery = world.query(Query.of(tag));
        QueryResult hpQuery = world.query(Query.of(HP));

        assertEquals(1, world.forget(tag));
        assertFalse(world.has(tag));
        assertFalse(world.has(e, tag));
        assertEquals(1, world.get(e, HP));
        assertFalse(world.entityTraits().contains(tag));
        assertNotSame(oldRef, world.ref(tag));
        assertNotSame(oldQuery, world.query(Query.of(tag)));
        assertSame(hpQuery, world.query(Query.of(HP)));

        // The trait works again as a new one.
        world.add(e, tag, "again");
        assertEquals("again", world.get(e, tag));
        assertEquals(1, world.query(Query.of(tag)).count());
        assertEquals(1, hpQuery.count());
    }

    @Test
    void forgetInsideAQueryIterationThrowsAndChangesNothing() {
        long e = world.spawn(HP.with(1), ANY.with("a"));
        IllegalStateException ex = assertThrows(IllegalStateException.class,
                () -> world.query(Query.of(HP)).forEach(x -> world.forget(ANY)));
        assertEquals("World.forget: cannot run while a query is iterating this world", ex.getMessage());
        assertEquals("a", world.get(e, ANY));
        assertThrows(IllegalStateException.class, () -> world.query(Query.of(HP)).forEach(x -> WorldPurge.purge(world,
                Unloading.of(l -> true))));
        assertThrows(IllegalStateException.class, () -> world.query(Query.of(HP)).forEach(x ->
                world.removeFromEntities(ANY)));
        assertEquals("a", world.get(e, ANY));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void purgeDropsTraitsAndValuesOfUnloadedCodeAndKeepsTheRest() {
        IsolatedLoader loader = new IsolatedLoader(Payload.class.getName());
        Trait own = (Trait) loader.call("ownTrait");
        Trait constant = (Trait) loader.call("ownConstantTrait");
        world.add(own);                                   // world trait of unloaded code
        world.add(constant);                              // ... created by it, JDK default value
        world.set(ANY, loader.call("value"));             // unloaded value in a trait that stays
        world.set(HP, 5);                                 // stays
        long e1 = world.spawn(HP.with(1), own.with(loader.call("value")));
        long e2 = world.spawn(HP.with(2), ANY.with(loader.call("value")));
        long e3 = world.spawn(ANY.with("jdk"), constant.with("c"));
        long e4 = world.spawn(ANY.with(((Supplier<?>) loader.call("factory"))));
        world.query(Query.builder().with(HP).without(own).build()).count();
        Recorder recorder = new Recorder(loader);
        Trait<Recorder> registry = Trait.withDefault("test/registry", recorder);
        world.add(registry);

        Map<ClassLoader, Integer> asked = new IdentityHashMap<>();
        PurgeReport report = WorldPurge.purge(world, Unloading.of(l -> {
            asked.merge(l, 1, Integer::sum);
            return l == loader;
        }));

        assertEquals(new PurgeReport(3, 4, 1), report, report.toString());
        assertFalse(world.has(own));
        assertFalse(world.has(constant));
        assertFalse(world.has(ANY));
        assertEquals(5, world.get(HP));
        assertEquals(List.of(HP), world.traitsOf(e1));
        assertEquals(List.of(HP), world.traitsOf(e2));
        assertEquals("jdk", world.get(e3, ANY));
        assertFalse(world.has(e3, constant));
        assertEquals(List.of(), world.traitsOf(e4));
        assertEquals(4, world.entityCount());
        assertEquals(List.of("kept"), recorder.entries);
        assertTrue(asked.values().stream().allMatch(n -> n == 1), "each loader asked once: " + asked);
        assertTrue(WorldPurge.purge(world, Unloading.of(loader)).isEmpty(), "a second purge finds nothing");
    }

    @Test
    void afterPurgeTheWorldNoLongerReachesTheUnloadedLoader() throws InterruptedException {
        WeakReference<ClassLoader> ref = fillWithIsolatedCode();
        PurgeReport report = WorldPurge.purge(world, Unloading.of(l -> l == ref.get()));
        assertFalse(report.isEmpty());
        assertTrue(Reachability.awaitCleared(ref), "the world still reaches the isolated loader");
        assertEquals(5, world.entityCount());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private WeakReference<ClassLoader> fillWithIsolatedCode() {
        IsolatedLoader loader = new IsolatedLoader(Payload.class.getName());
        Trait own = (Trait) loader.call("ownTrait");
        world.add(own);
        world.ref(own);
        for (int i = 0; i < 5; i++) {
            world.spawn(HP.with(i), own.with(loader.call("value")), ANY.with(loader.call("value")));
        }
        world.query(Query.of(own, HP)).count();
        world.query(Query.builder().with(HP).without(own).build()).count();
        return new WeakReference<>(loader);
    }

    /** A purgeable registry with one entry of unloaded code and one that stays. */
    private static final class Recorder implements Purgeable {
        final List<Object> entries = new ArrayList<>();

        Recorder(IsolatedLoader loader) {
            entries.add(loader.call("factory"));
            entries.add("kept");
        }

        @Override
        public int purge(Unloading unloading) {
            int before = entries.size();
            entries.removeIf(unloading::isUnloaded);
            return before - entries.size();
        }
    }
}
