package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's hot plug): {@link Schedule#withoutPlugins} stops running the systems of
 * departing plugins without a rebuild, keeping the phases, the sets, the state trait and the hooks.
 */
class WithoutPluginsTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    /** A phase declared by the departing plugin {@code combat}, used by the remaining plugin {@code ui}. */
    private final Phase combatPhase = Phase.builder("Combat").dependsOn(Phase.ON_UPDATE).build();
    private final Phase replay = Phase.define("Replay");
    private final SystemSet hud = SystemSet.builder("hud").runIf(trace.condition("hud", true)).build();

    private final EcsSystem boot = trace.system("combat/boot", Phase.ON_START);
    private final EcsSystem strike = trace.system("combat/strike", combatPhase);
    private final EcsSystem replayCombat = trace.system("combat/replay", replay);
    private final EcsSystem uiBoot = trace.system("ui/boot", Phase.ON_START);
    private final EcsSystem health = EcsSystem.builder("ui/health").phase(combatPhase).sets(hud)
            .run(trace.records("ui/health")).build();
    private final EcsSystem replayUi = trace.system("ui/replay", replay);
    private final EcsSystem draw = trace.system("main/draw", Phase.ON_STORE);

    private final Plugin combat = Plugin.builder("combat").phases(combatPhase, replay)
            .systems(boot, strike, replayCombat).build();
    private final Plugin ui = Plugin.builder("ui").sets(hud).systems(uiBoot, health, replayUi).build();
    private final Plugin empty = Plugin.builder("empty").build();

    private Schedule full(ScheduleHooks hooks) {
        return Schedule.builder("main").plugins(combat, ui, empty).systems(draw).hooks(hooks).build();
    }

    @Test
    @DisplayName("the result keeps name, state trait, phases and sets, and drops the plugin and its systems in the same order")
    void keeps_everything_but_the_departed_systems() {
        Schedule full = full(null);

        Schedule without = full.withoutPlugins(List.of("combat"));

        assertNotSame(full, without);
        assertEquals("main", without.name());
        assertSame(full.state(), without.state(), "the same trait object: state is shared");
        assertSame(full.phases(), without.phases());
        assertEquals(full.sets(), without.sets());
        assertEquals(List.of(ui, empty), without.plugins());
        assertEquals(List.of(uiBoot, health, draw, replayUi), without.systems(), "manual phases come last");
        assertEquals(List.of(health), without.systemsOf(combatPhase), "a departed plugin's phase stays");
        assertEquals(List.of(replayUi), without.systemsOf(replay));
        assertTrue(without.isManual(replay));
        assertFalse(without.isManual(combatPhase));
        assertEquals("ui", without.sourceOf(health));
        assertEquals("main", without.sourceOf(draw));
        assertEquals(full.systemsOf(Phase.ON_STORE), without.systemsOf(Phase.ON_STORE));
        assertEquals(7, full.systems().size(), "the original is unchanged");
        assertEquals("combat", full.sourceOf(strike));
    }

    @Test
    @DisplayName("the result answers as a schedule built without those systems, with the same phase order")
    void matches_a_schedule_built_without_the_systems() {
        Schedule without = full(null).withoutPlugins(Set.of("combat"));
        Plugin combatPhasesOnly = Plugin.builder("combat").phases(combatPhase, replay).build();
        Schedule built = Schedule.builder("main").plugins(combatPhasesOnly, ui, empty).systems(draw).build();

        assertEquals(built.phases(), without.phases());
        assertEquals(built.systems(), without.systems());
        for (Phase phase : built.phases()) {
            assertEquals(built.systemsOf(phase), without.systemsOf(phase), phase.name());
            assertEquals(built.isManual(phase), without.isManual(phase), phase.name());
        }
        for (EcsSystem system : built.systems()) {
            assertEquals(built.sourceOf(system), without.sourceOf(system), system.name());
        }
    }

    @Test
    @DisplayName("the run APIs skip the departed systems and run the others in order, set conditions included")
    void runs_without_the_departed_systems() {
        Schedule without = full(null).withoutPlugins(List.of("combat"));

        without.run(world, 0.5);
        assertEquals(List.of("ui/boot", "?hud", "ui/health", "main/draw"), trace.take());
        without.runPhase(world, replay, 0.5);
        assertEquals(List.of("ui/replay"), trace.take());
        without.runPhases(world, Phase.ON_UPDATE, Phase.ON_STORE, 0.5);
        assertEquals(List.of("?hud", "ui/health", "main/draw"), trace.take());
    }

    @Test
    @DisplayName("a removed system is not in the result: sourceOf, isEnabled, enable and disable throw IllegalArgumentException")
    void removed_system_is_not_in_the_schedule() {
        Schedule without = full(null).withoutPlugins(List.of("combat"));

        for (String api : List.of("sourceOf", "isEnabled", "enable", "disable")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
                switch (api) {
                    case "sourceOf" -> without.sourceOf(strike);
                    case "isEnabled" -> without.isEnabled(world, strike);
                    case "enable" -> without.enable(world, strike);
                    default -> without.disable(world, strike);
                }
            });
            assertEquals("schedule 'main': " + api + ": system 'combat/strike' is not in this schedule", e.getMessage());
        }
        assertFalse(world.has(without.state()), "the failed calls changed nothing");
    }

    @Test
    @DisplayName("disabled flags are shared with the original in a world, both ways")
    void disabled_flags_are_shared() {
        Schedule full = full(null);
        Schedule without = full.withoutPlugins(List.of("combat"));

        full.disable(world, draw);
        assertFalse(without.isEnabled(world, draw));
        without.disable(world, health);
        assertFalse(full.isEnabled(world, health));
        without.enable(world, draw);
        assertTrue(full.isEnabled(world, draw));

        full.disable(world, strike);
        without.run(world, 0);
        assertEquals(List.of("ui/boot", "main/draw"), trace.take(), "health disabled, strike absent");
        assertEquals(List.of("ui/health", "combat/strike"), world.get(full.state()).disabled(),
                "a removed system's disabled name is kept, so it applies again when the system comes back");
    }

    @Test
    @DisplayName("OnStart progress is shared: no OnStart system reruns, and a departed one runs once when its plugin is back")
    void on_start_progress_is_shared() {
        Schedule full = full(null);
        World late = new World();

        full.run(world, 0);
        trace.take();
        full.withoutPlugins(List.of("combat")).run(world, 0);
        assertFalse(trace.take().contains("ui/boot"), "ui/boot already ran in this world");

        Schedule without = full.withoutPlugins(List.of("combat"));
        without.run(late, 0);
        assertEquals(List.of("ui/boot", "?hud", "ui/health", "main/draw"), trace.take());
        assertEquals(List.of("ui/boot"), late.get(full.state()).onStartConsidered());
        Schedule back = Schedule.builder("main").plugins(combat, ui, empty).systems(draw).adoptStateOf(without).build();
        back.run(late, 0);
        assertEquals(List.of("combat/boot", "combat/strike", "?hud", "ui/health", "main/draw"), trace.take(),
                "the departed plugin's OnStart system runs once when it is back (late joiner)");
    }

    @Test
    @DisplayName("the same hooks observe the result, with the result as the hook context's schedule")
    void same_hooks() {
        List<String> seen = new ArrayList<>();
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                assertEquals("main", ctx.schedule().name());
                assertFalse(ctx.schedule().systems().contains(strike), "the context names the filtered schedule");
                seen.add(ctx.system().name());
            }
        };
        full(hooks).withoutPlugins(List.of("combat")).runPhase(world, combatPhase, 0);
        assertEquals(List.of("ui/health"), seen);
    }

    @Test
    @DisplayName("returns this when no plugin matches: no names, unknown names, the schedule's own name")
    void returns_this_when_nothing_matches() {
        Schedule full = full(null);
        assertSame(full, full.withoutPlugins(List.of()));
        assertSame(full, full.withoutPlugins(List.of("nobody", "elsewhere")));
        assertSame(full, full.withoutPlugins(List.of("main")), "the schedule's own systems are not a plugin's");
    }

    @Test
    @DisplayName("a matching plugin without systems gives a new schedule without that plugin and with every system")
    void plugin_without_systems() {
        Schedule full = full(null);
        Schedule without = full.withoutPlugins(List.of("empty", "nobody"));
        assertNotSame(full, without);
        assertEquals(List.of(combat, ui), without.plugins());
        assertEquals(full.systems(), without.systems());
        assertEquals("combat", without.sourceOf(strike));
    }

    @Test
    @DisplayName("filtering twice removes both plugins; the remaining sources stay right")
    void filtering_twice() {
        Schedule once = full(null).withoutPlugins(List.of("combat"));
        Schedule twice = once.withoutPlugins(List.of("ui"));

        assertEquals(List.of(empty), twice.plugins());
        assertEquals(List.of(draw), twice.systems());
        assertEquals("main", twice.sourceOf(draw));
        assertSame(twice, twice.withoutPlugins(List.of("combat", "ui")), "already gone: nothing matches");
        twice.run(world, 0);
        assertEquals(List.of("main/draw"), trace.take());
        assertEquals(List.of(empty), full(null).withoutPlugins(List.of("ui", "combat")).plugins());
    }

    @Test
    @DisplayName("calls no plugin code: the plugin names read at build are used")
    void calls_no_plugin_code() {
        AtomicInteger calls = new AtomicInteger();
        Plugin counting = new Plugin() {
            @Override
            public String name() {
                calls.incrementAndGet();
                return combat.name();
            }

            @Override
            public List<Phase> phases() {
                calls.incrementAndGet();
                return combat.phases();
            }

            @Override
            public List<SystemSet> sets() {
                calls.incrementAndGet();
                return combat.sets();
            }

            @Override
            public List<EcsSystem> systems() {
                calls.incrementAndGet();
                return combat.systems();
            }
        };
        Schedule full = Schedule.builder("main").plugins(counting, ui).build();
        int afterBuild = calls.get();

        Schedule without = full.withoutPlugins(List.of("combat"));

        assertEquals(afterBuild, calls.get());
        assertEquals(List.of(uiBoot, health, replayUi), without.systems());
    }

    @Test
    @DisplayName("bad arguments: null collection, null name, blank name; messages name schedule, method and parameter")
    void bad_arguments() {
        Schedule full = full(null);
        NullPointerException n = assertThrows(NullPointerException.class, () -> full.withoutPlugins(null));
        assertEquals("schedule 'main': withoutPlugins: pluginNames is null", n.getMessage());
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> full.withoutPlugins(Arrays.asList("combat", null)));
        assertEquals("schedule 'main': withoutPlugins: pluginNames contains null", element.getMessage());
        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class,
                () -> full.withoutPlugins(List.of("combat", " ")));
        assertEquals("schedule 'main': withoutPlugins: pluginNames contains an empty or blank name; a plugin name "
                + "is required (SCH-135)", blank.getMessage());
    }
}
