package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's live rename of a schedule): {@link ScheduleState#renamedTo} carries a
 * world's state (disabled flags, OnStart progress) to a schedule of another name.
 */
class ScheduleStateRenameTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    private Schedule game(String name) {
        return Schedule.builder(name).systems(
                trace.system("boot", Phase.ON_START), trace.system("move"), trace.system("draw", Phase.ON_STORE)).build();
    }

    @Test
    @DisplayName("renamedTo keeps disabled, onStartDone and onStartConsidered and changes only the name")
    void renamed_to_keeps_every_other_field() {
        ScheduleState state = ScheduleState.builder("main").disabled(List.of("move", "gone")).onStartDone(true).onStartConsidered(List.of("boot", "old")).build();

        ScheduleState renamed = state.renamedTo("main-2");

        assertEquals(ScheduleState.builder("main-2").disabled(List.of("move", "gone")).onStartDone(true).onStartConsidered(List.of("boot", "old")).build(), renamed);
        assertEquals(ScheduleState.builder("main").disabled(List.of("move", "gone")).onStartDone(true).onStartConsidered(List.of("boot", "old")).build(), state,
                "the original record is unchanged");
        assertSame(state, state.renamedTo("main"), "same name: the record itself");
    }

    @Test
    @DisplayName("a schedule built under the new name and given the renamed record neither reruns OnStart nor re-enables a system")
    void renamed_state_carries_into_the_new_schedule() {
        Schedule old = game("main");
        old.run(world, 0);
        old.disable(world, old.systems().get(1));
        assertEquals(List.of("boot", "move", "draw"), trace.take());

        Schedule renamed = game("main-2");
        world.set(renamed.state(), world.get(old.state()).renamedTo(renamed.name()));
        renamed.run(world, 0);

        assertEquals(List.of("draw"), trace.take(), "boot already ran, move stays disabled");
        assertFalse(renamed.isEnabled(world, renamed.systems().get(1)));
        assertEquals("main-2", world.get(renamed.state()).name());
    }

    @Test
    @DisplayName("renamedTo rejects a null or blank name, naming the method and the schedule the state belongs to")
    void renamed_to_rejects_bad_names() {
        ScheduleState state = ScheduleState.initial("main");
        NullPointerException n = assertThrows(NullPointerException.class, () -> state.renamedTo(null));
        assertEquals("ScheduleState.renamedTo: name is null (state of schedule 'main')", n.getMessage());
        IllegalArgumentException b = assertThrows(IllegalArgumentException.class, () -> state.renamedTo(" "));
        assertEquals("ScheduleState.renamedTo: name is empty or blank (state of schedule 'main'); a schedule name is "
                + "required (SCH-140)", b.getMessage());
    }
}
