package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.world.World;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own): each {@code runIf} adds a condition; all must hold (AND),
 * in declaration order, short-circuiting, after the set conditions in the order of the system's sets
 * (SCH-118 stays true).
 */
class AccumulatedConditionsTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    @Test
    @DisplayName("EcsSystem runIf(false).runIf(true) does not run (AND, the last one no longer wins)")
    void system_conditions_are_anded() {
        EcsSystem s = EcsSystem.builder("s").runIf(w -> false).runIf(w -> true).run(trace.records("s")).build();
        EcsSystem t = EcsSystem.builder("t").runIf(w -> true).runIf(w -> false).run(trace.records("t")).build();
        EcsSystem u = EcsSystem.builder("u").runIf(w -> true).runIf(w -> true).run(trace.records("u")).build();
        Schedule.builder("and").systems(s, t, u).build().run(world, 0);
        assertEquals(List.of("u"), trace.take());
    }

    @Test
    @DisplayName("SystemSet runIf(...).runIf(...) ANDs for every member")
    void set_conditions_are_anded() {
        SystemSet closed = SystemSet.builder("S").runIf(w -> false).runIf(w -> true).build();
        SystemSet open = SystemSet.builder("O").runIf(w -> true).runIf(w -> true).build();
        EcsSystem a = EcsSystem.builder("a").sets(closed).run(trace.records("a")).build();
        EcsSystem b = EcsSystem.builder("b").phase(Phase.ON_STORE).sets(closed).run(trace.records("b")).build();
        EcsSystem c = EcsSystem.builder("c").sets(open).run(trace.records("c")).build();
        Schedule.builder("sets").sets(closed, open).systems(a, b, c).build().run(world, 0);
        assertEquals(List.of("c"), trace.take());
    }

    @Test
    @DisplayName("SCH-118 with several conditions: set conditions in the order of the system's sets (each in declaration order), then its own in declaration order; short-circuit")
    void SCH_118_order_with_several_conditions_per_set_and_system() {
        boolean[] results = {true, true, true, true, true, true};
        SystemSet x = SystemSet.builder("X").runIf(flag("x1", results, 0)).runIf(flag("x2", results, 1)).build();
        SystemSet y = SystemSet.builder("Y").runIf(flag("y1", results, 2)).runIf(flag("y2", results, 3)).build();
        EcsSystem s = EcsSystem.builder("s").sets(y, x).runIf(flag("o1", results, 4)).runIf(flag("o2", results, 5))
                .run(trace.records("s")).build();
        Schedule schedule = Schedule.builder("order").sets(x, y).systems(s).build();

        schedule.run(world, 0);
        assertEquals(List.of("?y1", "?y2", "?x1", "?x2", "?o1", "?o2", "s"), trace.take());
        List<List<String>> expected = List.of(
                List.of("?y1", "?y2", "?x1"),
                List.of("?y1", "?y2", "?x1", "?x2"),
                List.of("?y1"),
                List.of("?y1", "?y2"),
                List.of("?y1", "?y2", "?x1", "?x2", "?o1"),
                List.of("?y1", "?y2", "?x1", "?x2", "?o1", "?o2"));
        for (int k = 0; k < results.length; k++) {
            results[k] = false;
            schedule.run(world, 0);
            assertEquals(expected.get(k), trace.take(), "condition " + k + " false");
            results[k] = true;
        }
    }

    @Test
    @DisplayName("a set listed twice among a system's sets contributes its conditions once")
    void duplicate_set_tested_once() {
        SystemSet x = SystemSet.builder("X").runIf(trace.condition("x1", true)).runIf(trace.condition("x2", true)).build();
        EcsSystem s = EcsSystem.builder("s").sets(x, x).run(trace.records("s")).build();
        Schedule.builder("dup").sets(x).systems(s).build().run(world, 0);
        assertEquals(List.of("?x1", "?x2", "s"), trace.take());
    }

    @Test
    @DisplayName("fault attribution: a throwing second condition of a set names that set; a throwing second own condition is CONDITION")
    void failures_name_the_right_set_and_stage() {
        RuntimeException inSet = new RuntimeException("second of Y");
        SystemSet x = SystemSet.builder("X").runIf(w -> true).runIf(w -> true).build();
        SystemSet y = SystemSet.builder("Y").runIf(w -> true).runIf(w -> {
            throw inSet;
        }).build();
        EcsSystem s = EcsSystem.builder("s").sets(x, y).run(trace.records("s")).build();
        Schedule schedule = Schedule.builder("main").sets(x, y).systems(s).build();
        assertSame(inSet, assertThrows(RuntimeException.class, () -> schedule.run(world, 0)));
        assertEquals(Optional.of(new RunFailure("main", s, "main", Stage.SET_CONDITION, "Y")), RunFailure.of(world, inSet));

        RuntimeException own = new RuntimeException("second own");
        EcsSystem t = EcsSystem.builder("t").runIf(w -> true).runIf(w -> {
            throw own;
        }).run(trace.records("t")).build();
        Schedule second = Schedule.builder("main").systems(t).build();
        World w2 = new World();
        assertSame(own, assertThrows(RuntimeException.class, () -> second.run(w2, 0)));
        assertEquals(Optional.of(new RunFailure("main", t, "main", Stage.CONDITION, null)), RunFailure.of(w2, own));
        assertEquals(List.of(), trace.take());
    }

    @Test
    @DisplayName("conditions() lists every runIf in order; a null condition is refused naming the system or set")
    void accessors() {
        Condition yes = w -> true;
        Condition no = w -> false;
        EcsSystem none = EcsSystem.builder("none").run(trace.records("n")).build();
        assertEquals(List.of(), none.conditions());
        NullPointerException e = assertThrows(NullPointerException.class, () -> EcsSystem.builder("none").runIf(null));
        assertEquals("defineSystem 'none': runIf condition is null", e.getMessage());

        EcsSystem one = EcsSystem.builder("one").runIf(yes).run(trace.records("o")).build();
        assertEquals(List.of(yes), one.conditions());

        EcsSystem two = EcsSystem.builder("two").runIf(yes).runIf(no).run(trace.records("t")).build();
        assertEquals(List.of(yes, no), two.conditions());
        assertSame(two.conditions(), two.config().conditions());
        assertThrows(UnsupportedOperationException.class, () -> two.conditions().add(yes));

        SystemSet set = SystemSet.builder("S").runIf(no).runIf(yes).build();
        assertEquals(List.of(no, yes), set.conditions());
        assertEquals(List.of(), SystemSet.define("plain").conditions());
        e = assertThrows(NullPointerException.class, () -> SystemSet.builder("S").runIf(null));
        assertEquals("defineSet 'S': runIf condition is null", e.getMessage());
    }

    @Test
    @DisplayName("withoutPlugins keeps every condition of the remaining systems")
    void withoutPlugins_keeps_conditions() {
        SystemSet x = SystemSet.builder("X").runIf(trace.condition("x1", true)).runIf(trace.condition("x2", false)).build();
        Plugin p = Plugin.builder("p").sets(x).systems(EcsSystem.builder("p/s").sets(x).run(trace.records("p/s")).build()).build();
        Plugin q = Plugin.builder("q").systems(EcsSystem.builder("q/s").runIf(trace.condition("q1", true))
                .runIf(trace.condition("q2", true)).run(trace.records("q/s")).build()).build();
        Plugin r = Plugin.builder("r").systems(EcsSystem.define("r/s", trace.records("r/s"))).build();
        Schedule full = Schedule.builder("wp").plugins(p, r, q).build();
        Schedule reduced = full.withoutPlugins(List.of("r"));
        reduced.run(world, 0);
        assertEquals(List.of("?x1", "?x2", "?q1", "?q2", "q/s"), trace.take());
    }

    private Condition flag(String name, boolean[] results, int k) {
        return w -> {
            trace.events.add("?" + name);
            return results[k];
        };
    }
}
