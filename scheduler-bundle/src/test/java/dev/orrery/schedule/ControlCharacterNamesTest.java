package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.NOOP;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (SCH-010, SCH-100, SCH-126, SCH-135, SCH-140 extended): names of systems, sets,
 * phases, plugins and schedules must not contain control characters or line and paragraph
 * separators ({@link ItemNames}); each is refused where it is given, with a one-line message that
 * shows the name escaped and says what is allowed. Blank names keep their own message.
 */
class ControlCharacterNamesTest {
    private static final String ALLOWED = "; a name may contain any character except control characters (U+0000 to "
            + "U+001F, U+007F to U+009F) and the line and paragraph separators (U+2028, U+2029)";

    /** Each bad name, and the text the message shows for it. */
    private static final List<String[]> BAD = List.of(
            new String[] {"a\nb", "name 'a\\u000ab' contains the control character \\u000a at index 1"},
            new String[] {"nul\0", "name 'nul\\u0000' contains the control character \\u0000 at index 3"},
            new String[] {"tab\there", "name 'tab\\u0009here' contains the control character \\u0009 at index 3"},
            new String[] {"\033[31mred", "name '\\u001b[31mred' contains the control character \\u001b at index 0"},
            new String[] {"del\177", "name 'del\\u007f' contains the control character \\u007f at index 3"},
            new String[] {"x\u0085y", "name 'x\\u0085y' contains the control character \\u0085 at index 1"},
            new String[] {"line" + (char) 0x2028 + "sep", "name 'line\\u2028sep' contains the separator \\u2028 at index 4"},
            new String[] {"p" + (char) 0x2029, "name 'p\\u2029' contains the separator \\u2029 at index 1"});

    private static void refuses(String function, Consumer<String> define) {
        for (String[] bad : BAD) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> define.accept(bad[0]), bad[1]);
            assertEquals(function + ": " + bad[1] + ALLOWED, e.getMessage());
        }
    }

    @Test
    void SCH_010_a_system_name_with_a_control_character_is_refused_at_definition() {
        refuses("defineSystem (EcsSystem.builder)", EcsSystem::builder);
        refuses("defineSystem (EcsSystem.builder)", name -> EcsSystem.define(name, NOOP));
    }

    @Test
    void SCH_100_a_phase_name_with_a_control_character_is_refused_at_definition() {
        refuses("definePhase (Phase.builder)", Phase::builder);
        refuses("definePhase (Phase.builder)", Phase::define);
    }

    @Test
    void SCH_126_a_set_name_with_a_control_character_is_refused_at_definition() {
        refuses("defineSet (SystemSet.builder)", SystemSet::builder);
    }

    @Test
    void SCH_135_a_plugin_name_with_a_control_character_is_refused_at_definition_and_at_build() {
        refuses("definePlugin (Plugin.builder)", Plugin::builder);
        Plugin forged = new Plugin() {
            @Override public String name() { return "good\nschedule 'main': all fine"; }
            @Override public List<Phase> phases() { return List.of(); }
            @Override public List<SystemSet> sets() { return List.of(); }
            @Override public List<EcsSystem> systems() { return List.of(); }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Schedule.builder("main").plugins(forged).build());
        assertEquals("schedule 'main': a plugin returned a name with a forbidden character (" + forged.getClass().getName()
                + "): name 'good\\u000aschedule 'main': all fine' contains the control character \\u000a at index 4"
                + ALLOWED, e.getMessage());
    }

    @Test
    void SCH_140_a_schedule_name_with_a_control_character_is_refused() {
        refuses("createSchedule (Schedule.builder)", Schedule::builder);
        ScheduleState state = ScheduleState.initial("main");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> state.renamedTo("ma\nin"));
        assertEquals("ScheduleState.renamedTo (state of schedule 'main'): name 'ma\\u000ain' contains the control "
                + "character \\u000a at index 2" + ALLOWED, e.getMessage());
    }

    @Test
    void names_given_to_ordering_and_lookups_are_checked_too() {
        refuses("defineSystem 'a': beforeIfPresent", name -> sysB("a").beforeIfPresent(name));
        refuses("defineSet 'S': afterIfPresent", name -> SystemSet.builder("S").afterIfPresent(name));
        Schedule schedule = Schedule.builder("main").plugins(Plugin.builder("p").systems(sys("x")).build()).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> schedule.withoutPlugins(List.of("p\0")));
        assertEquals("schedule 'main': withoutPlugins: pluginNames contains a name 'p\\u0000' contains the control "
                + "character \\u0000 at index 1" + ALLOWED + ": no plugin can have it", e.getMessage());
    }

    @Test
    void a_long_refused_name_is_shown_cut_and_blank_names_keep_their_message() {
        String longName = "n".repeat(200) + "\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EcsSystem.builder(longName));
        assertEquals("defineSystem (EcsSystem.builder): name '" + "n".repeat(80) + "… (201 characters)' contains the "
                + "control character \\u000a at index 200" + ALLOWED, e.getMessage());
        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class, () -> EcsSystem.builder("\n\t"));
        assertEquals("defineSystem (EcsSystem.builder): name is missing or empty (or blank)", blank.getMessage());
    }

    @Test
    void other_characters_are_allowed() {
        for (String name : List.of("move → left", "Spieler ✓", "🎲 dice", "a\\nb", "tab-free", "ünïcödé")) {
            EcsSystem system = EcsSystem.define(name, NOOP);
            assertEquals(name, system.name());
            assertEquals(-1, ItemNames.firstForbidden(name));
        }
        Schedule.builder("main").systems(EcsSystem.define("move → left", NOOP)).build();
    }
}
