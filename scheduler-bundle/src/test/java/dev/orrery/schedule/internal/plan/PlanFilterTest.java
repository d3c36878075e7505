package dev.orrery.schedule.internal.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's hot plug): the plan that {@code Schedule.withoutPlugins} derives keeps the
 * original's phases and relative system order, and its indexes (by object, by name, per phase, plugin
 * positions) are consistent after one or two filters.
 */
class PlanFilterTest {
    private static final RunFunction NOOP = (world, dt) -> { };

    private final Condition gate = world -> true;
    private final SystemSet gated = SystemSet.builder("gated").runIf(gate).build();
    private final EcsSystem a1 = EcsSystem.define("a1", Phase.ON_LOAD, NOOP);
    private final EcsSystem a2 = EcsSystem.define("a2", NOOP);
    private final EcsSystem b1 = EcsSystem.builder("b1").sets(gated).run(NOOP).build();
    private final EcsSystem b2 = EcsSystem.define("b2", Phase.ON_STORE, NOOP);
    private final EcsSystem own = EcsSystem.define("own", NOOP);
    private final Plugin a = Plugin.builder("a").systems(a1, a2).build();
    private final Plugin b = Plugin.builder("b").sets(gated).systems(b1, b2).build();
    private final Plugin c = Plugin.builder("c").build();

    private ExecutionPlan compile() {
        return PlanCompiler.compile(new BuildInput("main", List.of(a, b, c), List.of(), List.of(), List.of(own), false));
    }

    @Test
    void plan_records_plugin_names_and_each_systems_plugin() {
        ExecutionPlan plan = compile();
        assertEquals(List.of("a", "b", "c"), plan.pluginNames());
        assertEquals(List.of(a1, a2, b1, own, b2), plan.systems());
        assertArrayEquals(new int[] {0, 0, 1, -1, 1}, plan.systemPlugins());
    }

    @Test
    void filtering_keeps_order_phases_and_per_system_data() {
        ExecutionPlan plan = compile();

        ExecutionPlan without = PlanFilter.withoutPlugins(plan, new boolean[] {true, false, false});

        assertEquals(List.of(b, c), without.plugins());
        assertEquals(List.of("b", "c"), without.pluginNames());
        assertEquals(List.of(b1, own, b2), without.systems());
        assertArrayEquals(new int[] {0, -1, 0}, without.systemPlugins(), "plugin positions renumbered");
        assertArrayEquals(new String[] {"b", "main", "b"}, without.systemSources());
        assertSame(plan.phases(), without.phases());
        assertSame(plan.sets(), without.sets());
        assertArrayEquals(new Condition[] {gate}, without.systemSetConditions()[0]);
        assertArrayEquals(new String[] {"gated"}, without.systemSetConditionNames()[0]);
        for (int p = 0; p < plan.phases().size(); p++) {
            assertEquals(without.systems().subList(without.phaseStart()[p], without.phaseEnd()[p]),
                    without.systemsByPhase().get(p));
        }
        assertEquals(List.of(), without.systemsByPhase().get(plan.phaseIndex().get(Phase.ON_LOAD)));
    }

    @Test
    void system_index_after_one_and_two_filters() {
        ExecutionPlan plan = compile();
        ExecutionPlan once = PlanFilter.withoutPlugins(plan, new boolean[] {true, false, false});
        ExecutionPlan twice = PlanFilter.withoutPlugins(once, new boolean[] {true, false});

        SystemIndex index = once.systemIndex();
        assertEquals(0, index.indexOf(b1));
        assertEquals(2, index.indexOfName("b2"));
        assertEquals(-1, index.indexOf(a1));
        assertEquals(-1, index.indexOfName("a2"));
        assertNull(index.get(a1));
        assertEquals(1, index.get(own));
        assertFalse(index.containsKey(a2));
        assertEquals(Map.of(b1, 0, own, 1, b2, 2), Map.copyOf(index));
        assertThrows(UnsupportedOperationException.class, index::clear);

        assertEquals(List.of(own), twice.systems());
        assertEquals(List.of(c), twice.plugins());
        assertEquals(0, twice.systemIndex().indexOf(own));
        assertEquals(0, twice.systemIndex().indexOfName("own"));
        assertEquals(-1, twice.systemIndex().indexOf(b1));
        assertEquals(-1, twice.systemIndex().indexOfName("a1"));
        assertEquals(1, twice.systemIndex().size());
    }
}
