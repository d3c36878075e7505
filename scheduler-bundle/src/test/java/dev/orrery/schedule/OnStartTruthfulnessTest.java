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
 * Beyond the spec (Orrery's own): the state record stays truthful across rebuilds. "Done" means every
 * OnStart system of the schedule is recorded; a schedule corrects a record that says otherwise on its
 * first call on the world, and {@link ScheduleState#isOnStartDoneFor} is truthful at any time.
 */
class OnStartTruthfulnessTest {
    private final Trace trace = new Trace();
    private final World world = new World();
    private final EcsSystem s0 = trace.system("s0", Phase.ON_START);
    private final EcsSystem s1 = trace.system("s1", Phase.ON_START);
    private final EcsSystem u = trace.system("u");

    private ScheduleState state(Schedule schedule) {
        return world.get(schedule.state());
    }

    @Test
    @DisplayName("after adoptStateOf brings a new OnStart system, the record says not done from the new schedule's first call until that system is considered")
    void adopted_schedule_with_new_on_start_system_is_not_done() {
        Schedule a0 = Schedule.builder("game").systems(s0).build();
        a0.run(world, 0);
        assertEquals(ScheduleState.builder("game").onStartDone(true).onStartConsidered(List.of("s0")).build(), state(a0));
        Schedule a1 = Schedule.builder("game").systems(s0, s1, u).adoptStateOf(a0).build();
        trace.take();

        assertTrue(state(a1).onStartDone(), "the build cannot reach the worlds: the stored flag is a0's");
        assertFalse(state(a1).isOnStartDoneFor(a1), "s1 is pending");
        assertTrue(state(a1).isOnStartDoneFor(a0));

        a1.runPhase(world, Phase.ON_UPDATE, 0);
        assertEquals(List.of("u"), trace.take());
        assertEquals(ScheduleState.builder("game").onStartConsidered(List.of("s0")).build(), state(a1), "corrected by the first call");

        a1.run(world, 0);
        assertEquals(List.of("s1", "u"), trace.take());
        assertEquals(ScheduleState.builder("game").onStartDone(true).onStartConsidered(List.of("s0", "s1")).build(), state(a1));
        assertTrue(state(a1).isOnStartDoneFor(a1));
    }

    @Test
    @DisplayName("a newly added OnStart system that throws leaves the record not done; done once it completes")
    void throwing_new_on_start_system_leaves_not_done() {
        Schedule a0 = Schedule.builder("game").systems(s0).build();
        a0.run(world, 0);
        boolean[] fail = {true};
        EcsSystem bad = EcsSystem.define("bad", Phase.ON_START, (w, dt) -> {
            if (fail[0]) {
                throw new IllegalStateException("bad fails");
            }
        });
        Schedule a1 = Schedule.builder("game").systems(s0, bad).adoptStateOf(a0).build();
        assertThrows(IllegalStateException.class, () -> a1.run(world, 0));
        assertEquals(ScheduleState.builder("game").onStartConsidered(List.of("s0")).build(), state(a1));
        assertThrows(IllegalStateException.class, () -> a1.run(world, 0));
        assertFalse(state(a1).onStartDone());
        fail[0] = false;
        a1.run(world, 0);
        assertEquals(ScheduleState.builder("game").onStartDone(true).onStartConsidered(List.of("s0", "bad")).build(), state(a1));
    }

    @Test
    @DisplayName("enable and disable write a truthful record too")
    void enable_disable_keep_the_record_truthful() {
        Schedule a0 = Schedule.builder("game").systems(s0, u).build();
        a0.run(world, 0);
        Schedule a1 = Schedule.builder("game").systems(s0, s1, u).adoptStateOf(a0).build();
        a1.disable(world, u);
        assertEquals(ScheduleState.builder("game").disabled(List.of("u")).onStartConsidered(List.of("s0")).build(), state(a1));
        World other = new World();
        other.set(a1.state(), ScheduleState.initial("game").withOnStartDone(a0));
        a1.enable(other, u);
        assertFalse(other.get(a1.state()).onStartDone(), "enabling an enabled system still corrects the record");
    }

    @Test
    @DisplayName("README recipe for three-field saves: saving isOnStartDoneFor(schedule) restores a world that runs the pending OnStart system, as the original does")
    void three_field_save_restores_pending_on_start_system() {
        Schedule a0 = Schedule.builder("game").systems(s0).build();
        a0.run(world, 0);
        Schedule a1 = Schedule.builder("game").systems(s0, s1).adoptStateOf(a0).build();
        trace.take();

        // save right after the swap, before a1 ever ran on the world, and once after its first call
        for (boolean afterFirstCall : new boolean[] {false, true}) {
            World original = new World();
            original.set(a1.state(), state(a0));
            if (afterFirstCall) {
                a1.runPhase(original, Phase.ON_UPDATE, 0);
            }
            ScheduleState saved = original.get(a1.state());
            String savedName = saved.name();
            List<String> savedDisabled = saved.disabled();
            boolean savedOnStartDone = saved.isOnStartDoneFor(a1);
            assertFalse(savedOnStartDone);
            if (afterFirstCall) {
                assertFalse(saved.onStartDone(), "after the first call the stored flag is truthful too");
            }

            World restoredWorld = new World();
            ScheduleState restored = ScheduleState.initial(savedName).withDisabled(savedDisabled);
            if (savedOnStartDone) {
                restored = restored.withOnStartDone(a1);
            }
            restoredWorld.set(a1.state(), restored);

            a1.run(original, 0);
            assertEquals(List.of("s1"), trace.take(), "the original runs the pending system");
            a1.run(restoredWorld, 0);
            assertEquals(List.of("s0", "s1"), trace.take(),
                    "the restored world runs it too (and s0: three fields cannot say which already ran)");
            assertEquals(original.get(a1.state()).onStartDone(), restoredWorld.get(a1.state()).onStartDone());
        }
    }

    @Test
    @DisplayName("isOnStartDoneFor: a schedule without OnStart systems is done; rejects null and another schedule's name")
    void is_on_start_done_for_edges() {
        Schedule none = Schedule.builder("game").systems(u).build();
        assertTrue(ScheduleState.initial("game").isOnStartDoneFor(none));
        assertThrows(NullPointerException.class, () -> ScheduleState.initial("game").isOnStartDoneFor(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScheduleState.initial("other").isOnStartDoneFor(none));
        assertEquals("ScheduleState.isOnStartDoneFor: this state belongs to schedule 'other', not to schedule 'game'",
                e.getMessage());
    }
}
