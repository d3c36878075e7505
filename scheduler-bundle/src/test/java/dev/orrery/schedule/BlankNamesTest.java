package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.NOOP;
import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Names that are only whitespace are rejected like missing or empty ones (SCH-010, SCH-100, SCH-126,
 * SCH-135, SCH-140), and names in build messages are always quoted, also in cycle paths, so whitespace
 * and arrows in names stay readable.
 */
class BlankNamesTest {
    private static final List<String> BAD = java.util.Arrays.asList(null, "", " ", "\n\t", "\u2003");

    private static void rejects(String function, Consumer<String> define) {
        for (String bad : BAD) {
            Executable call = () -> define.accept(bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, "name " + bad);
            assertEquals(function + ": name is missing or empty (or blank)", e.getMessage());
        }
    }

    @Test
    void SCH_010_a_blank_system_name_is_rejected_naming_defineSystem() {
        rejects("defineSystem (EcsSystem.builder)", EcsSystem::builder);
        rejects("defineSystem (EcsSystem.builder)", name -> EcsSystem.define(name, NOOP));
    }

    @Test
    void SCH_100_a_blank_phase_name_is_rejected_naming_definePhase() {
        rejects("definePhase (Phase.builder)", Phase::builder);
        rejects("definePhase (Phase.builder)", Phase::define);
    }

    @Test
    void SCH_126_a_blank_set_name_is_rejected_naming_defineSet() {
        rejects("defineSet (SystemSet.builder)", SystemSet::builder);
        rejects("defineSet (SystemSet.builder)", SystemSet::define);
    }

    @Test
    void SCH_135_a_blank_plugin_name_is_rejected_naming_definePlugin() {
        rejects("definePlugin (Plugin.builder)", Plugin::builder);
    }

    @Test
    void SCH_135_a_plugin_implementation_returning_a_blank_name_is_rejected_at_build() {
        Plugin blank = new Plugin() {
            @Override public String name() { return " \t"; }
            @Override public List<Phase> phases() { return List.of(); }
            @Override public List<SystemSet> sets() { return List.of(); }
            @Override public List<EcsSystem> systems() { return List.of(); }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Schedule.builder("main").plugins(blank).build());
        assertEquals("schedule 'main': a plugin returned an empty or blank name (" + blank.getClass().getName()
                + "); definePlugin (Plugin.builder) requires a name", e.getMessage());
    }

    @Test
    void SCH_140_a_blank_schedule_name_is_rejected_naming_createSchedule() {
        rejects("createSchedule (Schedule.builder)", Schedule::builder);
    }

    @Test
    void SCH_017_names_with_spaces_and_arrows_stay_readable_in_a_cycle_path() {
        EcsSystem spaced = sys("x y");
        EcsSystem arrow = sysB(" → ").after(spaced).before(spaced).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(spaced, arrow));
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + "' → ' → 'x y' → ' → ': ' → ' runs before 'x y' ( → .before(x y), schedule 'main'); "
                + "'x y' runs before ' → ' ( → .after(x y), schedule 'main')", e.getMessage());
    }

    @Test
    void SCH_103_phase_names_are_quoted_in_a_phase_cycle_path() {
        Phase a = Phase.builder("turn start").before(Phase.ON_LOAD).dependsOn(Phase.ON_START).build();
        Phase b = Phase.builder("A → B").dependsOn(a).before(a).build();
        ScheduleBuildException e = fails(Schedule.builder("main").phases(a, b));
        assertEquals("schedule 'main': the phase graph has a cycle: 'A → B' → 'turn start' → 'A → B': "
                + "'A → B' runs before 'turn start' (A → B.before(turn start), schedule 'main'); 'turn start' runs "
                + "before 'A → B' (A → B.dependsOn(turn start), schedule 'main')", e.getMessage());
    }
}
