package dev.orrery.host.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ScheduleAssemblerTest {
    private long ids;

    private PluginEntry entry(Plugin p) {
        return PluginEntry.of(p, "main", "test/1.0.0", ++ids);
    }

    private static Plugin simple(String name, String system) {
        return Plugin.builder(name).systems(EcsSystem.define(system, (w, dt) -> { })).build();
    }

    private static Plugin cyclic() {
        SystemSet a = SystemSet.define("cyc/A");
        SystemSet b = SystemSet.builder("cyc/B").after(a).before(a).build();
        return Plugin.builder("cyc").sets(a, b).systems(
                EcsSystem.builder("cyc/x").sets(a).run((w, dt) -> { }).build(),
                EcsSystem.builder("cyc/y").sets(b).run((w, dt) -> { }).build()).build();
    }

    private static List<String> names(List<PluginEntry> entries) {
        return entries.stream().map(PluginEntry::name).collect(Collectors.toList());
    }

    private static PluginStatus leftOut(BuildOutcome out, String name) {
        return out.leftOut().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void cycleIsExcludedWithItsSystemsNamedAndTheRestIsBuilt() {
        BuildOutcome out = ScheduleAssembler.assemble("main",
                List.of(entry(simple("a", "a/s")), entry(cyclic()), entry(simple("b", "b/s"))), null, null);
        assertNotNull(out.schedule());
        assertEquals(List.of("a", "b"), names(out.active()));
        PluginStatus cyc = leftOut(out, "cyc");
        assertEquals(PluginState.EXCLUDED, cyc.state());
        assertTrue(cyc.reason().contains("cyc/x") && cyc.reason().contains("cyc/y"), cyc.reason());
        assertEquals(List.of("a/s", "b/s"),
                out.schedule().systems().stream().map(EcsSystem::name).collect(Collectors.toList()));
    }

    @Test
    void ofTwoPluginsDeclaringTheSameSystemNameTheLaterOneGivesWay() {
        BuildOutcome out = ScheduleAssembler.assemble("main",
                List.of(entry(simple("first", "same")), entry(simple("second", "same"))), null, null);
        assertEquals(List.of("first"), names(out.active()));
        PluginStatus second = leftOut(out, "second");
        assertEquals(PluginState.EXCLUDED, second.state());
        assertTrue(second.reason().contains("two different systems are named 'same'"), second.reason());
    }

    @Test
    void unknownPhaseMakesThePluginWaitAndItComesInOnceThePhaseIsDeclared() {
        Phase stage = Phase.builder("x/Stage").dependsOn(Phase.ON_UPDATE).build();
        Plugin needer = Plugin.builder("needer")
                .systems(EcsSystem.define("needer/s", stage, (w, dt) -> { })).build();
        Plugin exporter = Plugin.builder("exporter").phases(stage).build();
        BuildOutcome alone = ScheduleAssembler.assemble("main", List.of(entry(needer)), null, null);
        PluginStatus waiting = leftOut(alone, "needer");
        assertEquals(PluginState.WAITING, waiting.state());
        assertTrue(waiting.reason().contains("phase 'x/Stage'"), waiting.reason());

        BuildOutcome both = ScheduleAssembler.assemble("main", List.of(entry(needer), entry(exporter)), null,
                alone.schedule());
        assertEquals(List.of("needer", "exporter"), names(both.active()));
        assertSame(alone.schedule().state(), both.schedule().state(), "state trait carried over");
    }

    @Test
    void pluginWhoseMethodsThrowIsIsolatedAndExcluded() {
        Plugin throwing = new Plugin() {
            @Override
            public String name() {
                return "thrower";
            }

            @Override
            public List<Phase> phases() {
                return List.of();
            }

            @Override
            public List<SystemSet> sets() {
                return List.of();
            }

            @Override
            public List<EcsSystem> systems() {
                throw new IllegalStateException("no systems for you");
            }
        };
        BuildOutcome out = ScheduleAssembler.assemble("main",
                new ArrayList<>(List.of(entry(simple("ok", "ok/s")), entry(throwing))), null, null);
        assertEquals(List.of("ok"), names(out.active()));
        PluginStatus t = leftOut(out, "thrower");
        assertEquals(PluginState.EXCLUDED, t.state());
        assertTrue(t.reason().contains("no systems for you"), t.reason());
    }

    @Test
    void twoPluginsWithTheSameNameKeepTheFirst() {
        BuildOutcome out = ScheduleAssembler.assemble("main",
                List.of(entry(simple("p", "p/one")), entry(simple("p", "p/two"))), null, null);
        assertEquals(1, out.active().size());
        assertEquals("another plugin named 'p' is already in schedule 'main'", out.leftOut().get(0).reason());
    }
}
