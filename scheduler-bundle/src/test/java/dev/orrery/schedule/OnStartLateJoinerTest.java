package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (docs/architecture.md, 2): OnStart systems that join a world after its OnStart ran (through a
 * rebuilt schedule that adopted the state) run once, on the next pass that includes OnStart.
 */
class OnStartLateJoinerTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    private ScheduleState state(Schedule schedule) {
        return world.get(schedule.state());
    }

    @Test
    @DisplayName("Late joiner: a new OnStart system runs once on the next pass; completed ones never again")
    void late_joiner_runs_once() {
        Schedule v1 = Schedule.builder("game").systems(trace.system("s1", Phase.ON_START), trace.system("u")).build();
        v1.run(world, 0);
        assertEquals(List.of("s1", "u"), trace.take());
        assertEquals(List.of("s1"), state(v1).onStartConsidered());

        Schedule v2 = Schedule.builder("game").adoptStateOf(v1).systems(
                trace.system("s1", Phase.ON_START), trace.system("s2", Phase.ON_START), trace.system("u")).build();
        v2.run(world, 0);
        assertEquals(List.of("s2", "u"), trace.take());
        assertEquals(ScheduleState.builder("game").onStartDone(true).onStartConsidered(List.of("s1", "s2")).build(), state(v2));
        v2.run(world, 0);
        v2.runPhase(world, Phase.ON_START, 0);
        assertEquals(List.of("u"), trace.take());
    }

    @Test
    @DisplayName("Late joiner: only a pass that includes OnStart runs it; runPhase on another phase does not")
    void late_joiner_waits_for_a_pass_with_on_start() {
        Schedule v1 = Schedule.builder("game").systems(trace.system("u")).build();
        v1.run(world, 0);
        assertTrue(state(v1).onStartDone(), "done with no OnStart systems (SCH-113)");
        trace.take();

        Schedule v2 = Schedule.builder("game").adoptStateOf(v1).systems(
                trace.system("joiner", Phase.ON_START), trace.system("u")).build();
        v2.runPhase(world, Phase.ON_UPDATE, 0);
        v2.runPhases(world, Phase.ON_LOAD, Phase.ON_STORE, 0);
        assertEquals(List.of("u", "u"), trace.take());
        assertEquals(List.of(), state(v2).onStartConsidered());

        v2.runPhases(world, Phase.ON_START, Phase.ON_LOAD, 0);
        assertEquals(List.of("joiner"), trace.take());
        assertTrue(state(v2).onStartDone());
    }

    @Test
    @DisplayName("Late joiner: hooks fire only for the joiners; the OnStart systems already considered fire none (SCH-147)")
    void hooks_only_for_joiners() {
        Schedule v1 = Schedule.builder("game").systems(trace.system("s1", Phase.ON_START)).build();
        v1.run(world, 0);
        trace.take();
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                trace.events.add("before " + ctx.system().name());
            }

            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                trace.events.add("skip " + ctx.system().name() + " " + reason);
            }
        };
        Schedule v2 = Schedule.builder("game").adoptStateOf(v1).hooks(hooks).systems(
                trace.system("s1", Phase.ON_START), trace.system("s2", Phase.ON_START)).build();

        v2.run(world, 0);

        assertEquals(List.of("before s2", "s2"), trace.take());
    }

    @Test
    @DisplayName("Late joiner: a disabled joiner counts as considered (SCH-113) and does not run when enabled later")
    void disabled_joiner_is_considered() {
        Schedule v1 = Schedule.builder("game").systems(trace.system("s1", Phase.ON_START)).build();
        v1.run(world, 0);
        trace.take();
        EcsSystem joiner = trace.system("joiner", Phase.ON_START);
        Schedule v2 = Schedule.builder("game").adoptStateOf(v1).systems(trace.system("s1", Phase.ON_START), joiner).build();
        v2.disable(world, joiner);

        v2.run(world, 0);
        v2.enable(world, joiner);
        v2.run(world, 0);

        assertEquals(List.of(), trace.take());
        assertEquals(List.of("s1", "joiner"), state(v2).onStartConsidered());
    }

    @Test
    @DisplayName("Late joiner: a throwing joiner is not recorded; the next pass runs the pending joiners again (SCH-112)")
    void throwing_joiner_runs_again() {
        Schedule v1 = Schedule.builder("game").systems(trace.system("s1", Phase.ON_START)).build();
        v1.run(world, 0);
        trace.take();
        boolean[] fail = {true};
        Schedule v2 = Schedule.builder("game").adoptStateOf(v1).systems(
                trace.system("s1", Phase.ON_START), trace.system("j1", Phase.ON_START),
                EcsSystem.define("j2", Phase.ON_START, (w, dt) -> {
                    trace.events.add("j2");
                    if (fail[0]) {
                        throw new IllegalStateException("j2 fails");
                    }
                })).build();

        assertThrows(IllegalStateException.class, () -> v2.run(world, 0));
        assertEquals(List.of("j1", "j2"), trace.take());
        assertEquals(List.of("s1"), state(v2).onStartConsidered());

        fail[0] = false;
        v2.run(world, 0);
        assertEquals(List.of("j1", "j2"), trace.take(), "j1 runs again with j2, s1 does not");
        assertEquals(List.of("s1", "j1", "j2"), state(v2).onStartConsidered());
    }

    @Test
    @DisplayName("Late joiner: a system that left and comes back is not run again; reset() runs all again")
    void returning_system_does_not_rerun_until_reset() {
        Schedule v1 = Schedule.builder("game").systems(trace.system("s1", Phase.ON_START), trace.system("s2", Phase.ON_START)).build();
        v1.run(world, 0);
        Schedule v2 = Schedule.builder("game").adoptStateOf(v1).systems(trace.system("s1", Phase.ON_START)).build();
        v2.run(world, 0);
        Schedule v3 = Schedule.builder("game").adoptStateOf(v2)
                .systems(trace.system("s1", Phase.ON_START), trace.system("s2", Phase.ON_START)).build();
        v3.run(world, 0);
        assertEquals(List.of("s1", "s2"), trace.take(), "only v1's first pass ran OnStart");

        world.reset();
        assertFalse(world.has(v3.state()));
        v3.run(world, 0);
        assertEquals(List.of("s1", "s2"), trace.take());
    }

    @Test
    @DisplayName("Late joiner: withOnStartReset makes every OnStart system run again in that world")
    void on_start_reset_reruns_all() {
        Schedule schedule = Schedule.builder("game").systems(trace.system("s1", Phase.ON_START)).build();
        schedule.run(world, 0);
        world.set(schedule.state(), state(schedule).withOnStartReset());
        schedule.run(world, 0);
        assertEquals(List.of("s1", "s1"), trace.take());
    }
}
