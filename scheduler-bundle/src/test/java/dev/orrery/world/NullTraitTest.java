package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** A null trait is rejected by every world and entity method with a message naming the method. */
@Tag("engine-independent")
class NullTraitTest {
    private final Trait<Integer> health = Trait.withDefault("Health", 100);
    private final World world = new World();

    @Test
    void everyTraitMethodNamesItselfAndSaysTheTraitIsNull() {
        long e = world.spawn(health.with(1));
        List<String> messages = List.of("World.add: trait is null", "World.add: trait is null",
                "World.has: trait is null", "World.get: trait is null", "World.set: trait is null",
                "World.remove: trait is null", "World.ref: trait is null");
        List<Executable> calls = List.of(
                () -> world.add((Trait<Integer>) null),
                () -> world.add((Trait<Integer>) null, 1),
                () -> world.has(null),
                () -> world.get(null),
                () -> world.set(null, 1),
                () -> world.remove(null),
                () -> world.ref(null));
        for (int i = 0; i < calls.size(); i++) {
            assertEquals(messages.get(i), assertThrows(NullPointerException.class, calls.get(i)).getMessage());
        }
        // null value and null trait together: the trait is reported, not an NPE without a message
        assertEquals("World.set: trait is null",
                assertThrows(NullPointerException.class, () -> world.set(null, null)).getMessage());
        assertEquals("World.add: trait is null",
                assertThrows(NullPointerException.class, () -> world.add(null, null)).getMessage());

        List<String> entityMessages = List.of("World.add: trait is null", "World.add: trait is null",
                "World.has: trait is null", "World.get: trait is null", "World.set: trait is null",
                "World.set: trait is null", "World.remove: trait is null");
        List<Executable> entityCalls = List.of(
                () -> world.add(e, (Trait<Integer>) null),
                () -> world.add(e, (Trait<Integer>) null, 2),
                () -> world.has(e, null),
                () -> world.get(e, null),
                () -> world.set(e, null, 2),
                () -> world.set(e, null, null),
                () -> world.remove(e, null));
        for (int i = 0; i < entityCalls.size(); i++) {
            assertEquals(entityMessages.get(i),
                    assertThrows(NullPointerException.class, entityCalls.get(i)).getMessage());
        }
        assertEquals(1, world.get(e, health));
        assertEquals(List.of(health), world.traitsOf(e));
    }
}
