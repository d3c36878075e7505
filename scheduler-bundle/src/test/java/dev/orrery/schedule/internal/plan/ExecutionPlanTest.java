package dev.orrery.schedule.internal.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The execution plan the run engine reads (SCH-106), including what only the plan shows before running. */
class ExecutionPlanTest {
    private static final RunFunction NOOP = (world, dt) -> { };

    private static ExecutionPlan compile(List<Plugin> plugins, List<Phase> phases, List<SystemSet> sets,
                                         List<EcsSystem> systems) {
        return PlanCompiler.compile(new BuildInput("main", plugins, phases, sets, systems, false));
    }

    @Test
    void SCH_106_plan_indexes_are_consistent() {
        Phase x = Phase.builder("X").dependsOn(Phase.ON_UPDATE).build();
        EcsSystem a = EcsSystem.define("a", x, NOOP);
        EcsSystem b = EcsSystem.define("b", Phase.ON_LOAD, NOOP);
        EcsSystem d = EcsSystem.define("d", NOOP);
        EcsSystem c = EcsSystem.builder("c").run(NOOP).before(d).build();
        Plugin plugin = Plugin.builder("p").systems(b).build();
        ExecutionPlan plan = compile(List.of(plugin), List.of(x), List.of(), List.of(a, d, c));
        assertEquals("main", plan.scheduleName());
        assertEquals(List.of(b, c, d, a), plan.systems());
        for (int i = 0; i < plan.phases().size(); i++) {
            Phase phase = plan.phases().get(i);
            assertEquals(i, plan.phaseIndex().get(phase));
            assertEquals(plan.systems().subList(plan.phaseStart()[i], plan.phaseEnd()[i]), plan.systemsByPhase().get(i));
            for (EcsSystem s : plan.systemsByPhase().get(i)) {
                assertSame(phase, s.phase());
            }
        }
        for (int k = 0; k < plan.systems().size(); k++) {
            assertEquals(k, plan.systemIndex().get(plan.systems().get(k)));
        }
        assertArrayEquals(new String[] {"p", "main", "main", "main"}, plan.systemSources());
        assertThrows(UnsupportedOperationException.class, () -> plan.phaseIndex().put(x, 0));
        assertThrows(UnsupportedOperationException.class, () -> plan.systemIndex().clear());
    }

    @Test
    void SCH_104_component_ids_zero_for_automatic_one_id_per_manual_component() {
        Phase t1 = Phase.define("T1");
        Phase t2 = Phase.builder("T2").dependsOn(t1).build();
        Phase d = Phase.define("D");
        Phase m1 = Phase.builder("M1").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Phase m1b = Phase.builder("M1b").dependsOn(m1).manual(true).build();
        Phase m2 = Phase.builder("M2").dependsOn(Phase.ON_LOAD).manual(true).build();
        Phase auto = Phase.builder("Auto").dependsOn(m1).build();
        ExecutionPlan plan = compile(List.of(), List.of(t1, t2, d, m1, m1b, m2, auto), List.of(), List.of());
        int[] comp = plan.phaseComponent();
        boolean[] manual = plan.phaseManual();
        for (Phase p : Phase.BUILTIN) {
            int i = plan.phaseIndex().get(p);
            assertFalse(manual[i]);
            assertEquals(0, comp[i]);
        }
        int iAuto = plan.phaseIndex().get(auto);
        assertFalse(manual[iAuto]);
        assertEquals(0, comp[iAuto]);
        int iT1 = plan.phaseIndex().get(t1);
        int iT2 = plan.phaseIndex().get(t2);
        int iD = plan.phaseIndex().get(d);
        int iM1 = plan.phaseIndex().get(m1);
        int iM1b = plan.phaseIndex().get(m1b);
        int iM2 = plan.phaseIndex().get(m2);
        for (int i : new int[] {iT1, iT2, iD, iM1, iM1b, iM2}) {
            assertTrue(manual[i], plan.phases().get(i).name());
            assertTrue(comp[i] > 0, plan.phases().get(i).name());
        }
        assertEquals(comp[iT1], comp[iT2], "one detached chain, one component");
        assertEquals(comp[iM1], comp[iM1b], "manual phases joined by an edge share a component");
        assertNotEquals(comp[iM1], comp[iM2], "the builtin chain does not join components (SCH-104)");
        assertNotEquals(comp[iT1], comp[iD]);
        // numbered by first appearance in phase order: M2 (after OnLoad), M1 (after OnUpdate), T1.., D
        assertArrayEquals(new int[] {1, 2, 2, 3, 3, 4}, new int[] {comp[iM2], comp[iM1], comp[iM1b], comp[iT1], comp[iT2], comp[iD]});
    }

    @Test
    void SCH_132_set_conditions_gate_every_member_in_every_phase() {
        Condition gate = world -> true;
        Condition other = world -> true;
        Condition own = world -> true;
        SystemSet gated = SystemSet.builder("gated").runIf(gate).build();
        SystemSet plain = SystemSet.define("plain");
        SystemSet second = SystemSet.builder("second").runIf(other).build();
        EcsSystem early = EcsSystem.builder("early").phase(Phase.ON_LOAD).sets(gated).run(NOOP).build();
        EcsSystem late = EcsSystem.builder("late").phase(Phase.ON_STORE).sets(plain, second, gated, second)
                .runIf(own).run(NOOP).build();
        EcsSystem free = EcsSystem.define("free", NOOP);
        ExecutionPlan plan = compile(List.of(), List.of(), List.of(gated, plain, second), List.of(late, free, early));
        assertEquals(List.of(early, free, late), plan.systems());
        assertArrayEquals(new Condition[] {gate}, plan.systemSetConditions()[0]);
        assertArrayEquals(new String[] {"gated"}, plan.systemSetConditionNames()[0]);
        assertArrayEquals(new Condition[0], plan.systemSetConditions()[1]);
        assertArrayEquals(new String[0], plan.systemSetConditionNames()[1]);
        // in the order of the system's sets, sets without a condition left out, a repeated set once
        assertArrayEquals(new Condition[] {other, gate}, plan.systemSetConditions()[2]);
        assertArrayEquals(new String[] {"second", "gated"}, plan.systemSetConditionNames()[2]);
        assertNull(plan.systemConditions()[0]);
        assertSame(own, plan.systemConditions()[2]);
    }

    @Test
    void SCH_134_an_empty_sets_condition_is_attached_to_no_system() {
        Condition never = world -> {
            throw new AssertionError("never evaluated");
        };
        SystemSet empty = SystemSet.builder("empty").runIf(never).build();
        EcsSystem a = EcsSystem.builder("a").after(empty).run(NOOP).build();
        ExecutionPlan plan = compile(List.of(), List.of(), List.of(empty), List.of(a));
        for (Condition[] conditions : plan.systemSetConditions()) {
            assertEquals(0, conditions.length);
        }
        assertEquals(List.of(empty), plan.sets());
    }
}
