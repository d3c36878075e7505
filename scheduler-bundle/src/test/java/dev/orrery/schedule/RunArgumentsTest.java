package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Argument errors of the run APIs: SCH-034, 041, 110, 111, 115, 141. */
class RunArgumentsTest {
    private final Trace trace = new Trace();
    private final World world = new World();
    private final Phase a = Phase.define("TurnA");
    private final Phase b = Phase.builder("TurnB").dependsOn(a).build();
    private final Phase other = Phase.define("Other");
    private final Phase marked = Phase.builder("Marked").dependsOn(Phase.ON_UPDATE).manual(true).build();
    private final Schedule schedule = Schedule.builder("args").phases(a, b, other, marked).systems(
            trace.system("start", Phase.ON_START),
            trace.system("update"),
            trace.system("a", a),
            trace.system("b", b),
            trace.system("other", other),
            trace.system("marked", marked)).build();

    private IllegalArgumentException rejected(Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains("schedule 'args'"), () -> "SCH-141: names the schedule: " + e.getMessage());
        assertEquals(List.of(), trace.events, "no system ran");
        assertFalse(world.has(schedule.state()), "no schedule state changed (the trait was not even added)");
        return e;
    }

    @Test
    @DisplayName("SCH-034 runPhase and runPhases throw for a phase not in the schedule, runPhases for from after to")
    void SCH_034_unknown_phase_and_from_after_to() {
        Phase stranger = Phase.builder("Stranger").dependsOn(Phase.ON_UPDATE).build();

        String m1 = rejected(() -> schedule.runPhase(world, stranger, 0)).getMessage();
        assertTrue(m1.contains("'Stranger'") && m1.contains("not in this schedule"), m1);
        String m2 = rejected(() -> schedule.runPhases(world, stranger, Phase.ON_STORE, 0)).getMessage();
        assertTrue(m2.contains("'Stranger'") && m2.contains("not in this schedule"), m2);
        String m3 = rejected(() -> schedule.runPhases(world, Phase.ON_LOAD, stranger, 0)).getMessage();
        assertTrue(m3.contains("'Stranger'") && m3.contains("not in this schedule"), m3);
        String m4 = rejected(() -> schedule.runPhases(world, Phase.ON_STORE, Phase.ON_LOAD, 0)).getMessage();
        assertTrue(m4.contains("'OnStore'") && m4.contains("'OnLoad'") && m4.contains("comes after"), m4);
        String m5 = rejected(() -> schedule.runPhases(world, b, a, 0)).getMessage();
        assertTrue(m5.contains("'TurnB'") && m5.contains("'TurnA'") && m5.contains("comes after"), m5);
    }

    @Test
    @DisplayName("SCH-041 run, runPhase and runPhases throw for NaN, infinite or negative dt, before anything runs or changes")
    void SCH_041_invalid_dt() {
        for (double dt : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.001, -1}) {
            String m1 = rejected(() -> schedule.run(world, dt)).getMessage();
            String m2 = rejected(() -> schedule.runPhase(world, Phase.ON_START, dt)).getMessage();
            String m3 = rejected(() -> schedule.runPhases(world, Phase.ON_START, Phase.ON_STORE, dt)).getMessage();
            for (String m : List.of(m1, m2, m3)) {
                assertTrue(m.contains("dt") && m.contains(String.valueOf(dt)), m);
            }
        }
        // OnStart stays not done: it runs on the first valid call
        schedule.run(world, 0);
        assertEquals(List.of("start", "update"), trace.take());

        // and with a state already present, an invalid dt leaves it as it was
        World fresh = new World();
        ScheduleState before = fresh.add(schedule.state());
        assertThrows(IllegalArgumentException.class, () -> schedule.run(fresh, Double.NaN));
        assertTrue(fresh.get(schedule.state()) == before, "same record: nothing written");
        assertFalse(fresh.get(schedule.state()).onStartDone());
    }

    @Test
    @DisplayName("SCH-110 runPhases throws for manual endpoints in different components, naming both phases")
    void SCH_110_manual_endpoints_in_different_components() {
        String m = rejected(() -> schedule.runPhases(world, a, other, 0)).getMessage();
        assertTrue(m.contains("'TurnA'") && m.contains("'Other'") && m.contains("different components"), m);
        String m2 = rejected(() -> schedule.runPhases(world, marked, b, 0)).getMessage();
        assertTrue(m2.contains("'Marked'") && m2.contains("'TurnB'") && m2.contains("different components"), m2);
    }

    @Test
    @DisplayName("SCH-111 runPhases throws when exactly one endpoint is manual, naming both phases")
    void SCH_111_mixed_endpoints() {
        String m1 = rejected(() -> schedule.runPhases(world, Phase.ON_START, a, 0)).getMessage();
        assertTrue(m1.contains("'OnStart'") && m1.contains("'TurnA'") && m1.contains("cannot mix manual and automatic"), m1);
        String m2 = rejected(() -> schedule.runPhases(world, marked, Phase.ON_STORE, 0)).getMessage();
        assertTrue(m2.contains("'Marked'") && m2.contains("'OnStore'") && m2.contains("cannot mix manual and automatic"), m2);
    }

    @Test
    @DisplayName("SCH-115 precedence: phase errors, then invalid dt, then re-entrancy")
    void SCH_115_error_precedence() {
        Phase stranger = Phase.define("Stranger");
        String m1 = rejected(() -> schedule.runPhase(world, stranger, Double.NaN)).getMessage();
        assertTrue(m1.contains("'Stranger'") && !m1.contains("dt"), m1);
        String m2 = rejected(() -> schedule.runPhases(world, Phase.ON_STORE, Phase.ON_LOAD, -1)).getMessage();
        assertTrue(m2.contains("comes after"), m2);
        String m3 = rejected(() -> schedule.runPhases(world, Phase.ON_LOAD, a, Double.NaN)).getMessage();
        assertTrue(m3.contains("cannot mix"), m3);
        String m4 = rejected(() -> schedule.runPhases(world, a, other, Double.NaN)).getMessage();
        assertTrue(m4.contains("different components"), m4);

        // inside a running pass: a phase error or bad dt wins over re-entrancy
        List<Throwable> nested = new ArrayList<>();
        Schedule[] self = new Schedule[1];
        self[0] = Schedule.builder("args-nested").systems(EcsSystem.define("probe", (w, dt) -> {
            for (Executable call : List.<Executable>of(
                    () -> self[0].runPhase(w, Phase.define("Stranger"), Double.NaN),
                    () -> self[0].run(w, Double.NaN),
                    () -> self[0].run(w, 0))) {
                try {
                    call.execute();
                } catch (Throwable t) {
                    nested.add(t);
                }
            }
        })).build();
        self[0].run(new World(), 0);

        assertEquals(3, nested.size());
        assertTrue(nested.get(0) instanceof IllegalArgumentException && nested.get(0).getMessage().contains("'Stranger'"));
        assertTrue(nested.get(1) instanceof IllegalArgumentException && nested.get(1).getMessage().contains("dt"));
        assertTrue(nested.get(2) instanceof IllegalStateException && nested.get(2).getMessage().contains("already running"));
        for (Throwable t : nested) {
            assertTrue(t.getMessage().contains("schedule 'args-nested'"), t.getMessage());
        }
    }

    @Test
    @DisplayName("SCH-141 every error of the run and enable APIs names the schedule")
    void SCH_141_run_api_errors_name_the_schedule() {
        EcsSystem stranger = EcsSystem.define("stranger", (w, dt) -> { });
        List<Executable> calls = List.of(
                () -> schedule.run(world, -1),
                () -> schedule.runPhase(world, Phase.define("X"), 0),
                () -> schedule.runPhases(world, Phase.ON_STORE, Phase.ON_START, 0),
                () -> schedule.enable(world, stranger),
                () -> schedule.disable(world, stranger),
                () -> schedule.isEnabled(world, stranger),
                () -> schedule.run(null, 0),
                () -> schedule.runPhase(world, null, 0),
                () -> schedule.enable(world, null));
        for (Executable call : calls) {
            RuntimeException e = assertThrows(RuntimeException.class, call);
            assertTrue(e.getMessage().contains("schedule 'args'"), e.getMessage());
        }
    }
}
