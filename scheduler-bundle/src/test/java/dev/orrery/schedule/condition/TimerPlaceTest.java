package dev.orrery.schedule.condition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Timer ids come from the condition's place, so they are the same in every process and rebuild and
 * equal conditions in different places keep apart states. Runs on both dispatch engines.
 */
class TimerPlaceTest {

    private static TreeSet<String> timerIds(World w) {
        TreeSet<String> ids = new TreeSet<>();
        for (Trait<?> t : w.worldTraits()) {
            if (t.name().startsWith("runIf ") && !t.name().equals("runIf state stack")) {
                ids.add(t.name());
            }
        }
        return ids;
    }

    @Test
    void equalTimersInDifferentPlacesGetIdsOfTheirPlaces() {
        Condition named = RunIf.every(2);
        ((ClockedCondition) named).place("game/wave timer"); // explicit, before the build: it stays
        SystemSet gated = SystemSet.builder("gated").runIf(RunIf.cooldown(1.0)).build();
        EcsSystem a = EcsSystem.builder("a").runIf(RunIf.cooldown(1.0)).run((w, dt) -> { }).build();
        EcsSystem b = EcsSystem.builder("b").runIf(RunIf.inState("x")).runIf(RunIf.cooldown(1.0)).run((w, dt) -> { }).build();
        EcsSystem c = EcsSystem.builder("c").sets(gated)
                .runIf(RunIf.either(RunIf.after(5), RunIf.negate(RunIf.every(1)))).run((w, dt) -> { }).build();
        EcsSystem d = EcsSystem.builder("d").runIf(named).run((w, dt) -> { }).build();
        World w = new World();
        StateStack.push(w, "x");
        Schedule.builder("main").sets(gated).systems(a, b, c, d).build().run(w, 0.5);
        assertEquals(new TreeSet<>(List.of("runIf timer main/a/0", "runIf timer main/b/1", "runIf timer main/c/0/left",
                "runIf timer main/c/0/right/not", "runIf timer main/set gated/0", "runIf timer game/wave timer")), timerIds(w));
    }

    @Test
    void aTimerTestedBeforeAnyBuildKeepsItsDescriptionAndABlankPlaceIsRefused() {
        Condition c = RunIf.cooldown(0.25);
        World w = new World();
        RunIf.tick(w, 0.1);
        c.test(w);
        ((ClockedCondition) c).place("main/late/0");
        assertEquals(new TreeSet<>(List.of("runIf cooldown(0.25)")), timerIds(w));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ((ClockedCondition) c).place(" "));
        assertEquals("ClockedCondition.place: the place of cooldown(0.25) is missing or blank", e.getMessage());
    }
}
