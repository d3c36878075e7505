package dev.orrery.schedule.condition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.PassClock;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SkipReason;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own): the run-condition library inside schedules: dt from the run call, one
 * decision per pass for sets, state across rebuilds and resets, nested run calls, argument checks.
 */
class RunIfScheduleTest {
    private final World world = new World();
    private final List<String> ran = new ArrayList<>();

    private EcsSystem.Builder system(String name) {
        return EcsSystem.builder(name).run((w, dt) -> ran.add(name));
    }

    private List<String> take() {
        List<String> copy = List.copyOf(ran);
        ran.clear();
        return copy;
    }

    @Test
    @DisplayName("a system gated by every(0.5) runs in every second run(world, 0.25); after(0.5) runs once; cooldown at once")
    void timers_take_dt_from_the_run_call() {
        Schedule schedule = Schedule.builder("timers").systems(
                system("every").runIf(RunIf.every(0.5)).build(),
                system("after").runIf(RunIf.after(0.5)).build(),
                system("cooldown").runIf(RunIf.cooldown(0.75)).build()).build();
        List<List<String>> passes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            schedule.run(world, 0.25);
            passes.add(take());
        }
        assertEquals(List.of(
                List.of("cooldown"),
                List.of("every", "after"),
                List.of(),
                List.of("every", "cooldown"),
                List.of()), passes);
    }

    @Test
    @DisplayName("example: runIf(inState(\"game\")).runIf(every(2)) on a system pauses the interval outside the state (declaration order is operand order)")
    void accumulated_runIf_short_circuits_like_both() {
        Schedule schedule = Schedule.builder("game").systems(
                system("gateFirst").runIf(RunIf.inState("game")).runIf(RunIf.every(2)).build(),
                system("timerFirst").runIf(RunIf.every(2)).runIf(RunIf.inState("game")).build()).build();
        StateStack.push(world, "menu");
        List<List<String>> passes = new ArrayList<>();
        for (String state : new String[] {"menu", "game", "game", "game", "game"}) {
            StateStack.replace(world, state);
            schedule.run(world, 1);
            passes.add(take());
        }
        assertEquals(List.of(List.of(), List.of("timerFirst"), List.of("gateFirst"), List.of("timerFirst"),
                List.of("gateFirst")), passes);
    }

    @Test
    @DisplayName("a set's every(1) gates its members in two phases together and counts dt once per pass")
    void set_condition_one_decision_per_pass() {
        SystemSet tick = SystemSet.builder("tick").runIf(RunIf.every(1)).build();
        Schedule schedule = Schedule.builder("sets").sets(tick).systems(
                system("a").sets(tick).build(),
                system("b").sets(tick).build(),
                system("c").phase(Phase.ON_STORE).sets(tick).build()).build();
        List<List<String>> passes = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            schedule.run(world, 0.5);
            passes.add(take());
        }
        assertEquals(List.of(List.of(), List.of("a", "b", "c"), List.of(), List.of("a", "b", "c")), passes);
    }

    @Test
    @DisplayName("documented consequence: a frame driven by two runPhase calls with the same dt is two passes; a set spanning both phases counts 2 dt")
    void two_run_calls_per_frame_count_twice() {
        SystemSet tick = SystemSet.builder("tick").runIf(RunIf.every(1)).build();
        Schedule schedule = Schedule.builder("frames").sets(tick).systems(
                system("update").sets(tick).build(),
                system("store").phase(Phase.ON_STORE).sets(tick).build()).build();
        List<List<String>> frames = new ArrayList<>();
        for (int frame = 0; frame < 4; frame++) {
            schedule.runPhase(world, Phase.ON_UPDATE, 0.25);
            schedule.runPhase(world, Phase.ON_STORE, 0.25);
            frames.add(take());
        }
        // 0.5 s counted per 0.25 s frame: due in the second phase call of frame 2 and of frame 4
        assertEquals(List.of(List.of(), List.of("store"), List.of(), List.of("store")), frames);
        // one runPhases call per frame counts the frame once
        World once = new World();
        for (int frame = 0; frame < 4; frame++) {
            schedule.runPhases(once, Phase.ON_LOAD, Phase.ON_STORE, 0.25);
        }
        assertEquals(List.of("update", "store"), take());
    }

    @Test
    @DisplayName("timer state belongs to the world: a rebuilt schedule with the same plugin continues it; world.reset() restarts it")
    void survives_rebuilds_resets_with_world() {
        Plugin plugin = Plugin.builder("waves").systems(system("waves/spawn").runIf(RunIf.every(1)).build()).build();
        Schedule v1 = Schedule.builder("game").plugins(plugin).build();
        v1.run(world, 0.5);
        Schedule v2 = Schedule.builder("game").plugins(plugin).adoptStateOf(v1).build();
        v2.run(world, 0.5);
        assertEquals(List.of("waves/spawn"), take(), "0.5 s counted under v1 + 0.5 s under v2");
        Schedule v3 = Schedule.builder("game").plugins(plugin).build(); // not even adopting: the timer is the world's
        v3.run(world, 0.5);
        v3.run(world, 0.5);
        assertEquals(List.of("waves/spawn"), take());
        v3.run(world, 0.5);
        world.reset();
        v3.run(world, 0.5);
        assertEquals(List.of(), take(), "reset: counting starts over");
        v3.run(world, 0.5);
        assertEquals(List.of("waves/spawn"), take());
    }

    @Test
    @DisplayName("the pass clock: only schedules with library conditions add it; a nested run call restores the outer pass; withoutPlugins keeps the clock need")
    void pass_clock_bookkeeping() {
        Schedule plain = Schedule.builder("plain").systems(system("p").build()).build();
        plain.run(world, 0.5);
        assertFalse(world.has(PassClock.TRAIT), "no library condition: no clock");

        double[] seen = new double[3];
        Schedule inner = Schedule.builder("inner").systems(system("i").runIf(RunIf.cooldown(5)).build()).build();
        Schedule outer = Schedule.builder("outer").systems(
                EcsSystem.define("before", (w, dt) -> seen[0] = PassClock.of(w).pass()),
                EcsSystem.define("nest", (w, dt) -> inner.run(w, 9)),
                EcsSystem.define("after", (w, dt) -> {
                    seen[1] = PassClock.of(w).pass();
                    seen[2] = PassClock.of(w).dt();
                }),
                system("gated").runIf(RunIf.negate(RunIf.inState("x"))).build()).build();
        outer.run(world, 0.25);
        assertTrue(world.has(PassClock.TRAIT));
        assertEquals(seen[0], seen[1], "the outer pass is restored after the nested call");
        assertEquals(0.25, seen[2], "and its dt");
        assertEquals(0.0, PassClock.of(world).dt(), "after the call, the clock is back where it was");

        Plugin lib = Plugin.builder("lib").systems(system("lib/s").runIf(RunIf.after(0)).build()).build();
        Plugin other = Plugin.builder("other").systems(system("other/s").build()).build();
        Schedule reduced = Schedule.builder("r").plugins(lib, other).build().withoutPlugins(List.of("other"));
        World fresh = new World();
        reduced.run(fresh, 0.5);
        assertTrue(fresh.has(PassClock.TRAIT));
        take();
    }

    @Test
    @DisplayName("with hooks (the other run path) library conditions get the call's dt too, and a skipped system reports CONDITION")
    void hooks_path_gets_dt() {
        List<String> skips = new ArrayList<>();
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                skips.add(ctx.system().name() + ":" + reason);
            }
        };
        Schedule schedule = Schedule.builder("hooked").hooks(hooks)
                .systems(system("every").runIf(RunIf.every(0.5)).build()).build();
        schedule.run(world, 0.25);
        schedule.run(world, 0.25);
        assertEquals(List.of("every"), take());
        assertEquals(List.of("every:CONDITION"), skips);
    }

    @Test
    @DisplayName("a StateStack change applies at once: a later system in the same pass sees it")
    void state_change_applies_within_the_pass() {
        StateStack.push(world, "game");
        Schedule schedule = Schedule.builder("pause").systems(
                EcsSystem.define("pause", (w, dt) -> StateStack.push(w, "paused")),
                system("gameplay").runIf(RunIf.inState("game")).build(),
                system("menu").runIf(RunIf.inState("paused")).build()).build();
        schedule.run(world, 0.1);
        assertEquals(List.of("menu"), take());
        assertEquals(List.of("game", "paused"), StateStack.states(world));
    }

    @Test
    @DisplayName("argument checks name the method and the parameter; toString describes the condition")
    void argument_checks_and_descriptions() {
        assertEquals("RunIf.every: interval must be a finite number of seconds > 0, got 0.0",
                assertThrows(IllegalArgumentException.class, () -> RunIf.every(0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> RunIf.every(1, -1));
        assertThrows(IllegalArgumentException.class, () -> RunIf.every(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> RunIf.after(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> RunIf.cooldown(-0.5));
        assertThrows(IllegalArgumentException.class, () -> RunIf.tick(world, -1));
        assertEquals("RunIf.inState: state is empty or blank; a state name is required",
                assertThrows(IllegalArgumentException.class, () -> RunIf.inState(" ")).getMessage());
        assertThrows(NullPointerException.class, () -> RunIf.inState(null));
        assertEquals("RunIf.both: right is null",
                assertThrows(NullPointerException.class, () -> RunIf.both(RunIf.after(1), null)).getMessage());
        assertThrows(NullPointerException.class, () -> RunIf.either(null, RunIf.after(1)));
        assertThrows(NullPointerException.class, () -> RunIf.negate(null));
        assertThrows(NullPointerException.class, () -> RunIf.seed(null, 1));
        assertEquals("StateStack.pop: the state stack of this world is empty",
                assertThrows(IllegalStateException.class, () -> StateStack.pop(world)).getMessage());
        assertThrows(IllegalStateException.class, () -> StateStack.replace(world, "game"));
        assertThrows(IllegalArgumentException.class, () -> StateStack.push(world, ""));
        assertEquals(List.of(), StateStack.states(world));
        assertTrue(StateStack.top(world).isEmpty());
        Condition c = RunIf.either(RunIf.negate(RunIf.inState("menu")), RunIf.both(RunIf.every(2, 0.5), RunIf.cooldown(1)));
        assertEquals("either(negate(inState(menu)), both(every(2.0, 0.5), cooldown(1.0)))", c.toString());
        assertEquals("after(1.5)", RunIf.after(1.5).toString());
    }
}
