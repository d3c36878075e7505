package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link TraitCodec#encodeTo}: the derived codecs stream exactly the events of the tree they encode
 * (so a snapshot's bytes do not depend on the path), and other codecs stream their tree.
 */
@Tag("engine-independent")
class TraitCodecStreamingTest {
    enum Faction { RED, BLUE }

    record Small(short s, byte b, Short boxedShort, Byte boxedByte, Long boxedLong, Double boxedDouble, Float boxedFloat,
            Boolean boxedBool, Character boxedChar) {
    }

    record Stats(int hp, long xp, double speed, float scale, boolean alive, char mark, String name, Faction faction) {
    }

    record Bag(List<String> items, java.util.Set<Integer> keys, Map<String, Stats> named, Integer maybe, Tree extra,
            Small small, List<Stats> nested) {
    }

    /** Logs each event, so two event streams compare as lists. */
    static final class Log implements TreeSink {
        final List<String> events = new ArrayList<>();

        @Override
        public void startObject() {
            events.add("{");
        }

        @Override
        public void field(String name) {
            events.add("field " + name);
        }

        @Override
        public void endObject() {
            events.add("}");
        }

        @Override
        public void startArray() {
            events.add("[");
        }

        @Override
        public void endArray() {
            events.add("]");
        }

        @Override
        public void value(long value) {
            events.add("long " + value);
        }

        @Override
        public void value(double value) {
            events.add("double " + Double.doubleToRawLongBits(value));
        }

        @Override
        public void value(String value) {
            events.add("text " + value);
        }

        @Override
        public void value(boolean value) {
            events.add("bool " + value);
        }

        @Override
        public void nil() {
            events.add("null");
        }
    }

    private static <T> List<String> streamed(TraitCodec<T> codec, T value) throws IOException {
        Log log = new Log();
        codec.encodeTo(value, log);
        return log.events;
    }

    private static List<String> walked(Tree tree) throws IOException {
        Log log = new Log();
        log.tree(tree);
        return log.events;
    }

    @Test
    void aRecordStreamsTheEventsOfItsTree() throws IOException {
        TraitCodec<Stats> codec = TraitCodec.of(Stats.class);
        for (Stats s : List.of(new Stats(7, 1L << 40, 1.5, 0.1f, true, 'x', "orc", Faction.BLUE),
                new Stats(-1, Long.MIN_VALUE, Double.NaN, Float.NEGATIVE_INFINITY, false, '\u00e9', null, null))) {
            assertEquals(walked(codec.encode(s)), streamed(codec, s), s.toString());
        }
    }

    @Test
    void collectionsWrappersNullsAndTreesStreamAsTheirTrees() throws IOException {
        TraitCodec<Bag> codec = TraitCodec.of(Bag.class);
        Map<String, Stats> named = new LinkedHashMap<>();
        named.put("b", new Stats(1, 2, 3, 4, false, 'c', null, Faction.RED));
        named.put("a", null);
        List<Stats> nested = new ArrayList<>();
        nested.add(null);
        nested.add(new Stats(0, 0, -0.0, 0, true, ' ', "", null));
        Bag full = new Bag(List.of("a", "b"), new LinkedHashSet<>(List.of(3, 1, 2)), named, 5,
                Tree.obj("x", Tree.of(1), "y", new Tree.Array(List.of(Tree.nil(), Tree.of(true), Tree.of(0.5), Tree.of("t")))),
                new Small((short) -3, (byte) 7, (short) 4, null, 9L, null, 2.5f, true, 'q'), nested);
        Bag empty = new Bag(List.of(), java.util.Set.of(), Map.of(), null, null,
                new Small((short) 0, (byte) 0, null, (byte) -1, null, 1e300, null, null, null), null);
        for (Bag b : List.of(full, empty)) {
            assertEquals(walked(codec.encode(b)), streamed(codec, b), b.toString());
        }
        assertEquals(walked(TraitCodec.of(Faction.class).encode(Faction.RED)), streamed(TraitCodec.of(Faction.class), Faction.RED));
    }

    @Test
    void aMapWithANullKeyFailsAsItsTreeDoes() {
        record Named(Map<String, Integer> byName) {
        }
        TraitCodec<Named> codec = TraitCodec.of(Named.class);
        Map<String, Integer> withNull = new HashMap<>();
        withNull.put(null, 1);
        Named n = new Named(withNull);
        assertEquals(assertThrows(NullPointerException.class, () -> codec.encode(n)).getMessage(),
                assertThrows(NullPointerException.class, () -> streamed(codec, n)).getMessage());
    }

    @Test
    void aCodecOfFunctionsStreamsItsTree() throws IOException {
        TraitCodec<String> codec = TraitCodec.of(s -> Tree.obj("s", Tree.of(s)), t -> "");
        assertEquals(List.of("{", "field s", "text v", "}"), streamed(codec, "v"));
        TraitCodec<String> broken = TraitCodec.of(s -> null, t -> "");
        assertEquals("TreeSink.tree: tree is null",
                assertThrows(NullPointerException.class, () -> streamed(broken, "v")).getMessage());
    }
}
