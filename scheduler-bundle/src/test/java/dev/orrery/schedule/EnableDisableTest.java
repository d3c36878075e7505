package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Enable and disable: SCH-050..058, 123, 125, 152, 153. */
class EnableDisableTest {
    private final Trace trace = new Trace();
    private final World world = new World();
    private final EcsSystem a = trace.system("a");
    private final EcsSystem b = trace.system("b");
    private final EcsSystem c = trace.system("c");
    private final Schedule abc = Schedule.builder("abc").systems(a, b, c).build();

    private ScheduleState state() {
        return world.get(abc.state());
    }

    @Test
    @DisplayName("SCH-050 systems are enabled by default")
    void SCH_050_enabled_by_default() {
        assertTrue(abc.isEnabled(world, a) && abc.isEnabled(world, b) && abc.isEnabled(world, c));
        abc.run(world, 0);
        assertEquals(List.of("a", "b", "c"), trace.take());
        assertEquals(List.of(), state().disabled());
    }

    @Test
    @DisplayName("SCH-051 disable makes every run API skip the system, recorded by name in the world state; order kept")
    void SCH_051_disable_skips_in_every_run_api() {
        abc.disable(world, b);

        assertEquals(List.of("b"), state().disabled(), "recorded by name in the state trait");
        abc.run(world, 0);
        abc.runPhase(world, Phase.ON_UPDATE, 0);
        abc.runPhases(world, Phase.ON_START, Phase.ON_STORE, 0);
        assertEquals(List.of("a", "c", "a", "c", "a", "c"), trace.take());
    }

    @Test
    @DisplayName("SCH-052 enable restores the system at its original position")
    void SCH_052_enable_restores_position() {
        abc.disable(world, a);
        abc.run(world, 0);
        abc.enable(world, a);
        abc.run(world, 0);
        assertEquals(List.of("b", "c", "a", "b", "c"), trace.take());
    }

    @Test
    @DisplayName("SCH-053 disabling a system keeps the before/after constraints it took part in")
    void SCH_053_disabled_system_keeps_constraints() {
        Trace t = new Trace();
        EcsSystem first = t.system("first");
        EcsSystem middle = EcsSystem.builder("middle").run(t.records("middle")).after(first).build();
        EcsSystem last = EcsSystem.builder("last").run(t.records("last")).after(middle).build();
        // 'last' is declared first: only the chain through 'middle' puts it after 'first'
        Schedule schedule = Schedule.builder("s053").systems(last, middle, first).build();

        schedule.run(world, 0);
        schedule.disable(world, middle);
        schedule.run(world, 0);

        assertEquals(List.of("first", "middle", "last", "first", "last"), t.take());
    }

    @Test
    @DisplayName("SCH-054 isEnabled reports the flag for that world and does not evaluate conditions")
    void SCH_054_is_enabled_reports_flag_only() {
        int[] evaluations = {0};
        EcsSystem gated = EcsSystem.builder("gated").run(trace.records("gated")).runIf(w -> {
            evaluations[0]++;
            return false;
        }).build();
        Schedule schedule = Schedule.builder("s054").systems(gated).build();

        assertTrue(schedule.isEnabled(world, gated), "condition false, flag true");
        schedule.disable(world, gated);
        assertFalse(schedule.isEnabled(world, gated));
        assertTrue(schedule.isEnabled(new World(), gated), "per world");
        assertEquals(0, evaluations[0]);
    }

    @Test
    @DisplayName("SCH-055 enable, disable and isEnabled throw for a system not in the schedule; enable and disable are idempotent")
    void SCH_055_unknown_system_and_idempotence() {
        EcsSystem stranger = EcsSystem.define("a", (w, dt) -> { }); // same name as a, another object
        for (Executable call : List.<Executable>of(() -> abc.enable(world, stranger), () -> abc.disable(world, stranger),
                () -> abc.isEnabled(world, stranger))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
            assertTrue(e.getMessage().contains("schedule 'abc'") && e.getMessage().contains("system 'a'")
                    && e.getMessage().contains("not in this schedule"), e.getMessage());
        }

        abc.disable(world, b);
        abc.disable(world, b);
        assertEquals(List.of("b"), state().disabled());
        assertFalse(abc.isEnabled(world, b));
        abc.enable(world, b);
        abc.enable(world, b);
        assertEquals(List.of(), state().disabled());
        assertTrue(abc.isEnabled(world, b));
    }

    @Test
    @DisplayName("SCH-056 enable and disable apply immediately, also from inside a running system")
    void SCH_056_apply_immediately() {
        Schedule[] self = new Schedule[1];
        EcsSystem toggler = EcsSystem.define("toggler", Phase.ON_LOAD, (w, dt) -> {
            trace.events.add("toggler");
            self[0].disable(w, a);
            trace.events.add("a enabled? " + self[0].isEnabled(w, a));
        });
        self[0] = Schedule.builder("s056").systems(toggler, a, b).build();

        self[0].run(world, 0);

        assertEquals(List.of("toggler", "a enabled? false", "b"), trace.take());
    }

    @Test
    @DisplayName("SCH-057 disabling a later system skips it in this call; enabling a disabled one that has not run yet runs it")
    void SCH_057_changes_affect_later_systems_of_the_call() {
        Schedule[] self = new Schedule[1];
        EcsSystem toggler = EcsSystem.define("toggler", (w, dt) -> {
            trace.events.add("toggler");
            self[0].disable(w, b);
            self[0].enable(w, c);
        });
        self[0] = Schedule.builder("s057").systems(a, toggler, b, c).build();
        self[0].disable(world, c);

        self[0].run(world, 0);

        assertEquals(List.of("a", "toggler", "c"), trace.take());
    }

    @Test
    @DisplayName("SCH-058 disabling itself or a system that already ran does not change the current call, only later ones")
    void SCH_058_disabling_self_or_earlier() {
        Schedule[] self = new Schedule[1];
        EcsSystem[] selfRef = new EcsSystem[1];
        selfRef[0] = EcsSystem.define("quitter", (w, dt) -> {
            trace.events.add("quitter");
            self[0].disable(w, selfRef[0]);
            self[0].disable(w, a);
        });
        self[0] = Schedule.builder("s058").systems(a, selfRef[0], b).build();

        self[0].run(world, 0);
        assertEquals(List.of("a", "quitter", "b"), trace.take());
        self[0].run(world, 0);
        assertEquals(List.of("b"), trace.take());
    }

    @Test
    @DisplayName("SCH-123 the enabled cache follows the disabled list: after enable/disable, world.set and world.reset")
    void SCH_123_cache_invalidation() {
        // warm the cache
        abc.run(world, 0);
        assertTrue(abc.isEnabled(world, b));
        trace.take();

        // (a) disable/enable replace the record and the list, never mutate them
        ScheduleState before = state();
        List<String> listBefore = before.disabled();
        abc.disable(world, b);
        assertNotSame(before, state());
        assertNotSame(listBefore, state().disabled());
        assertEquals(List.of(), listBefore, "the old list is unchanged");
        assertFalse(abc.isEnabled(world, b));
        abc.run(world, 0);
        assertEquals(List.of("a", "c"), trace.take());
        abc.enable(world, b);
        assertTrue(abc.isEnabled(world, b));
        abc.run(world, 0);
        assertEquals(List.of("a", "b", "c"), trace.take());

        // (b) world.set with a new disabled list
        world.set(abc.state(), state().withDisabled(List.of("a", "c")));
        assertFalse(abc.isEnabled(world, a));
        assertTrue(abc.isEnabled(world, b));
        assertFalse(abc.isEnabled(world, c));
        abc.run(world, 0);
        assertEquals(List.of("b"), trace.take());

        // (c) world.reset(): back to defaults
        world.reset();
        assertTrue(abc.isEnabled(world, a) && abc.isEnabled(world, b) && abc.isEnabled(world, c));
        abc.run(world, 0);
        assertEquals(List.of("a", "b", "c"), trace.take());
        assertEquals(List.of(), state().disabled());
    }

    @Test
    @DisplayName("SCH-125 names in disabled that match no system are ignored silently by every run API and isEnabled")
    void SCH_125_unknown_names_ignored() {
        world.set(abc.state(), ScheduleState.builder(abc.name()).disabled(List.of("ghost", "b", "also-gone")).build());

        assertTrue(abc.isEnabled(world, a));
        assertFalse(abc.isEnabled(world, b));
        assertTrue(abc.isEnabled(world, c));
        abc.run(world, 0);
        abc.runPhase(world, Phase.ON_UPDATE, 0);
        abc.runPhases(world, Phase.ON_UPDATE, Phase.ON_STORE, 0);
        assertEquals(List.of("a", "c", "a", "c", "a", "c"), trace.take());
        abc.enable(world, b);
        assertEquals(List.of("ghost", "also-gone"), state().disabled(), "unknown names are kept, not dropped");
    }

    @Test
    @DisplayName("SCH-152 in-place mutation of disabled cannot happen in Java: the record's lists are unmodifiable")
    void SCH_152_in_place_mutation_is_impossible() {
        abc.disable(world, a);
        ScheduleState s = state();

        assertThrows(UnsupportedOperationException.class, () -> s.disabled().add("b"));
        assertThrows(UnsupportedOperationException.class, () -> s.disabled().remove("a"));
        assertThrows(UnsupportedOperationException.class, () -> s.onStartConsidered().add("x"));
        ArrayList<String> mine = new ArrayList<>(List.of("c"));
        ScheduleState copied = s.withDisabled(mine);
        mine.add("b"); // mutating the caller's list does not reach the record
        assertEquals(List.of("c"), copied.disabled());
        // the supported way: replace the record
        world.set(abc.state(), s.withDisabled(List.of("b")));
        assertTrue(abc.isEnabled(world, a));
        assertFalse(abc.isEnabled(world, b));
    }

    @Test
    @DisplayName("SCH-153 isEnabled and the run APIs reflect world.set of the state between calls and inside a running system")
    void SCH_153_world_set_is_seen_at_once() {
        // (a) isEnabled true, set disabled, isEnabled false
        assertTrue(abc.isEnabled(world, b));
        world.set(abc.state(), ScheduleState.initial(abc.name()).withDisabled(List.of("b")));
        assertFalse(abc.isEnabled(world, b));

        // (b) run, set disabled, run again: skipped
        World w2 = new World();
        abc.run(w2, 0);
        assertEquals(List.of("a", "b", "c"), trace.take());
        w2.set(abc.state(), w2.get(abc.state()).withDisabled(List.of("c")));
        abc.run(w2, 0);
        assertEquals(List.of("a", "b"), trace.take());

        // (c) set disabled back to []: enabled again
        w2.set(abc.state(), w2.get(abc.state()).withDisabled(List.of()));
        assertTrue(abc.isEnabled(w2, c));
        abc.run(w2, 0);
        assertEquals(List.of("a", "b", "c"), trace.take());

        // (d) world.set inside a system: a later system of the same call is skipped
        Schedule[] self = new Schedule[1];
        EcsSystem setter = EcsSystem.define("setter", (w, dt) -> {
            trace.events.add("setter");
            w.set(self[0].state(), w.get(self[0].state()).withDisabled(List.of("c")));
        });
        self[0] = Schedule.builder("s153").systems(a, setter, b, c).build();
        World w3 = new World();
        self[0].run(w3, 0); // warms the cache, then the setter replaces the record
        assertEquals(List.of("a", "setter", "b"), trace.take());
        assertEquals(List.of("c"), w3.get(self[0].state()).disabled());
    }
}
