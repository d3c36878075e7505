package dev.orrery.schedule.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.internal.plan.BuildInput;
import dev.orrery.schedule.internal.plan.ExecutionPlan;
import dev.orrery.schedule.internal.plan.PlanCompiler;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * White-box check of the enabled cache behind SCH-124 (a [manual] requirement: its cost figure comes
 * from the JMH benchmarks). The cache is keyed on the identity of the state record: while the record
 * stays the same, a check is a field read, an identity compare and an array read; it is rebuilt once per
 * replacement of the record, not per system.
 */
class EnabledCacheTest {
    @Test
    @DisplayName("SCH-124 the enabled cache is rebuilt once per replacement of the state record, never per system check")
    void SCH_124_cache_keyed_on_record_identity() {
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            systems.add(EcsSystem.define("s" + i, (w, dt) -> { }));
        }
        ExecutionPlan plan = PlanCompiler.compile(new BuildInput("s124", List.of(), List.of(), List.of(), systems, false));
        RunLayout layout = new RunLayout(plan, true);
        Trait<ScheduleState> trait = Trait.of("state", () -> ScheduleState.initial("s124"));
        World world = new World();
        WorldRuntime runtime = new WorldRuntime(world, layout, world.ref(trait),
                world.ref(RunTraits.fresh("s124").lifecycle), null);
        List<String> disabled = new ArrayList<>();
        for (int i = 0; i < 1000; i += 2) {
            disabled.add("s" + i);
        }
        disabled.add("no-such-system");
        ScheduleState first = ScheduleState.initial("s124").withDisabled(disabled);
        world.set(trait, first);

        int count = 0;
        for (int i = 0; i < 1000; i++) {
            count += runtime.isDisabled(i) ? 1 : 0;
            assertSame(first, runtime.disabledFor, "built from this record and kept for every later check");
        }
        assertEquals(500, count);

        // replacing the record: the next check rebuilds, and only the new names count
        ScheduleState second = first.withDisabled(List.of("s1"));
        world.set(trait, second);
        assertEquals(true, runtime.isDisabled(1));
        assertSame(second, runtime.disabledFor);
        int after = 0;
        for (int i = 0; i < 1000; i++) {
            after += runtime.isDisabled(i) ? 1 : 0;
        }
        assertEquals(1, after, "flags of the previous record were cleared");

        world.reset();
        assertEquals(false, runtime.isDisabled(1), "trait removed: nothing disabled");
        assertSame(null, runtime.disabledFor);
    }
}
