package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A mistyped phase is named with the nearest known phase names wherever it is reported: in build
 * errors (SCH-006, SCH-019) and in the run API's argument errors. Beyond the spec (Orrery's own).
 */
class UnknownPhaseHintTest {

    @Test
    @DisplayName("SCH-019: a system in phase 'OnUpdte': the build error asks 'did you mean OnUpdate?'")
    void SCH_019_typo_of_a_builtin_phase_is_named_with_the_nearest() {
        EcsSystem s = EcsSystem.define("score/count", Phase.define("OnUpdte"), (w, dt) -> { });
        ScheduleBuildException e = assertThrows(ScheduleBuildException.class,
                () -> Schedule.builder("main").plugins(Plugin.builder("score").systems(s).build()).build());
        assertEquals("schedule 'main': system 'score/count' (declared by plugin 'score') is in phase 'OnUpdte', which is neither a"
                + " builtin phase nor a phase of this schedule; did you mean 'OnUpdate'?", e.getMessage());
        assertEquals(BuildProblem.Kind.UNKNOWN_SYSTEM_PHASE, e.problems().get(0).kind());
    }

    @Test
    @DisplayName("SCH-006: dependsOn a mistyped declared phase: the nearest declared phase is suggested")
    void SCH_006_typo_of_a_declared_phase_is_named_with_the_nearest() {
        Phase move = Phase.define("StartOfTurn");
        Phase act = Phase.builder("Act").dependsOn(Phase.define("StartOfTrun")).build();
        ScheduleBuildException e = assertThrows(ScheduleBuildException.class,
                () -> Schedule.builder("turn").phases(move, act).build());
        assertEquals("schedule 'turn': phase 'Act' (declared by schedule 'turn') lists phase 'StartOfTrun' in dependsOn,"
                + " but 'StartOfTrun' is neither a builtin phase nor a phase of this schedule; did you mean"
                + " 'StartOfTurn'?", e.getMessage());
    }

    @Test
    @DisplayName("a phase name far from every known one gets no suggestion")
    void farNameHasNoSuggestion() {
        EcsSystem s = EcsSystem.define("x/s", Phase.define("Ghost"), (w, dt) -> { });
        ScheduleBuildException e = assertThrows(ScheduleBuildException.class,
                () -> Schedule.builder("main").plugins(Plugin.builder("x").systems(s).build()).build());
        assertEquals("schedule 'main': system 'x/s' (declared by plugin 'x') is in phase 'Ghost', which is neither a builtin phase"
                + " nor a phase of this schedule", e.getMessage());
    }

    @Test
    @DisplayName("the run API: runPhase with a phase not in the schedule names the nearest phase of the schedule")
    void runApiNamesTheNearestPhase() {
        Schedule schedule = Schedule.builder("main").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> schedule.runPhase(new World(), Phase.define("PreUpdat"), 0.1));
        assertEquals("schedule 'main': runPhase: phase 'PreUpdat' is not in this schedule; did you mean 'PreUpdate'?",
                e.getMessage());
    }

    @Test
    @DisplayName("NearestNames: smallest distance first, case ignored, same first letter first, at most 3, none for a known name")
    void nearestNames() {
        List<String> builtins = Phase.BUILTIN.stream().map(Phase::name).toList();
        assertEquals(List.of("OnUpdate"), NearestNames.of("OnUpdte", builtins));
        assertEquals(List.of("OnUpdate"), NearestNames.of("onupdate", builtins));
        assertEquals(List.of(), NearestNames.of("OnUpdate", builtins));
        assertEquals(List.of(), NearestNames.of("Ghost", builtins));
        assertEquals(List.of("act", "cd", "ls"), NearestNames.of("a", List.of("ls", "cd", "act", "orrery:plugins")));
        assertEquals("; did you mean 'PostUpdate'?", NearestNames.didYouMean("PostUpdae", List.of("PostLoad", "PostUpdate")));
        assertEquals("; did you mean 'ab' or 'ac'?", NearestNames.didYouMean("a", List.of("ac", "ab")));
        assertEquals("", NearestNames.didYouMean("zzzzzz", List.of("ab")));
    }
}
