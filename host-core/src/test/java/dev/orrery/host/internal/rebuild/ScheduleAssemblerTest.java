package dev.orrery.host.internal.rebuild;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.internal.plugins.PluginEntry;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Which plugins a schedule is built with: at start-up the declared order decides; later the newcomer
 * (arrived or updated) is refused and the running keep running ("the newcomer is refused").
 */
class ScheduleAssemblerTest {
    private long ids;

    private PluginEntry entry(Plugin p) {
        return PluginEntry.of(p, "main", "test/1.0.0", ++ids);
    }

    private static EcsSystem sys(String name) {
        return EcsSystem.define(name, (w, dt) -> { });
    }

    private static Plugin simple(String name, String... systems) {
        return Plugin.builder(name).systems(java.util.Arrays.stream(systems).map(ScheduleAssemblerTest::sys)
                .collect(Collectors.toList())).build();
    }

    private static Plugin cyclic() {
        SystemSet a = SystemSet.define("cyc/A");
        SystemSet b = SystemSet.builder("cyc/B").after(a).before(a).build();
        return Plugin.builder("cyc").sets(a, b).systems(
                EcsSystem.builder("cyc/x").sets(a).run((w, dt) -> { }).build(),
                EcsSystem.builder("cyc/y").sets(b).run((w, dt) -> { }).build()).build();
    }

    /**
     * Assembles schedule "main" from the given plugins in this order, after a build in which the
     * {@code running} ones were active (and no other plugin was present).
     */
    private static BuildOutcome assemble(List<PluginEntry> ordered, List<PluginEntry> running) {
        return assemble("main", ordered, new ScheduleAssembler.Before(running, running), null, null);
    }

    /** The scheduler's own build, without a probe. */
    private static BuildOutcome assemble(String scheduleName, List<PluginEntry> ordered, ScheduleAssembler.Before before,
                                         ScheduleHooks hooks, Schedule previous) {
        return assemble(ScheduleAssembler.SCHEDULER, scheduleName, ordered, before, hooks, previous);
    }

    /** Another build function, without a probe. */
    private static BuildOutcome assemble(ScheduleAssembler.Build builder, String scheduleName, List<PluginEntry> ordered,
                                         ScheduleAssembler.Before before, ScheduleHooks hooks, Schedule previous) {
        return ScheduleAssembler.assemble(builder, scheduleName, ordered, before, hooks, previous, null);
    }

    private static List<String> names(List<PluginEntry> entries) {
        return entries.stream().map(PluginEntry::name).collect(Collectors.toList());
    }

    private static List<String> systemNames(Schedule s) {
        return s.systems().stream().map(EcsSystem::name).collect(Collectors.toList());
    }

    private static PluginStatus leftOut(BuildOutcome out, String name) {
        return out.leftOut().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    // ------------------------------------------------------------------ start-up: declared order decides

    @Test
    void cycleIsExcludedWithItsSystemsNamedAndTheRestIsBuilt() {
        BuildOutcome out = assemble(List.of(entry(simple("a", "a/s")), entry(cyclic()), entry(simple("b", "b/s"))),
                List.of());
        assertNotNull(out.schedule());
        assertEquals(List.of("a", "b"), names(out.active()));
        PluginStatus cyc = leftOut(out, "cyc");
        assertEquals(PluginState.EXCLUDED, cyc.state());
        assertTrue(cyc.reason().contains("cyc/x") && cyc.reason().contains("cyc/y"), cyc.reason());
        assertEquals(List.of("a/s", "b/s"), systemNames(out.schedule()));
    }

    @Test
    void atStartUpOfTwoPluginsDeclaringTheSameSystemNameTheLaterOneGivesWay() {
        BuildOutcome out = assemble(List.of(entry(simple("first", "same")), entry(simple("second", "same"))),
                List.of());
        assertEquals(List.of("first"), names(out.active()));
        PluginStatus second = leftOut(out, "second");
        assertEquals(PluginState.EXCLUDED, second.state());
        assertTrue(second.reason().startsWith("conflicts with plugin 'first': two different systems are named"
                + " 'same'"), second.reason());
    }

    @Test
    void twoPluginsWithTheSameNameAtStartUpKeepTheFirst() {
        BuildOutcome out = assemble(List.of(entry(simple("p", "p/one")), entry(simple("p", "p/two"))), List.of());
        assertEquals(List.of(1L), out.active().stream().map(PluginEntry::serviceId).collect(Collectors.toList()));
        assertEquals("another plugin named 'p' (test/1.0.0, service 1) is already in schedule 'main'",
                out.leftOut().get(0).reason());
    }

    // ------------------------------------------------------------------ the newcomer is refused

    @Test
    void newcomerWithADuplicateSystemNameIsRefusedAndTheRunningPluginKeepsBothSystems() {
        EcsSystem oldDup = sys("dup/sys");
        PluginEntry old = entry(Plugin.builder("zzz-old").systems(oldDup, sys("old/other")).build());
        PluginEntry newcomer = entry(simple("aaa-new", "dup/sys"));
        BuildOutcome out = assemble(List.of(newcomer, old), List.of(old));

        assertEquals(List.of("zzz-old"), names(out.active()));
        assertEquals(List.of("dup/sys", "old/other"), systemNames(out.schedule()));
        assertSame(oldDup, out.schedule().systems().get(0), "the running plugin's own system");
        PluginStatus refused = leftOut(out, "aaa-new");
        assertEquals(PluginState.EXCLUDED, refused.state());
        assertTrue(refused.reason().startsWith("conflicts with running plugin 'zzz-old': two different systems are"
                + " named 'dup/sys'"), refused.reason());
        assertEquals(1, out.leftOut().size());
    }

    @Test
    void newcomerClosingACycleThroughSharedSetsIsRefusedAndTheReasonNamesBothSides() {
        SystemSet x = SystemSet.builder("X").build();
        SystemSet y = SystemSet.builder("Y").after(x).build(); // core declares X before Y
        PluginEntry core = entry(Plugin.builder("core").sets(x, y).build());
        PluginEntry innocent = entry(Plugin.builder("zzz-innocent")
                .systems(EcsSystem.builder("innocent/s").sets(x).run((w, dt) -> { }).build()).build());
        PluginEntry culprit = entry(Plugin.builder("aaa-culprit")
                .systems(EcsSystem.builder("culprit/s").sets(y).before(x).run((w, dt) -> { }).build()).build());
        BuildOutcome out = assemble(List.of(culprit, core, innocent), List.of(core, innocent));

        assertEquals(List.of("core", "zzz-innocent"), names(out.active()));
        PluginStatus refused = leftOut(out, "aaa-culprit");
        assertEquals(PluginState.EXCLUDED, refused.state());
        assertTrue(refused.reason().startsWith("conflicts with running plugins 'core', 'zzz-innocent': "),
                refused.reason());
        assertTrue(refused.reason().contains("culprit/s") && refused.reason().contains("innocent/s"),
                refused.reason());
    }

    @Test
    void theSameCycleAtStartUpBlamesTheLastInDeclaredOrder() {
        SystemSet x = SystemSet.builder("X").build();
        SystemSet y = SystemSet.builder("Y").after(x).build();
        PluginEntry core = entry(Plugin.builder("core").sets(x, y).build());
        PluginEntry innocent = entry(Plugin.builder("zzz-innocent")
                .systems(EcsSystem.builder("innocent/s").sets(x).run((w, dt) -> { }).build()).build());
        PluginEntry culprit = entry(Plugin.builder("aaa-culprit")
                .systems(EcsSystem.builder("culprit/s").sets(y).before(x).run((w, dt) -> { }).build()).build());
        BuildOutcome out = assemble(List.of(culprit, core, innocent), List.of());
        // The host orders through empty sets (ScheduleBuilder.orderThroughEmptySets): culprit/s in Y before
        // X contradicts core's X before Y even while X is empty, so the cycle lies between culprit and core
        // alone, and of those the last in declared order (core) gives way; the others need its sets.
        assertEquals(List.of(), names(out.active()));
        assertEquals(PluginState.EXCLUDED, leftOut(out, "core").state());
        assertTrue(leftOut(out, "core").reason().startsWith("conflicts with plugin 'aaa-culprit': "),
                leftOut(out, "core").reason());
        assertTrue(leftOut(out, "core").reason().contains("[set 'X'] → [set 'Y']"),
                leftOut(out, "core").reason());
        assertTrue(leftOut(out, "zzz-innocent").reason().contains("'X'"), leftOut(out, "zzz-innocent").reason());
        assertTrue(leftOut(out, "aaa-culprit").reason().contains("'X'"), leftOut(out, "aaa-culprit").reason());
    }

    @Test
    void newcomerClosingACycleThroughSystemsIsRefused() {
        EcsSystem a = sys("r/a");
        EcsSystem b = EcsSystem.builder("r/b").after(a).run((w, dt) -> { }).build();
        PluginEntry running = entry(Plugin.builder("zzz-running").systems(a, b).build());
        PluginEntry newcomer = entry(Plugin.builder("aaa-new")
                .systems(EcsSystem.builder("n/x").after(b).before(a).run((w, dt) -> { }).build()).build());
        BuildOutcome out = assemble(List.of(newcomer, running), List.of(running));
        assertEquals(List.of("zzz-running"), names(out.active()));
        PluginStatus refused = leftOut(out, "aaa-new");
        assertEquals(PluginState.EXCLUDED, refused.state());
        assertTrue(refused.reason().startsWith("conflicts with running plugin 'zzz-running': "), refused.reason());
        assertTrue(refused.reason().contains("n/x") && refused.reason().contains("r/a"), refused.reason());
    }

    @Test
    void newcomerDeclaringAPhaseNameThatIsTakenIsRefused() {
        PluginEntry running = entry(Plugin.builder("zzz-phases")
                .phases(Phase.builder("P").dependsOn(Phase.ON_UPDATE).build()).build());
        PluginEntry newcomer = entry(Plugin.builder("aaa-new")
                .phases(Phase.builder("P").dependsOn(Phase.ON_UPDATE).build()).build());
        BuildOutcome out = assemble(List.of(newcomer, running), List.of(running));
        assertEquals(List.of("zzz-phases"), names(out.active()));
        assertTrue(leftOut(out, "aaa-new").reason().startsWith("conflicts with running plugin 'zzz-phases': two"
                + " different phases are named 'P'"), leftOut(out, "aaa-new").reason());
    }

    @Test
    void newcomerDeclaringASetNameThatIsTakenIsRefused() {
        PluginEntry running = entry(Plugin.builder("zzz-sets").sets(SystemSet.define("S")).build());
        PluginEntry newcomer = entry(Plugin.builder("aaa-new").sets(SystemSet.define("S")).build());
        BuildOutcome out = assemble(List.of(newcomer, running), List.of(running));
        assertEquals(List.of("zzz-sets"), names(out.active()));
        assertTrue(leftOut(out, "aaa-new").reason().startsWith("conflicts with running plugin 'zzz-sets': two"
                + " different sets are named 'S'"), leftOut(out, "aaa-new").reason());
    }

    @Test
    void anUpdatedPluginIsANewcomer() {
        PluginEntry running = entry(simple("zzz-old", "dup/sys"));
        PluginEntry before = entry(simple("aaa-updated", "a/s"));
        PluginEntry updated = entry(simple("aaa-updated", "dup/sys")); // the same plugin, a new service object
        BuildOutcome out = assemble(List.of(updated, running), List.of(running, before));
        assertEquals(List.of("zzz-old"), names(out.active()));
        assertEquals(PluginState.EXCLUDED, leftOut(out, "aaa-updated").state());
    }

    @Test
    void ofTwoPluginsWithTheSameNameTheRunningOneStays() {
        PluginEntry newcomer = entry(simple("p", "p/new"));
        PluginEntry running = entry(simple("p", "p/old"));
        BuildOutcome out = assemble(List.of(newcomer, running), List.of(running));
        assertEquals(List.of(running), out.active());
        assertEquals("another plugin named 'p' (test/1.0.0, service 2) is running in schedule 'main'",
                out.leftOut().get(0).reason());
        assertEquals(newcomer.serviceId(), out.leftOut().get(0).serviceId());
    }

    @Test
    void anUpdateOfARunningPluginTakesPrecedenceOverOneThatStayedOut() {
        PluginEntry game = entry(simple("zzz-game", "dup/sys"));
        PluginEntry refused = entry(simple("aaa-refused", "dup/sys"));
        PluginEntry update = entry(simple("zzz-game", "dup/sys")); // the game plugin, a new service object
        BuildOutcome out = assemble("main", List.of(refused, update),
                new ScheduleAssembler.Before(List.of(game), List.of(refused, game)), null, null);
        assertEquals(List.of(update), out.active());
        assertEquals(PluginState.EXCLUDED, leftOut(out, "aaa-refused").state());
    }

    @Test
    void aPluginThatGivesWayTakesNoOtherWithIt() {
        PluginEntry running = entry(simple("mmm-running", "dup/sys"));
        PluginEntry stayedOut = entry(simple("zzz-stayed-out", "dup/sys", "shared/x"));
        PluginEntry arrived = entry(simple("aaa-arrived", "shared/x"));
        BuildOutcome out = assemble("main", List.of(arrived, running, stayedOut),
                new ScheduleAssembler.Before(List.of(running), List.of(running, stayedOut)), null, null);
        assertEquals(List.of("aaa-arrived", "mmm-running"), names(out.active()),
                "the arrival conflicted only with a plugin that is left out anyway");
        assertTrue(leftOut(out, "zzz-stayed-out").reason().contains("running plugin 'mmm-running'"),
                leftOut(out, "zzz-stayed-out").reason());
    }

    @Test
    void aNewArrivalGivesWayToAPluginThatStayedOut() {
        PluginEntry stayedOut = entry(simple("zzz-waiting-before", "dup/sys"));
        PluginEntry arrived = entry(simple("aaa-arrived", "dup/sys"));
        BuildOutcome out = assemble("main", List.of(arrived, stayedOut),
                new ScheduleAssembler.Before(List.of(), List.of(stayedOut)), null, null);
        assertEquals(List.of("zzz-waiting-before"), names(out.active()));
        assertTrue(leftOut(out, "aaa-arrived").reason().startsWith("conflicts with plugin 'zzz-waiting-before': "),
                leftOut(out, "aaa-arrived").reason());
    }

    // ------------------------------------------------------------------ waiting

    @Test
    void unknownPhaseMakesThePluginWaitAndItComesInOnceThePhaseIsDeclared() {
        Phase stage = Phase.builder("x/Stage").dependsOn(Phase.ON_UPDATE).build();
        PluginEntry needer = entry(Plugin.builder("needer")
                .systems(EcsSystem.define("needer/s", stage, (w, dt) -> { })).build());
        PluginEntry exporter = entry(Plugin.builder("exporter").phases(stage).build());
        BuildOutcome alone = assemble(List.of(needer), List.of());
        PluginStatus waiting = leftOut(alone, "needer");
        assertEquals(PluginState.WAITING, waiting.state());
        assertTrue(waiting.reason().contains("phase 'x/Stage'"), waiting.reason());

        BuildOutcome both = assemble("main", List.of(needer, exporter),
                new ScheduleAssembler.Before(List.of(), List.of(needer)), null, alone.schedule());
        assertEquals(List.of("needer", "exporter"), names(both.active()));
        assertSame(alone.schedule().state(), both.schedule().state(), "state trait carried over");
    }

    @Test
    void aRunningPluginWhosePhaseLeftWaitsWhileANewcomerBesideItComesIn() {
        Phase stage = Phase.builder("x/Stage").dependsOn(Phase.ON_UPDATE).build();
        PluginEntry needer = entry(Plugin.builder("needer")
                .systems(EcsSystem.define("needer/s", stage, (w, dt) -> { })).build());
        PluginEntry exporter = entry(Plugin.builder("exporter").phases(stage).build());
        PluginEntry bystander = entry(simple("zzz-new", "new/s"));
        // the exporter left; the bystander arrived in the same rebuild
        BuildOutcome out = assemble(List.of(needer, bystander), List.of(needer, exporter));
        assertEquals(List.of("zzz-new"), names(out.active()));
        assertEquals(PluginState.WAITING, leftOut(out, "needer").state());
        assertTrue(leftOut(out, "needer").reason().contains("x/Stage"), leftOut(out, "needer").reason());
    }

    // ------------------------------------------------------------------ snapshots and containment

    @Test
    void pluginWhoseAccessorThrowsIsExcludedWithTheAccessorAndTheError() {
        PluginEntry thrower = entry(new ThrowingPlugin("thrower", new AssertionError("boom")));
        BuildOutcome out = assemble(List.of(entry(simple("ok", "ok/s")), thrower), List.of());
        assertEquals(List.of("ok"), names(out.active()));
        PluginStatus t = leftOut(out, "thrower");
        assertEquals(PluginState.EXCLUDED, t.state());
        assertEquals("its systems() threw java.lang.AssertionError: boom", t.reason());
    }

    @Test
    void noPluginCodeRunsDuringAssembly() {
        CountingPlugin counting = new CountingPlugin(simple("counted", "c/s"));
        PluginEntry e = entry(counting);
        int afterSnapshot = counting.calls;
        BuildOutcome out = assemble(List.of(e), List.of());
        assertEquals(List.of("c/s"), systemNames(out.schedule()));
        assertEquals(4, afterSnapshot, "name, phases, sets and systems, once each");
        assertEquals(afterSnapshot, counting.calls);
    }

    @Test
    void isolationAddsRunningPluginsFirstThenNewcomers() {
        PluginEntry newcomer = entry(simple("aaa-new", "n/s"));
        PluginEntry running = entry(simple("zzz-old", "o/s"));
        PluginEntry other = entry(simple("mmm-other", "m/s"));
        // a failure that names no plugin: the two cannot be built together
        ScheduleAssembler.Build clash = (name, plugins, hooks, previous, probe) -> {
            List<String> names = plugins.stream().map(Plugin::name).collect(Collectors.toList());
            if (names.contains("aaa-new") && names.contains("zzz-old")) {
                throw new IllegalStateException("clash");
            }
            return ScheduleAssembler.SCHEDULER.build(name, plugins, hooks, previous, probe);
        };
        BuildOutcome out = assemble(clash, "main", List.of(newcomer, other, running),
                new ScheduleAssembler.Before(List.of(running), List.of(running)), null, null);
        assertEquals(List.of("mmm-other", "zzz-old"), names(out.active()));
        PluginStatus refused = leftOut(out, "aaa-new");
        assertEquals(PluginState.EXCLUDED, refused.state());
        assertEquals("building with it threw java.lang.IllegalStateException: clash", refused.reason());
    }

    @Test
    void anErrorWhileBuildingIsContainedAndPinnedOnThePlugin() {
        PluginEntry bad = entry(simple("bad", "bad/s"));
        PluginEntry good = entry(simple("good", "good/s"));
        ScheduleAssembler.Build linkage = (name, plugins, hooks, previous, probe) -> {
            if (plugins.stream().anyMatch(p -> p.name().equals("bad"))) {
                throw new StackOverflowError();
            }
            return ScheduleAssembler.SCHEDULER.build(name, plugins, hooks, previous, probe);
        };
        BuildOutcome out = assemble(linkage, "main", List.of(bad, good),
                ScheduleAssembler.Before.NOTHING, null, null);
        assertEquals(List.of("good"), names(out.active()));
        assertEquals("building with it threw java.lang.StackOverflowError", leftOut(out, "bad").reason());
    }

    @Test
    void aScheduleThatCannotBeBuiltEvenWithoutPluginsGivesNoScheduleAndTheFailure() {
        Schedule other = Schedule.builder("other").build();
        BuildOutcome out = assemble("main", List.of(entry(simple("a", "a/s"))),
                ScheduleAssembler.Before.NOTHING, null, other);
        assertNull(out.schedule());
        assertEquals(List.of(), out.active());
        assertTrue(String.valueOf(out.failure()).contains("cannot adopt the state of schedule 'other'"),
                String.valueOf(out.failure()));
    }

    /** A plugin whose {@code systems()} throws. */
    private static final class ThrowingPlugin implements Plugin {
        private final String name;
        private final Error error;

        ThrowingPlugin(String name, Error error) {
            this.name = name;
            this.error = error;
        }

        @Override
        public String name() {
            return name;
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
            throw error;
        }
    }

    /** Counts calls to its accessors. */
    private static final class CountingPlugin implements Plugin {
        private final Plugin data;
        private int calls;

        CountingPlugin(Plugin data) {
            this.data = data;
        }

        @Override
        public String name() {
            calls++;
            return data.name();
        }

        @Override
        public List<Phase> phases() {
            calls++;
            return new ArrayList<>(data.phases());
        }

        @Override
        public List<SystemSet> sets() {
            calls++;
            return new ArrayList<>(data.sets());
        }

        @Override
        public List<EcsSystem> systems() {
            calls++;
            return new ArrayList<>(data.systems());
        }
    }

    // ------------------------------------------------------------------ optional ordering by name

    @Test
    void aPluginOrderedByNameAfterAnAbsentPluginIsActiveNotWaitingAndOrderedOnceTheOtherArrives() {
        Plugin render = Plugin.builder("render").systems(EcsSystem.builder("render/draw").afterIfPresent("physics/set")
                .run((w, dt) -> { }).build()).build();
        SystemSet physicsSet = SystemSet.define("physics/set");
        Plugin physics = Plugin.builder("physics").sets(physicsSet).systems(
                EcsSystem.builder("physics/step").sets(physicsSet).run((w, dt) -> { }).build()).build();
        BuildOutcome alone = assemble(List.of(entry(render)), List.of());
        assertEquals(List.of("render"), names(alone.active()));
        assertTrue(alone.leftOut().isEmpty(), "no WAITING for an optional name");
        PluginEntry renderEntry = entry(render);
        BuildOutcome both = assemble(List.of(renderEntry, entry(physics)), List.of(renderEntry));
        assertEquals(List.of("physics/step", "render/draw"), systemNames(both.schedule()));
    }
}
