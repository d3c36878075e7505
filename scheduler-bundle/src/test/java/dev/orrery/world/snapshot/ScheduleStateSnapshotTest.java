package dev.orrery.world.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.condition.RunIf;
import dev.orrery.schedule.condition.StateStack;
import dev.orrery.world.World;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The schedule's per-world state (records, toggles, timers, state stacks) follows a world through a snapshot. */
class ScheduleStateSnapshotTest {

    @Test
    void aCooldownSavedHalfWayResumesHalfWayWithTheTogglesAndTheStateStack() throws Exception {
        List<String> fired = new ArrayList<>();
        String[] world = {""};
        EcsSystem cooled = EcsSystem.builder("cooled").runIf(RunIf.cooldown(1.0))
                .run((w, dt) -> fired.add(world[0] + " cooled")).build();
        EcsSystem muted = EcsSystem.builder("muted").run((w, dt) -> fired.add(world[0] + " muted")).build();
        EcsSystem staged = EcsSystem.builder("staged").runIf(RunIf.inState("battle"))
                .run((w, dt) -> fired.add(world[0] + " battle")).build();
        Schedule s = Schedule.builder("main").systems(cooled, muted, staged).build();

        World original = new World();
        s.run(original, 0.25); // the cooldown fires in its first pass, then counts
        s.run(original, 0.25);
        s.run(original, 0.25); // half-way: 0.5 of 1.0
        s.disable(original, muted);
        StateStack.push(original, "battle");
        byte[] bytes = SnapshotWorlds.save(original, SnapshotOptions.defaults());

        World restored = new World(); // a world the game already runs on, in another state
        s.run(restored, 0.25);
        StateStack.push(restored, "menu");
        StateStack.push(restored, "options");
        WorldSnapshot.restore(new ByteArrayInputStream(bytes), restored);
        assertFalse(s.isEnabled(restored, muted), "the system toggle is restored");
        assertEquals(List.of("battle"), StateStack.states(restored));

        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        for (int frame = 0; frame < 6; frame++) {
            fired.clear();
            world[0] = "w";
            s.run(original, 0.25);
            expected.addAll(fired);
            fired.clear();
            s.run(restored, 0.25);
            actual.addAll(fired);
        }
        assertEquals(List.of("w battle", "w cooled", "w battle", "w battle", "w battle", "w battle", "w cooled", "w battle"),
                expected, "fires after two more passes (0.5 left), then every four");
        assertEquals(expected, actual);
    }
}
