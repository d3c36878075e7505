package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (OnStart for late joiners): {@code onStartConsidered} decides which OnStart systems
 * run, so state records must be derived from the current one; {@link ScheduleState#withOnStartDone}
 * restores a save that kept only the spec's three fields (SCH-036, SCH-063).
 */
class ScheduleStateDerivationTest {
    private final Trace trace = new Trace();
    private final World world = new World();
    private final Schedule schedule = Schedule.builder("game").systems(
            trace.system("s1", Phase.ON_START), trace.system("s2", Phase.ON_START), trace.system("u")).build();

    @Test
    @DisplayName("SCH-036 a hand-built record with onStartDone true but nothing considered runs every OnStart system again (documented, unchanged)")
    void SCH_036_hand_built_done_record_reruns_on_start() {
        schedule.run(world, 0);
        assertEquals(List.of("s1", "s2", "u"), trace.take());
        world.set(schedule.state(), ScheduleState.builder("game").onStartDone(true).build());
        schedule.run(world, 0);
        assertEquals(List.of("s1", "s2", "u"), trace.take());
    }

    @Test
    @DisplayName("SCH-036 withOnStartDone restores a spec-only save without running OnStart again")
    void SCH_036_with_on_start_done_skips_on_start() {
        ScheduleState restored = ScheduleState.initial("game").withDisabled(List.of("u")).withOnStartDone(schedule);
        assertEquals(ScheduleState.builder("game").disabled(List.of("u")).onStartDone(true).onStartConsidered(List.of("s1", "s2")).build(), restored);
        world.set(schedule.state(), restored);
        schedule.run(world, 0);
        schedule.runPhase(world, Phase.ON_START, 0);
        assertEquals(List.of(), trace.take());
        assertEquals(restored, world.get(schedule.state()), "nothing to write: OnStart was skipped");
    }

    @Test
    @DisplayName("SCH-036 withOnStartDone keeps names already considered and adds the missing ones in execution order")
    void SCH_036_with_on_start_done_keeps_existing_names() {
        ScheduleState partly = ScheduleState.builder("game").onStartConsidered(List.of("gone", "s2")).build();
        assertEquals(ScheduleState.builder("game").onStartDone(true).onStartConsidered(List.of("gone", "s2", "s1")).build(),
                partly.withOnStartDone(schedule));
    }

    @Test
    @DisplayName("SCH-141 withOnStartDone rejects another schedule's state, naming both")
    void SCH_141_with_on_start_done_rejects_another_schedule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScheduleState.initial("menu").withOnStartDone(schedule));
        assertEquals("ScheduleState.withOnStartDone: this state belongs to schedule 'menu', not to schedule 'game'",
                e.getMessage());
        NullPointerException n = assertThrows(NullPointerException.class,
                () -> ScheduleState.initial("game").withOnStartDone(null));
        assertEquals("ScheduleState.withOnStartDone: schedule is null", n.getMessage());
    }
}
