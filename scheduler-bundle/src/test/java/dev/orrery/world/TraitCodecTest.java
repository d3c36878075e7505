package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("engine-independent")
class TraitCodecTest {
    enum Faction { RED, BLUE }

    record Stats(int hp, long xp, double speed, float scale, boolean alive, char mark, String name, Faction faction) {
    }

    record Bag(List<String> items, Set<Integer> keys, Map<String, Stats> named, Integer maybe, Tree extra) {
    }

    @Test
    void recordsRoundTripThroughTheirComponents() {
        TraitCodec<Stats> codec = TraitCodec.of(Stats.class);
        Stats s = new Stats(7, 1L << 40, 1.5, 0.25f, true, 'x', "orc", Faction.BLUE);
        Tree tree = codec.encode(s);
        assertEquals(List.of("hp", "xp", "speed", "scale", "alive", "mark", "name", "faction"),
                List.copyOf(((Tree.Obj) tree).fields().keySet()), "one field per component, declaration order");
        assertEquals(Tree.of("BLUE"), ((Tree.Obj) tree).get("faction"));
        assertEquals(s, codec.decode(tree));
    }

    @Test
    void nestedCollectionsNullsAndTreesRoundTrip() {
        TraitCodec<Bag> codec = TraitCodec.of(Bag.class);
        Bag b = new Bag(List.of("a", "b"), Set.of(3), Map.of("k", new Stats(1, 2, 3, 4, false, 'c', null, null)), null,
                Tree.obj("x", Tree.of(1)));
        assertEquals(b, codec.decode(codec.encode(b)));
    }

    @Test
    void enumsAreTheirNames() {
        TraitCodec<Faction> codec = TraitCodec.of(Faction.class);
        assertEquals(Tree.of("RED"), codec.encode(Faction.RED));
        assertSame(Faction.BLUE, codec.decode(Tree.of("BLUE")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.decode(Tree.of("GREEN")));
        assertEquals("Faction: Faction has no constant 'GREEN'", e.getMessage());
    }

    @Test
    void decodingIsStrictAndNamesTheField() {
        TraitCodec<Stats> codec = TraitCodec.of(Stats.class);
        Tree.Obj good = (Tree.Obj) codec.encode(new Stats(1, 2, 3, 4, true, 'a', "n", Faction.RED));
        assertEquals("Stats: field 'hp' is missing",
                assertThrows(IllegalArgumentException.class, () -> codec.decode(good.without("hp"))).getMessage());
        assertEquals("Stats: unknown field 'mana'",
                assertThrows(IllegalArgumentException.class, () -> codec.decode(good.with("mana", Tree.of(3)))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> codec.decode(good.with("hp", Tree.of("x"))))
                .getMessage().startsWith("Stats.hp: expected an integer"));
    }

    @Test
    void otherClassesAreRefusedWithTheirName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraitCodec.of(StringBuilder.class));
        assertTrue(e.getMessage().contains("java.lang.StringBuilder is neither a record nor an enum"), e.getMessage());
        record Bad(StringBuilder sb) {
        }
        IllegalArgumentException c = assertThrows(IllegalArgumentException.class, () -> TraitCodec.of(Bad.class));
        assertTrue(c.getMessage().contains("component Bad.sb has type java.lang.StringBuilder"), c.getMessage());
    }

    @Test
    void migrationsRunInOrderFromTheStoredVersion() {
        record Hp(int current, int max) {
        }
        Trait<Hp> hp = Trait.<Hp>builder("test/hp").defaultValue(new Hp(1, 1))
                .persistent(3, TraitCodec.of(Hp.class))
                .migration(1, t -> Tree.obj("current", ((Tree.Obj) t).get("hp")))
                .migration(2, t -> ((Tree.Obj) t).with("max", ((Tree.Obj) t).get("current")))
                .build();
        Persistence<Hp> p = hp.persistence().orElseThrow();
        assertEquals(new Hp(5, 5), p.codec().decode(p.upgrade(1, Tree.obj("hp", Tree.of(5)))), "v1 -> v3");
        assertEquals(new Hp(4, 4), p.codec().decode(p.upgrade(2, Tree.obj("current", Tree.of(4)))), "v2 -> v3");
        assertTrue(p.canRead(1));
        assertFalse(p.canRead(4), "newer data is never downgraded");
        assertEquals("version 4 cannot be upgraded to version 3",
                assertThrows(IllegalArgumentException.class, () -> p.upgrade(4, Tree.nil())).getMessage());
        assertTrue(hp.isPersistent());
        assertSame(TraitCodecTest.class, hp.origin(), "the builder's caller owns the trait");
    }

    @Test
    void builderRefusesGapsAndMisplacedMigrationsByName() {
        assertEquals("Trait.builder: trait 't' has no default (defaultValue or defaultFactory)",
                assertThrows(IllegalStateException.class, () -> Trait.<String>builder("t").build()).getMessage());
        assertEquals("Trait.builder: trait 't' has a migration from version 2 but its version is 2",
                assertThrows(IllegalStateException.class, () -> Trait.<String>builder("t").defaultValue("")
                        .persistent(2, TraitCodec.<String>of(Tree::of, Tree::toString)).migration(2, x -> x).build()).getMessage());
        Trait<String> gap = Trait.<String>builder("t").defaultValue("").persistent(3, TraitCodec.<String>of(Tree::of, Tree::toString))
                .migration(2, x -> x).build();
        assertFalse(gap.persistence().orElseThrow().canRead(1), "no step from 1");
        assertEquals("no migration from version 1 to 2",
                assertThrows(IllegalArgumentException.class, () -> gap.persistence().orElseThrow().upgrade(1, Tree.nil())).getMessage());
        assertFalse(Trait.of("plain", Object::new).isPersistent());
        assertThrows(IllegalArgumentException.class, () -> Trait.builder(" "));
    }
}
