package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Running and stepping: SCH-030..033, 035, 038..040, 042, 107..109. */
class RunTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    @Test
    @DisplayName("SCH-030 run executes every enabled system whose conditions hold, automatic phases in order, manual ones skipped")
    void SCH_030_run_executes_automatic_phases_in_order() {
        Phase custom = Phase.builder("Custom").dependsOn(Phase.ON_UPDATE).build();
        Phase manual = Phase.builder("Manual").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Phase detached = Phase.define("Detached");
        List<EcsSystem> systems = new ArrayList<>();
        // declared in reverse phase order: the run order must come from the phases
        List<Phase> builtins = new ArrayList<>(Phase.BUILTIN);
        Collections.reverse(builtins);
        for (Phase p : builtins) {
            systems.add(trace.system("in" + p.name(), p));
        }
        systems.add(trace.system("inCustom", custom));
        systems.add(trace.system("inManual", manual));
        systems.add(trace.system("inDetached", detached));
        EcsSystem off = trace.system("off");
        EcsSystem gated = EcsSystem.builder("gated").run(trace.records("gated")).runIf(w -> false).build();
        systems.add(off);
        systems.add(gated);
        Schedule schedule = Schedule.builder("s030").phases(custom, manual, detached).systems(systems).build();
        schedule.disable(world, off);

        schedule.run(world, 0.5);

        assertEquals(List.of("inOnStart", "inOnLoad", "inPostLoad", "inPreUpdate", "inOnUpdate", "inCustom",
                "inOnValidate", "inPostUpdate", "inPreStore", "inOnStore"), trace.take(),
                "every automatic phase, in phase order, finished before run returned; no manual, disabled or gated system");
    }

    @Test
    @DisplayName("SCH-031 a valid dt is passed unchanged to every system; no Time trait needed")
    void SCH_031_dt_passed_unchanged() {
        List<Double> seen = new ArrayList<>();
        RunFunction capture = (w, dt) -> seen.add(dt);
        Schedule schedule = Schedule.builder("s031").systems(
                EcsSystem.define("a", Phase.ON_LOAD, capture),
                EcsSystem.define("b", capture),
                EcsSystem.define("c", Phase.ON_STORE, capture)).build();
        double dt = 0.0166666666666667;

        schedule.run(world, dt); // an empty world: no Time trait or any other trait is required

        assertEquals(List.of(dt, dt, dt), seen);
        assertTrue(seen.stream().allMatch(d -> Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(dt)),
                "bit-for-bit the dt given");
    }

    @Test
    @DisplayName("SCH-032 runPhase runs only the enabled systems of that phase whose conditions hold, in order")
    void SCH_032_runPhase_runs_one_phase() {
        EcsSystem off = trace.system("off");
        Schedule schedule = Schedule.builder("s032").systems(
                trace.system("load", Phase.ON_LOAD),
                trace.system("u1"),
                off,
                EcsSystem.builder("gated").run(trace.records("gated")).runIf(w -> false).build(),
                trace.system("u2"),
                trace.system("store", Phase.ON_STORE),
                trace.system("start", Phase.ON_START)).build();
        schedule.disable(world, off);

        schedule.runPhase(world, Phase.ON_UPDATE, 0.1);

        assertEquals(List.of("u1", "u2"), trace.take());
    }

    @Test
    @DisplayName("SCH-033 runPhases between automatic phases runs the automatic phases in the range, not manual ones between")
    void SCH_033_runPhases_automatic_range() {
        Phase between = Phase.builder("Between").dependsOn(Phase.ON_UPDATE).build(); // depends on neither endpoint
        Phase manual = Phase.builder("ManualBetween").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Schedule schedule = Schedule.builder("s033").phases(between, manual).systems(
                trace.system("store", Phase.ON_STORE),
                trace.system("manual", manual),
                trace.system("between", between),
                trace.system("postUpdate", Phase.POST_UPDATE),
                trace.system("validate", Phase.ON_VALIDATE),
                trace.system("update", Phase.ON_UPDATE),
                trace.system("preUpdate", Phase.PRE_UPDATE),
                trace.system("load", Phase.ON_LOAD),
                trace.system("start", Phase.ON_START)).build();

        schedule.runPhases(world, Phase.PRE_UPDATE, Phase.POST_UPDATE, 0);

        assertEquals(List.of("preUpdate", "update", "between", "validate", "postUpdate"), trace.take());
    }

    @Test
    @DisplayName("SCH-035 consecutive ranges covering all automatic phases run the same systems in the same order as run")
    void SCH_035_no_cursor_ranges_equal_one_run() {
        Phase custom = Phase.builder("Custom").dependsOn(Phase.ON_UPDATE).build();
        Phase detached = Phase.define("Detached");
        Schedule schedule = Schedule.builder("s035").phases(custom, detached).systems(
                trace.system("start", Phase.ON_START),
                trace.system("load", Phase.ON_LOAD),
                trace.system("pre", Phase.PRE_UPDATE),
                trace.system("update"),
                trace.system("custom", custom),
                trace.system("detached", detached),
                trace.system("post", Phase.POST_UPDATE),
                trace.system("store", Phase.ON_STORE)).build();
        World one = new World();
        World two = new World();

        schedule.run(one, 0.1);
        List<String> byRun = trace.take();
        schedule.runPhases(two, Phase.ON_START, Phase.PRE_UPDATE, 0.1);
        schedule.runPhases(two, Phase.ON_UPDATE, custom, 0.1);
        schedule.runPhases(two, Phase.ON_VALIDATE, Phase.ON_STORE, 0.1);
        List<String> bySteps = trace.take();

        assertEquals(byRun, bySteps);
        // no cursor: repeating a range runs it again, from the start of the range
        schedule.runPhases(two, Phase.ON_UPDATE, custom, 0.1);
        schedule.runPhases(two, Phase.ON_UPDATE, custom, 0.1);
        assertEquals(List.of("update", "custom", "update", "custom"), trace.take());
    }

    @Test
    @DisplayName("SCH-038 a schedule with no systems, or a phase with no systems, is a no-op and does not throw")
    void SCH_038_empty_is_no_op() {
        Schedule empty = Schedule.builder("s038-empty").build();
        assertDoesNotThrow(() -> empty.run(world, 0.1));
        assertDoesNotThrow(() -> empty.runPhase(world, Phase.ON_UPDATE, 0.1));
        assertDoesNotThrow(() -> empty.runPhases(world, Phase.ON_START, Phase.ON_STORE, 0.1));

        Schedule some = Schedule.builder("s038-some").systems(trace.system("update")).build();
        assertDoesNotThrow(() -> some.runPhase(world, Phase.ON_LOAD, 0.1));
        assertDoesNotThrow(() -> some.runPhases(world, Phase.ON_VALIDATE, Phase.ON_STORE, 0.1));
        assertEquals(List.of(), trace.take());
    }

    @Test
    @DisplayName("SCH-039 repeated run with changing dt executes a full pass each call with that call's dt")
    void SCH_039_real_time_use() {
        List<String> seen = new ArrayList<>();
        Schedule schedule = Schedule.builder("s039").systems(
                EcsSystem.define("a", Phase.ON_LOAD, (w, dt) -> seen.add("a" + dt)),
                EcsSystem.define("b", Phase.ON_STORE, (w, dt) -> seen.add("b" + dt))).build();

        for (double dt : new double[] {0.016, 0.033, 0.1}) {
            schedule.run(world, dt);
        }

        assertEquals(List.of("a0.016", "b0.016", "a0.033", "b0.033", "a0.1", "b0.1"), seen);
    }

    @Test
    @DisplayName("SCH-040 after runPhases(a, b) returns, no system outside a..b has run")
    void SCH_040_turn_based_use() {
        Phase startOfTurn = Phase.define("StartOfTurn");
        Phase move = Phase.builder("Move").dependsOn(startOfTurn).build();
        Phase act = Phase.builder("Act").dependsOn(move).build();
        Phase endOfTurn = Phase.builder("EndOfTurn").dependsOn(act).build();
        Schedule turn = Schedule.builder("dnd/turn").phases(startOfTurn, move, act, endOfTurn).systems(
                trace.system("frame"),
                trace.system("start", startOfTurn),
                trace.system("move", move),
                trace.system("act", act),
                trace.system("end", endOfTurn)).build();

        turn.runPhases(world, startOfTurn, move, 0);
        assertEquals(List.of("start", "move"), trace.take(), "waiting for input: nothing else ran");
        turn.runPhases(world, act, endOfTurn, 0);
        assertEquals(List.of("act", "end"), trace.take());
    }

    @Test
    @DisplayName("SCH-042 dt of 0 is accepted and passed as 0")
    void SCH_042_zero_dt() {
        List<Double> seen = new ArrayList<>();
        Schedule schedule = Schedule.builder("s042").systems(EcsSystem.define("a", (w, dt) -> seen.add(dt))).build();

        schedule.run(world, 0);
        schedule.runPhase(world, Phase.ON_UPDATE, 0);
        schedule.runPhases(world, Phase.ON_UPDATE, Phase.ON_UPDATE, 0);

        assertEquals(List.of(0.0, 0.0, 0.0), seen);
    }

    @Test
    @DisplayName("SCH-107 run executes no system of a manual phase, enabled or not; detached-only schedule runs nothing")
    void SCH_107_run_skips_manual_phases() {
        Phase marked = Phase.builder("Marked").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Phase detached = Phase.define("Detached");
        EcsSystem disabledManual = trace.system("disabledManual", marked);
        Schedule schedule = Schedule.builder("s107").phases(marked, detached).systems(
                trace.system("marked", marked), disabledManual, trace.system("detached", detached),
                trace.system("update")).build();
        schedule.disable(world, disabledManual);

        schedule.run(world, 0.1);
        assertEquals(List.of("update"), trace.take());

        Phase t1 = Phase.define("T1");
        Phase t2 = Phase.builder("T2").dependsOn(t1).build();
        Schedule onlyDetached = Schedule.builder("s107-detached").phases(t1, t2)
                .systems(trace.system("t1", t1), trace.system("t2", t2)).build();
        onlyDetached.run(world, 0.1);
        assertEquals(List.of(), trace.take());
    }

    @Test
    @DisplayName("SCH-108 runPhase on a manual phase runs its enabled systems whose conditions hold, and nothing else")
    void SCH_108_runPhase_on_manual_phase() {
        Phase detached = Phase.define("Detached");
        Phase next = Phase.builder("Next").dependsOn(detached).build();
        EcsSystem off = trace.system("off", detached);
        Schedule schedule = Schedule.builder("s108").phases(detached, next).systems(
                trace.system("update"),
                trace.system("d1", detached),
                off,
                EcsSystem.builder("gated").phase(detached).run(trace.records("gated")).runIf(w -> false).build(),
                trace.system("d2", detached),
                trace.system("next", next)).build();
        schedule.disable(world, off);

        schedule.runPhase(world, detached, 0);

        assertEquals(List.of("d1", "d2"), trace.take());
    }

    @Test
    @DisplayName("SCH-109 runPhases between manual phases of one component runs only that component's manual phases in range")
    void SCH_109_runPhases_manual_range() {
        Phase a = Phase.define("A");
        Phase b = Phase.builder("B").dependsOn(a).build();
        Phase c = Phase.builder("C").dependsOn(b).build();
        Phase d = Phase.define("D"); // another detached component, declared between
        Phase m1 = Phase.builder("M1").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Phase m2 = Phase.builder("M2").dependsOn(m1, Phase.ON_VALIDATE).manual(true).build(); // OnValidate lies between
        Schedule schedule = Schedule.builder("s109").phases(a, d, b, c, m1, m2).systems(
                trace.system("update"),
                trace.system("validate", Phase.ON_VALIDATE),
                trace.system("c", c), trace.system("b", b), trace.system("a", a), trace.system("d", d),
                trace.system("m2", m2), trace.system("m1", m1)).build();

        schedule.runPhases(world, a, c, 0);
        assertEquals(List.of("a", "b", "c"), trace.take(), "topological order of the component; not D, M1, M2, automatic");

        schedule.runPhases(world, b, c, 0);
        assertEquals(List.of("b", "c"), trace.take());

        schedule.runPhases(world, m1, m2, 0);
        assertEquals(List.of("m1", "m2"), trace.take(), "manual phases linked to the builtin chain; no automatic phase between");
    }
}
