package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.names;
import static dev.orrery.schedule.Fixtures.sys;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildItem;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Plugins: definition, flattening, declaration order, duplicates, cross-plugin references (SCH-135..139). */
class PluginsTest {

    @Test
    void SCH_135_define_returns_plain_readonly_data_with_defaults() {
        Plugin empty = Plugin.builder("empty").build();
        assertEquals("empty", empty.name());
        assertEquals(List.of(), empty.phases());
        assertEquals(List.of(), empty.sets());
        assertEquals(List.of(), empty.systems());

        Phase phase = Phase.define("P");
        SystemSet set = SystemSet.define("S");
        EcsSystem system = sys("s");
        Plugin.Builder builder = Plugin.builder("p").phases(phase).sets(set).systems(system);
        Plugin plugin = builder.build();
        assertEquals(List.of(phase), plugin.phases());
        assertEquals(List.of(set), plugin.sets());
        assertEquals(List.of(system), plugin.systems());
        assertThrows(UnsupportedOperationException.class, () -> plugin.systems().add(sys("t")));
        // data only: using the builder again does not touch the built plugin
        builder.systems(sys("t"));
        assertEquals(List.of(system), plugin.systems());
        // no install hook: the interface has exactly the five data accessors (observers beyond the spec,
        // a default that gives none)
        assertEquals(List.of(), plugin.observers());
        assertEquals(List.of("name", "observers", "phases", "sets", "systems"), Arrays.stream(Plugin.class.getDeclaredMethods())
                .filter(m -> !java.lang.reflect.Modifier.isStatic(m.getModifiers())).map(java.lang.reflect.Method::getName)
                .sorted().toList());
    }

    @Test
    void SCH_135_missing_or_empty_name_throws_naming_definePlugin() {
        for (String bad : new String[] {null, ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Plugin.builder(bad));
            assertTrue(e.getMessage().contains("definePlugin"), e.getMessage());
            assertTrue(e.getMessage().contains("name is missing or empty"), e.getMessage());
        }
    }

    @Test
    void SCH_136_plugins_are_flattened_first_in_order_then_own_entries_per_kind() {
        Phase p1 = Phase.builder("P1").dependsOn(Phase.ON_UPDATE).build();
        Phase p2 = Phase.builder("P2").dependsOn(Phase.ON_UPDATE).build();
        Phase own = Phase.builder("Own").dependsOn(Phase.ON_UPDATE).build();
        SystemSet s1 = SystemSet.define("s1");
        SystemSet s2 = SystemSet.define("s2");
        SystemSet ownSet = SystemSet.define("ownSet");
        Plugin first = Plugin.builder("first").phases(p1).sets(s1).systems(sys("f1"), sys("f2")).build();
        Plugin second = Plugin.builder("second").phases(p2).sets(s2).systems(sys("g1")).build();
        Schedule s = Schedule.builder("main").systems(sys("o1")).phases(own).sets(ownSet)
                .plugins(first, second).build();
        assertEquals(List.of("f1", "f2", "g1", "o1"), names(s.systems()));
        assertEquals(List.of("OnUpdate", "P1", "P2", "Own", "OnValidate"), names(s.phases()).subList(4, 9));
        assertEquals(List.of(s1, s2, ownSet), s.sets());
        assertEquals(List.of(first, second), s.plugins());
    }

    @Test
    void SCH_136_requirements_apply_to_the_flattened_lists() {
        // an edge from the schedule's own system to a plugin's system, ordered within the phase
        EcsSystem pluginSystem = sys("pluginSystem");
        EcsSystem ownSystem = sysB("own").before(pluginSystem).build();
        Schedule s = Schedule.builder("main").plugins(Plugin.builder("p").systems(pluginSystem).build())
                .systems(ownSystem).build();
        assertEquals(List.of(ownSystem, pluginSystem), s.systems());
    }

    @Test
    void SCH_137_plugin_order_is_the_tie_break_and_deterministic() {
        Phase pa = Phase.builder("PA").dependsOn(Phase.ON_UPDATE).build();
        Phase pb = Phase.builder("PB").dependsOn(Phase.ON_UPDATE).build();
        EcsSystem a = sys("a");
        EcsSystem b = sys("b");
        Plugin pluginA = Plugin.builder("A").phases(pa).systems(a).build();
        Plugin pluginB = Plugin.builder("B").phases(pb).systems(b).build();
        Schedule ab = Schedule.builder("main").plugins(pluginA, pluginB).build();
        Schedule ba = Schedule.builder("main").plugins(pluginB, pluginA).build();
        assertEquals(List.of(a, b), ab.systems());
        assertEquals(List.of(b, a), ba.systems());
        assertEquals(List.of(pa, pb), ab.phases().subList(5, 7));
        assertEquals(List.of(pb, pa), ba.phases().subList(5, 7));
        for (int i = 0; i < 5; i++) {
            assertEquals(ab.systems(), Schedule.builder("main").plugins(pluginA, pluginB).build().systems());
            assertEquals(ba.phases(), Schedule.builder("main").plugins(pluginB, pluginA).build().phases());
        }
    }

    @Test
    void SCH_138_the_same_system_in_two_plugins_throws_naming_both_plugins() {
        EcsSystem shared = sys("shared");
        Plugin p = Plugin.builder("p").systems(shared).build();
        Plugin q = Plugin.builder("q").systems(shared).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(p, q));
        assertEquals("schedule 'main': system 'shared' is listed twice, by plugin 'p' and by plugin 'q'", e.getMessage());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, "shared", "p"),
                new BuildItem(BuildItem.Kind.SYSTEM, "shared", "q")), e.problems().get(0).items());
        assertEquals(List.of("p", "q"), List.copyOf(e.sources()));
    }

    @Test
    void SCH_138_same_system_name_in_a_plugin_and_the_schedule_throws_naming_both_sources() {
        Plugin p = Plugin.builder("prefab").systems(sys("spawn")).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(p).systems(sys("spawn")));
        assertEquals("schedule 'main': two different systems are named 'spawn', declared by plugin 'prefab' and by "
                + "schedule 'main'; system names must be unique in a schedule", e.getMessage());
        assertEquals(List.of("prefab", "main"), List.copyOf(e.sources()));
    }

    @Test
    void SCH_138_duplicate_phases_name_both_sources() {
        Phase x = Phase.builder("X").dependsOn(Phase.ON_UPDATE).build();
        ScheduleBuildException same = fails(Schedule.builder("main")
                .plugins(Plugin.builder("p").phases(x).build()).phases(x));
        assertEquals("schedule 'main': phase 'X' is listed twice, by plugin 'p' and by schedule 'main'", same.getMessage());
        ScheduleBuildException named = fails(Schedule.builder("main")
                .plugins(Plugin.builder("p").phases(x).build(), Plugin.builder("q").phases(Phase.define("X")).build()));
        assertEquals("schedule 'main': two different phases are named 'X', declared by plugin 'p' and by plugin 'q'",
                named.getMessage());
        assertEquals(BuildProblem.Kind.DUPLICATE_PHASE, named.problems().get(0).kind());
    }

    @Test
    void SCH_138_all_duplicates_are_reported_together() {
        Plugin p = Plugin.builder("p").systems(sys("a"), sys("b")).sets(SystemSet.define("S")).build();
        Plugin q = Plugin.builder("q").systems(sys("a"), sys("b")).sets(SystemSet.define("S")).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(p, q));
        assertEquals(List.of(BuildProblem.Kind.DUPLICATE_SET, BuildProblem.Kind.DUPLICATE_SYSTEM,
                BuildProblem.Kind.DUPLICATE_SYSTEM), e.problems().stream().map(BuildProblem::kind).toList());
        assertTrue(e.getMessage().startsWith("schedule 'main': 3 problems:\n  - "), e.getMessage());
    }

    @Test
    void SCH_139_a_plugin_may_reference_objects_of_another_plugin_in_the_schedule() {
        Phase physics = Phase.builder("physics/Step").dependsOn(Phase.ON_UPDATE).build();
        SystemSet bodies = SystemSet.define("physics/bodies");
        EcsSystem integrate = sysB("physics/integrate").phase(physics).sets(bodies).build();
        Plugin physicsPlugin = Plugin.builder("physics").phases(physics).sets(bodies).systems(integrate).build();
        EcsSystem collide = sysB("game/collide").phase(physics).after(integrate).sets(bodies).build();
        EcsSystem score = sysB("game/score").phase(physics).after(bodies).build();
        Plugin game = Plugin.builder("game").systems(score, collide).build();
        Schedule s = Schedule.builder("main").plugins(game, physicsPlugin).build();
        assertEquals(List.of(integrate, collide, score), s.systemsOf(physics));
        assertEquals("physics", s.sourceOf(integrate));
        assertEquals("game", s.sourceOf(score));
    }

    @Test
    void SCH_139_missing_referenced_plugin_objects_fail_through_018_019_133_naming_the_plugin() {
        Phase physics = Phase.builder("physics/Step").dependsOn(Phase.ON_UPDATE).build();
        SystemSet bodies = SystemSet.define("physics/bodies");
        EcsSystem integrate = sysB("physics/integrate").phase(physics).sets(bodies).build();
        EcsSystem collide = sysB("game/collide").phase(physics).after(integrate).sets(bodies).build();
        Plugin game = Plugin.builder("game").systems(collide).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(game));
        assertEquals(List.of(BuildProblem.Kind.UNKNOWN_SYSTEM_PHASE, BuildProblem.Kind.UNKNOWN_SET,
                BuildProblem.Kind.UNKNOWN_SYSTEM), e.problems().stream().map(BuildProblem::kind).toList());
        assertEquals(List.of("game"), List.copyOf(e.sources()));
        assertTrue(e.getMessage().contains("system 'game/collide' (declared by plugin 'game') is in phase 'physics/Step'"),
                e.getMessage());
        assertFalse(e.getMessage().contains("physics'"), "no plugin named physics is involved: " + e.getMessage());
    }

    @Test
    void SCH_135_a_forwarding_plugin_is_flattened_like_its_delegate() {
        EcsSystem a = sys("a");
        Plugin value = Plugin.builder("fwd").systems(a).build();
        Plugin component = new ForwardingPlugin(value) { };
        Schedule s = Schedule.builder("main").plugins(component).build();
        assertEquals(List.of(a), s.systems());
        assertEquals("fwd", s.sourceOf(a));
        assertSame(component, s.plugins().get(0));
    }

    @Test
    void SCH_138_two_different_plugins_with_one_name_throw_DUPLICATE_PLUGIN_naming_both_classes() {
        Plugin first = Plugin.builder("p").systems(sys("a")).build();
        Plugin second = new ForwardingPlugin(Plugin.builder("p").systems(sys("b")).build()) { };
        Plugin other = Plugin.builder("q").systems(sys("c")).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(first, other, second));
        assertEquals("schedule 'main': two different plugin objects are named 'p' (plugins #0, "
                + "dev.orrery.schedule.PluginData, and #2, " + second.getClass().getName()
                + "); plugin names must be unique in a schedule", e.getMessage());
        assertEquals(1, e.problems().size());
        assertEquals(BuildProblem.Kind.DUPLICATE_PLUGIN, e.problems().get(0).kind());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.PLUGIN, "p", "p"), new BuildItem(BuildItem.Kind.PLUGIN, "p", "p")),
                e.problems().get(0).items());
        assertEquals(List.of("p"), List.copyOf(e.sources()));
    }

    @Test
    void SCH_138_two_equal_plugin_values_are_still_two_objects() {
        // PluginData is a record, so two values with the same content are equal(); identity decides
        Plugin first = Plugin.builder("p").build();
        Plugin second = Plugin.builder("p").build();
        assertEquals(first, second);
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(first, second));
        assertEquals("schedule 'main': two different plugin objects are named 'p' (plugins #0, "
                + "dev.orrery.schedule.PluginData, and #1, dev.orrery.schedule.PluginData); plugin names must be "
                + "unique in a schedule", e.getMessage());
    }

    @Test
    void SCH_138_the_same_plugin_object_twice_throws_once_naming_the_plugin_not_each_system() {
        Phase stage = Phase.builder("P").dependsOn(Phase.ON_UPDATE).build();
        Plugin p = Plugin.builder("p").phases(stage).sets(SystemSet.define("S")).systems(sys("a"), sys("b")).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(p, p));
        assertEquals("schedule 'main': plugin 'p' is listed twice (the same plugin object, as plugins #0 and #1); "
                + "list each plugin once", e.getMessage());
        assertEquals(List.of(BuildProblem.Kind.DUPLICATE_PLUGIN), e.problems().stream().map(BuildProblem::kind).toList());
        assertEquals(List.of(new BuildItem(BuildItem.Kind.PLUGIN, "p", "p"), new BuildItem(BuildItem.Kind.PLUGIN, "p", "p")),
                e.problems().get(0).items());
    }

    @Test
    void SCH_138_duplicate_plugins_are_reported_with_the_other_declaration_problems() {
        Plugin p = Plugin.builder("p").systems(sys("a")).build();
        ScheduleBuildException e = fails(Schedule.builder("main").plugins(p, p).systems(sys("a")));
        assertEquals(List.of(BuildProblem.Kind.DUPLICATE_PLUGIN, BuildProblem.Kind.DUPLICATE_SYSTEM),
                e.problems().stream().map(BuildProblem::kind).toList());
        assertEquals("two different systems are named 'a', declared by plugin 'p' and by schedule 'main'; "
                + "system names must be unique in a schedule", e.problems().get(1).message());
    }
}
