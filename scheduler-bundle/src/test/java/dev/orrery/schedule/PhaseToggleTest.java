package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's phase toggle): {@code enablePhase/disablePhase/isPhaseEnabled}
 * per world, kept by name in {@link ScheduleState#disabledPhases()}. Orders are exact vectors.
 */
class PhaseToggleTest {
    private final Trace trace = new Trace();
    private final World world = new World();
    private final Phase manual = Phase.builder("Manual").dependsOn(Phase.ON_UPDATE).manual(true).build();
    private final EcsSystem pre = trace.system("pre", Phase.PRE_UPDATE);
    private final EcsSystem a = trace.system("a");
    private final EcsSystem b = trace.system("b");
    private final EcsSystem post = trace.system("post", Phase.POST_UPDATE);
    private final EcsSystem m = trace.system("m", manual);
    private final Schedule schedule = Schedule.builder("toggle").phases(manual).systems(pre, a, b, post, m).build();

    @Test
    @DisplayName("a disabled phase runs none of its systems in run, runPhase and runPhases; enabling restores them in place")
    void disabled_phase_skipped_by_every_run_api() {
        schedule.disablePhase(world, Phase.ON_UPDATE);
        schedule.run(world, 0);
        schedule.runPhase(world, Phase.ON_UPDATE, 0);
        schedule.runPhases(world, Phase.PRE_UPDATE, Phase.POST_UPDATE, 0);
        assertEquals(List.of("pre", "post", "pre", "post"), trace.take());

        schedule.disablePhase(world, manual);
        schedule.runPhase(world, manual, 0);
        schedule.runPhases(world, manual, manual, 0);
        assertEquals(List.of(), trace.take(), "a manual phase is toggled the same way");

        schedule.enablePhase(world, Phase.ON_UPDATE);
        schedule.enablePhase(world, manual);
        schedule.run(world, 0);
        schedule.runPhase(world, manual, 0);
        assertEquals(List.of("pre", "a", "b", "post", "m"), trace.take());
    }

    @Test
    @DisplayName("the flag is kept by phase name in the state record; idempotent; isPhaseEnabled is a query that adds no trait")
    void flag_in_state_record_by_name() {
        assertTrue(schedule.isPhaseEnabled(world, Phase.ON_UPDATE));
        assertFalse(world.has(schedule.state()), "isPhaseEnabled only reads");

        schedule.disablePhase(world, Phase.ON_UPDATE);
        schedule.disablePhase(world, Phase.ON_UPDATE);
        schedule.disablePhase(world, manual);
        assertEquals(List.of("OnUpdate", "Manual"), world.get(schedule.state()).disabledPhases());
        assertFalse(schedule.isPhaseEnabled(world, Phase.ON_UPDATE));
        assertTrue(schedule.isPhaseEnabled(world, Phase.POST_UPDATE));

        ScheduleState before = world.get(schedule.state());
        schedule.enablePhase(world, Phase.POST_UPDATE);
        assertSame(before, world.get(schedule.state()), "enabling an enabled phase writes nothing");
        schedule.enablePhase(world, Phase.ON_UPDATE);
        assertEquals(List.of("Manual"), world.get(schedule.state()).disabledPhases());
        assertEquals(List.of(), world.get(schedule.state()).disabled(), "system flags untouched");
    }

    @Test
    @DisplayName("replacing the record with withDisabledPhases applies at once, like withDisabled (SCH-153)")
    void replacing_the_record_applies() {
        schedule.run(world, 0);
        trace.take();
        world.set(schedule.state(), world.get(schedule.state()).withDisabledPhases(List.of("PreUpdate", "no-such-phase")));
        schedule.run(world, 0);
        assertEquals(List.of("a", "b", "post"), trace.take(), "unknown names are ignored");
        assertFalse(schedule.isPhaseEnabled(world, Phase.PRE_UPDATE));
    }

    @Test
    @DisplayName("a system runs only when its phase's flag and its own flag hold; the two flags are independent")
    void phase_flag_and_system_flag_independent() {
        schedule.disable(world, a);
        schedule.disablePhase(world, Phase.ON_UPDATE);
        assertFalse(schedule.isEnabled(world, a));
        assertTrue(schedule.isEnabled(world, b), "isEnabled reports the system's own flag only");
        schedule.run(world, 0);
        assertEquals(List.of("pre", "post"), trace.take());

        schedule.enablePhase(world, Phase.ON_UPDATE);
        schedule.run(world, 0);
        assertEquals(List.of("pre", "b", "post"), trace.take(), "a stays disabled by its own flag");
        schedule.enable(world, a);
        schedule.run(world, 0);
        assertEquals(List.of("pre", "a", "b", "post"), trace.take());
    }

    @Test
    @DisplayName("no condition of a system in a disabled phase is evaluated")
    void conditions_not_evaluated_in_disabled_phase() {
        SystemSet set = SystemSet.builder("S").runIf(trace.condition("set", true)).build();
        EcsSystem c = EcsSystem.builder("c").sets(set).runIf(trace.condition("own", true)).run(trace.records("c")).build();
        Schedule s = Schedule.builder("cond").sets(set).systems(c).build();
        s.run(world, 0);
        assertEquals(List.of("?set", "?own", "c"), trace.take());
        s.disablePhase(world, Phase.ON_UPDATE);
        s.run(world, 0);
        assertEquals(List.of(), trace.take());
    }

    @Test
    @DisplayName("takes effect inside a running pass: a system disabling a later phase, its own phase, or enabling a later one")
    void applies_inside_a_running_pass() {
        Schedule[] self = new Schedule[1];
        EcsSystem offLater = EcsSystem.define("offLater", Phase.PRE_UPDATE, (w, dt) -> {
            trace.events.add("offLater");
            self[0].disablePhase(w, Phase.ON_UPDATE);
        });
        self[0] = Schedule.builder("inpass").systems(offLater, a, b, post).build();
        self[0].run(world, 0);
        assertEquals(List.of("offLater", "post"), trace.take(), "OnUpdate stopped in the same pass");

        World w2 = new World();
        EcsSystem offOwn = EcsSystem.define("offOwn", (w, dt) -> {
            trace.events.add("offOwn");
            self[0].disablePhase(w, Phase.ON_UPDATE);
        });
        self[0] = Schedule.builder("own").systems(a, offOwn, b, post).build();
        self[0].run(w2, 0);
        assertEquals(List.of("a", "offOwn", "post"), trace.take(), "the systems after it in its own phase are skipped");

        World w3 = new World();
        EcsSystem onLater = EcsSystem.define("onLater", Phase.PRE_UPDATE, (w, dt) -> {
            trace.events.add("onLater");
            self[0].enablePhase(w, Phase.ON_UPDATE);
        });
        self[0] = Schedule.builder("on").systems(onLater, a, b).build();
        self[0].disablePhase(w3, Phase.ON_UPDATE);
        self[0].run(w3, 0);
        assertEquals(List.of("onLater", "a", "b"), trace.take(), "enabled during the pass: runs in it");
    }

    @Test
    @DisplayName("the same checks with hooks: onSkip per system with PHASE_DISABLED, which wins over DISABLED")
    void hooks_see_phase_disabled() {
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                trace.events.add("skip " + ctx.system().name() + " " + reason);
            }
        };
        Schedule[] self = new Schedule[1];
        EcsSystem offOwn = EcsSystem.define("offOwn", (w, dt) -> {
            trace.events.add("offOwn");
            self[0].disablePhase(w, Phase.ON_UPDATE);
        });
        self[0] = Schedule.builder("hooked").hooks(hooks).systems(pre, a, offOwn, b, post).build();
        self[0].disable(world, pre);
        self[0].run(world, 0);
        assertEquals(List.of("skip pre DISABLED", "a", "offOwn", "skip b PHASE_DISABLED", "post"), trace.take());

        self[0].disablePhase(world, Phase.PRE_UPDATE);
        self[0].run(world, 0);
        assertEquals(List.of("skip pre PHASE_DISABLED", "skip a PHASE_DISABLED", "skip offOwn PHASE_DISABLED",
                "skip b PHASE_DISABLED", "post"), trace.take());
    }

    @Test
    @DisplayName("carried over rebuilds that adopt the state (also to a phase of that name that comes back); reset clears it")
    void carried_over_rebuilds_and_reset() {
        schedule.disablePhase(world, manual);
        schedule.disablePhase(world, Phase.ON_UPDATE);
        Schedule rebuilt = Schedule.builder("toggle").systems(a, b).adoptStateOf(schedule).build();
        rebuilt.run(world, 0);
        assertEquals(List.of(), trace.take());
        assertEquals(List.of("Manual", "OnUpdate"), world.get(rebuilt.state()).disabledPhases(),
                "the name of a phase the rebuilt schedule lacks is kept");

        Phase manualAgain = Phase.builder("Manual").dependsOn(Phase.ON_UPDATE).manual(true).build();
        EcsSystem m2 = trace.system("m2", manualAgain);
        Schedule back = Schedule.builder("toggle").phases(manualAgain).systems(a, m2).adoptStateOf(rebuilt).build();
        back.runPhase(world, manualAgain, 0);
        assertEquals(List.of(), trace.take(), "a phase of that name that comes back is disabled");
        assertFalse(back.isPhaseEnabled(world, manualAgain));

        world.reset();
        assertTrue(back.isPhaseEnabled(world, Phase.ON_UPDATE));
        back.run(world, 0);
        back.runPhase(world, manualAgain, 0);
        assertEquals(List.of("a", "m2"), trace.take(), "reset enables every phase again");
    }

    @Test
    @DisplayName("withoutPlugins shares the flags (same state trait)")
    void without_plugins_shares_flags() {
        Plugin p = Plugin.builder("p").systems(trace.system("p/x")).build();
        Schedule full = Schedule.builder("wp").plugins(p).systems(a).build();
        Schedule without = full.withoutPlugins(List.of("p"));
        full.disablePhase(world, Phase.ON_UPDATE);
        assertFalse(without.isPhaseEnabled(world, Phase.ON_UPDATE));
        without.run(world, 0);
        assertEquals(List.of(), trace.take());
    }

    @Test
    @DisplayName("OnStart disabled: pending OnStart systems are not considered, stay pending, and run once when it is enabled")
    void on_start_disabled_keeps_systems_pending() {
        EcsSystem s0 = trace.system("s0", Phase.ON_START);
        EcsSystem s1 = trace.system("s1", Phase.ON_START);
        Schedule s = Schedule.builder("start").systems(s0, s1, a).build();
        s.disablePhase(world, Phase.ON_START);
        ScheduleState before = world.get(s.state());
        s.run(world, 0);
        s.run(world, 0);
        assertEquals(List.of("a", "a"), trace.take());
        assertSame(before, world.get(s.state()), "nothing considered: the record is not written");
        assertFalse(world.get(s.state()).onStartDone());

        s.enablePhase(world, Phase.ON_START);
        s.run(world, 0);
        s.run(world, 0);
        assertEquals(List.of("s0", "s1", "a", "a"), trace.take());
        ScheduleState after = world.get(s.state());
        assertTrue(after.onStartDone());
        assertEquals(List.of("s0", "s1"), after.onStartConsidered());
        assertEquals(List.of(), after.disabledPhases());
    }

    @Test
    @DisplayName("OnStart disabled by one of its systems: those after it stay pending; OnStart is not done until they ran")
    void on_start_disabled_mid_phase() {
        Schedule[] self = new Schedule[1];
        EcsSystem stopper = EcsSystem.define("stopper", Phase.ON_START, (w, dt) -> {
            trace.events.add("stopper");
            self[0].disablePhase(w, Phase.ON_START);
        });
        EcsSystem later = trace.system("later", Phase.ON_START);
        self[0] = Schedule.builder("mid").systems(stopper, later, a).build();
        self[0].run(world, 0);
        assertEquals(List.of("stopper", "a"), trace.take());
        ScheduleState st = world.get(self[0].state());
        assertEquals(List.of("stopper"), st.onStartConsidered());
        assertFalse(st.onStartDone());
        assertEquals(List.of("OnStart"), st.disabledPhases(), "the OnStart record keeps the phase flags");

        self[0].enablePhase(world, Phase.ON_START);
        self[0].run(world, 0);
        self[0].run(world, 0);
        assertEquals(List.of("later", "a", "a"), trace.take(), "stopper does not run again; later runs once");
        assertTrue(world.get(self[0].state()).onStartDone());
    }

    @Test
    @DisplayName("OnStart completing keeps the disabled phases in the record it writes")
    void on_start_completion_keeps_phase_flags() {
        EcsSystem s0 = trace.system("s0", Phase.ON_START);
        Schedule s = Schedule.builder("keep").systems(s0, a).build();
        s.disablePhase(world, Phase.ON_UPDATE);
        s.run(world, 0);
        assertEquals(List.of("s0"), trace.take());
        assertEquals(List.of("OnUpdate"), world.get(s.state()).disabledPhases());
        assertTrue(world.get(s.state()).onStartDone());
    }

    @Test
    @DisplayName("null and unknown phases follow the Schedule conventions: NPE / IAE naming schedule, method and item")
    void null_and_unknown_arguments() {
        Phase stray = Phase.define("Stray");
        assertEquals("schedule 'toggle': disablePhase: world is null",
                assertThrows(NullPointerException.class, () -> schedule.disablePhase(null, Phase.ON_UPDATE)).getMessage());
        assertEquals("schedule 'toggle': enablePhase: phase is null",
                assertThrows(NullPointerException.class, () -> schedule.enablePhase(world, null)).getMessage());
        assertEquals("schedule 'toggle': isPhaseEnabled: phase is null",
                assertThrows(NullPointerException.class, () -> schedule.isPhaseEnabled(world, null)).getMessage());
        assertEquals("schedule 'toggle': disablePhase: phase 'Stray' is not in this schedule",
                assertThrows(IllegalArgumentException.class, () -> schedule.disablePhase(world, stray)).getMessage());
        assertEquals("schedule 'toggle': isPhaseEnabled: phase 'Stray' is not in this schedule",
                assertThrows(IllegalArgumentException.class, () -> schedule.isPhaseEnabled(world, stray)).getMessage());
        assertFalse(world.has(schedule.state()), "a failed call changes nothing");
    }
}
