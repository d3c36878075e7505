package dev.orrery.host.internal.rebuild;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.HostSettings;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.host.internal.plugins.ObserverSlot;
import dev.orrery.host.internal.plugins.PluginEntry;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.testsupport.log.LogLine;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Coalescing of service events into rebuilds on a manual clock and executor (no sleeps), what a
 * rebuild hands the frame side, and containment of whatever a rebuild throws.
 */
class RebuildCoordinatorTest {
    private final ManualExecutor executor = new ManualExecutor();
    private final CapturedLog log = CapturedLog.create();
    private final RecordingTarget target = new RecordingTarget();
    private List<PluginEntry> plugins = List.of();
    private HostSettings config = config(Map.of());
    private Supplier<RebuildCoordinator.Snapshot> before = () -> null;
    private ScheduleAssembler.Build build = ScheduleAssembler.SCHEDULER;
    private int snapshots;
    private long generation;
    private final RebuildCoordinator coordinator = new RebuildCoordinator(() -> {
        snapshots++;
        RebuildCoordinator.Snapshot s = before.get();
        return s != null ? s : new RebuildCoordinator.Snapshot(++generation, config, plugins);
    }, target, log.logger(), executor::nanoTime, executor, (n, p, h, prev, probe) -> build.build(n, p, h, prev, probe));

    /** Records what the coordinator hands the frame side; a test may make it throw. */
    private static final class RecordingTarget implements RebuildTarget {
        final List<Swap> swaps = new ArrayList<>();
        final List<String> observed = new ArrayList<>();
        final Map<String, ObserverSlot> slots = new HashMap<>();
        Error swapFails;
        Error observeFails;

        @Override
        public void swap(Swap swap) {
            if (swapFails != null) {
                Error e = swapFails;
                swapFails = null;
                throw e;
            }
            swaps.add(swap);
        }

        @Override
        public ScheduleHooks observerSlot(String schedule) {
            if (observeFails != null) {
                Error e = observeFails;
                observeFails = null;
                throw e;
            }
            observed.add(schedule);
            return slots.computeIfAbsent(schedule, k -> new ObserverSlot());
        }

        Swap last() {
            return swaps.get(swaps.size() - 1);
        }
    }

    private static HostSettings config(Map<String, Object> extra) {
        Map<String, Object> props = new HashMap<>(Map.of("mode", "fixed", "rate", 0, "startPaused", true,
                "quietMillis", 50, "maxDelayMillis", 10_000));
        props.putAll(extra);
        return HostSettingsParser.parse(props, k -> null);
    }

    private static PluginEntry plugin(String name, long id, String... systems) {
        Plugin.Builder b = Plugin.builder(name);
        for (String s : systems) {
            b.systems(EcsSystem.define(s, (w, dt) -> { }));
        }
        return PluginEntry.of(b.build(), "main", "test/1.0.0", id);
    }

    private void rebuildNow() {
        coordinator.request(config, false);
        executor.advanceMillis(config.quietPeriod().toMillis());
    }

    private static PluginStatus status(Swap swap, String name) {
        return swap.plugins().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    // ------------------------------------------------------------------ coalescing

    @Test
    void aBurstOfEventsCloserThanTheQuietPeriodGivesOneRebuild() {
        config = config(Map.of("quietMillis", 200));
        for (int i = 0; i < 10; i++) {
            coordinator.request(config, false);
            executor.advanceMillis(10);
        }
        executor.advanceMillis(189); // 199 ms after the last event
        assertEquals(0, snapshots, "the quiet period restarts with each event");
        executor.advanceMillis(1);
        assertEquals(1, snapshots);
        assertEquals(1, target.swaps.size());
        executor.advanceMillis(10_000);
        assertEquals(1, snapshots);
    }

    @Test
    void anUpdateSlowerThanTheQuietPeriodIsStillOneSwapWithThePluginReplaced() {
        config = config(Map.of("quietMillis", 50, "maxDelayMillis", 1000));
        PluginEntry v1 = plugin("game", 1, "game/tick");
        plugins = List.of(v1);
        rebuildNow();
        plugins = List.of();
        coordinator.departed("game", config);
        executor.advanceMillis(400); // the new bundle revision registers 400 ms later
        assertEquals(1, target.swaps.size(), "no rebuild without the plugin while it may come back");
        plugins = List.of(plugin("game", 2, "game/tick"));
        coordinator.arrived("game", config);
        executor.advanceMillis(0);
        assertEquals(2, target.swaps.size(), "the awaited plugin is back: rebuilt at once, no quiet period");
        assertEquals(List.of("game"), target.last().infos().get(0).replaced());
        assertEquals(List.of(), target.last().infos().get(0).left());
    }

    @Test
    void aPluginThatDoesNotComeBackLeavesAfterTheMaximumDelay() {
        config = config(Map.of("quietMillis", 50, "maxDelayMillis", 1000));
        plugins = List.of(plugin("game", 1, "game/tick"));
        rebuildNow();
        plugins = List.of();
        coordinator.departed("game", config);
        executor.advanceMillis(999);
        assertEquals(1, target.swaps.size());
        executor.advanceMillis(1);
        assertEquals(2, target.swaps.size());
        assertEquals(List.of("game"), target.last().infos().get(0).left());
    }

    @Test
    void eventsFartherApartThanTheQuietPeriodGiveOneRebuildEach() {
        for (int i = 0; i < 3; i++) {
            coordinator.request(config, false);
            executor.advanceMillis(60);
        }
        assertEquals(3, snapshots, "the debounce must not swallow separate events");
    }

    @Test
    void aSteadyStreamOfEventsIsRebuiltAfterTheMaximumDelay() {
        config = config(Map.of("quietMillis", 100, "maxDelayMillis", 300));
        for (int i = 0; i < 6; i++) {
            coordinator.request(config, false);
            executor.advanceMillis(50);
        }
        assertEquals(1, snapshots, "rebuilt at 300 ms although events kept coming every 50 ms");
    }

    @Test
    void eventsDuringABuildGiveOneFollowUpRebuild() {
        before = () -> {
            if (snapshots == 1) {
                for (int i = 0; i < 10; i++) {
                    coordinator.request(config, false); // arrive while the build runs
                }
            }
            return null;
        };
        rebuildNow();
        assertEquals(1, snapshots);
        executor.advanceMillis(10_000);
        assertEquals(2, snapshots, "the build in progress, then one follow-up for all ten events");
    }

    @Test
    void aRebuildThatStartsAsALaterRequestComesLeavesItToTheLaterOne() {
        executor.makeTasksUncancellable();
        coordinator.request(config, false);
        executor.advanceMillis(10);
        coordinator.request(config, false); // cannot cancel the first: it runs at 50 ms, superseded
        executor.advanceMillis(40);
        assertEquals(1, executor.ran(), "the first one ran");
        assertEquals(0, snapshots, "the superseded rebuild did nothing");
        executor.advanceMillis(10);
        assertEquals(1, snapshots);
        coordinator.request(config, false);
        executor.advanceMillis(49);
        assertEquals(1, snapshots, "a new burst waits its whole quiet period");
        executor.advanceMillis(1);
        assertEquals(2, snapshots);
    }

    @Test
    void afterShutdownRequestsAreIgnored() {
        coordinator.request(config, false);
        coordinator.shutdown();
        coordinator.request(config, false);
        executor.advanceMillis(10_000);
        assertEquals(0, snapshots);
    }

    @Test
    void byDefaultTheRebuildRunsOnTheBuilderThread() throws Exception {
        java.util.concurrent.CompletableFuture<String> swappedOn = new java.util.concurrent.CompletableFuture<>();
        RebuildTarget onThread = new RebuildTarget() {
            @Override
            public void swap(Swap swap) {
                swappedOn.complete(Thread.currentThread().getName());
            }
        };
        RebuildCoordinator real = new RebuildCoordinator(
                () -> new RebuildCoordinator.Snapshot(1, config, List.of()), onThread, log.logger());
        try {
            real.request(config(Map.of("quietMillis", 1)), false);
            assertEquals("orrery-host-builder", swappedOn.get(10, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            real.shutdown();
        }
    }

    // ------------------------------------------------------------------ what a rebuild hands over

    @Test
    void anUnchangedScheduleIsNotRebuiltAndObserversAreNoInputOfARebuild() {
        plugins = List.of(plugin("a", 1, "a/s"));
        rebuildNow();
        rebuildNow();
        assertEquals(Map.of(), target.swaps.get(1).rebuilt(), "nothing changed");
        assertEquals(List.of(status(target.swaps.get(0), "a")), target.swaps.get(1).plugins());
        RebuildInfo first = target.swaps.get(0).infos().get(0);
        assertFalse(first.hooksChanged(), "observers are swapped at frame boundaries, never rebuilt in");
        assertTrue(first.summary().endsWith("joined [a]; left []"), first.summary());
        assertEquals(List.of("main"), target.observed, "the slot is asked for once per schedule rebuilt");
    }

    @Test
    void everyRebuiltScheduleComesWithAnObservedVariantAroundItsSlotSharingItsState() {
        plugins = List.of(plugin("a", 1, "a/s"),
                PluginEntry.of(Plugin.builder("t").systems(EcsSystem.define("t/s", (w, dt) -> { })).build(),
                        "turn", "test/1.0.0", 2));
        rebuildNow();
        Swap swap = target.last();
        assertEquals(swap.rebuilt().keySet(), swap.observed().keySet());
        for (String name : List.of("main", "turn")) {
            Schedule plain = swap.rebuilt().get(name);
            Schedule observed = swap.observed().get(name);
            assertNotSame(plain, observed);
            assertSame(plain.state(), observed.state(), name + ": one state for both variants");
            assertEquals(plain.systems().stream().map(EcsSystem::name).toList(),
                    observed.systems().stream().map(EcsSystem::name).toList());
        }
        assertEquals(List.of("main", "turn"), target.observed.stream().sorted().toList());
    }

    @Test
    void aChangedDeclaredOrderRebuildsAndAnEqualOneDoesNot() {
        plugins = List.of(plugin("a", 1, "a/s"), plugin("b", 2, "b/s"));
        config = config(Map.of("order", "b,a"));
        rebuildNow();
        assertEquals(List.of("b", "a"), target.last().infos().get(0).plugins());
        config = config(Map.of("order", "b, a"));
        rebuildNow();
        assertEquals(Map.of(), target.last().rebuilt());
        config = config(Map.of("order", "a,b"));
        rebuildNow();
        assertEquals(List.of("a", "b"), target.last().infos().get(0).plugins());
    }

    @Test
    void aRunningPluginIsNotEvictedByANewcomer() {
        PluginEntry old = plugin("zzz-old", 1, "dup/sys", "old/other");
        plugins = List.of(old);
        rebuildNow();
        plugins = List.of(old, plugin("aaa-new", 2, "dup/sys"));
        rebuildNow();
        Swap swap = target.last();
        assertEquals(PluginState.ACTIVE, status(swap, "zzz-old").state());
        assertEquals(PluginState.EXCLUDED, status(swap, "aaa-new").state());
        assertTrue(status(swap, "aaa-new").reason().startsWith("conflicts with running plugin 'zzz-old': "),
                status(swap, "aaa-new").reason());
        assertEquals(List.of("dup/sys", "old/other"),
                swap.rebuilt().get("main").systems().stream().map(EcsSystem::name).toList());
        assertEquals("plugins [zzz-old], 2 systems", swap.infos().get(0).summary().substring(
                swap.infos().get(0).summary().indexOf("plugins ["),
                swap.infos().get(0).summary().indexOf(" systems") + 8));
        assertEquals(List.of(), swap.infos().get(0).left());
        assertEquals(List.of("plugin 'aaa-new' (test/1.0.0) left out of schedule 'main', EXCLUDED: "
                + status(swap, "aaa-new").reason()), log.messagesAt(Level.WARNING));
    }

    @Test
    void updatingARunningPluginDoesNotLetInOneThatWasRefused() {
        PluginEntry game = plugin("zzz-game", 1, "dup/sys");
        PluginEntry refused = plugin("aaa-refused", 2, "dup/sys");
        plugins = List.of(game);
        rebuildNow();
        plugins = List.of(game, refused);
        rebuildNow();
        assertEquals(PluginState.EXCLUDED, status(target.last(), "aaa-refused").state());
        plugins = List.of(plugin("zzz-game", 3, "dup/sys"), refused); // the game plugin is updated
        rebuildNow();
        assertEquals(PluginStatus.builder().name("zzz-game").schedule("main").bundle("test/1.0.0").serviceId(3)
                .state(PluginState.ACTIVE).reason("").build(),
                status(target.last(), "zzz-game"));
        assertEquals(PluginState.EXCLUDED, status(target.last(), "aaa-refused").state());
        assertEquals(List.of("zzz-game"), target.last().infos().get(0).replaced());
    }

    @Test
    void anUpdateIsReportedAsReplaced() {
        plugins = List.of(plugin("p", 1, "p/s"));
        rebuildNow();
        plugins = List.of(plugin("p", 2, "p/s"));
        rebuildNow();
        RebuildInfo info = target.last().infos().get(0);
        assertEquals(List.of("p"), info.replaced());
        assertEquals(List.of(), info.joined());
        assertEquals(List.of(), info.left());
    }

    @Test
    void aPluginWhoseAccessorThrewIsExcludedWithTheReason() {
        Plugin broken = new Plugin() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public List<dev.orrery.schedule.Phase> phases() {
                throw new AssertionError("boom");
            }

            @Override
            public List<dev.orrery.schedule.SystemSet> sets() {
                return List.of();
            }

            @Override
            public List<EcsSystem> systems() {
                return List.of();
            }
        };
        plugins = List.of(plugin("ok", 1, "ok/s"), PluginEntry.of(broken, "main", "broken/1.0.0", 2));
        rebuildNow();
        PluginStatus s = status(target.last(), "broken");
        assertEquals(PluginState.EXCLUDED, s.state());
        assertEquals("its phases() threw java.lang.AssertionError: boom", s.reason());
        assertEquals(PluginState.ACTIVE, status(target.last(), "ok").state());
    }

    @Test
    void noPluginCodeRunsInARebuild() {
        int[] calls = new int[1];
        Plugin data = Plugin.builder("watched").systems(EcsSystem.define("dup/sys", (w, dt) -> { })).build();
        Plugin watched = new Plugin() {
            @Override
            public String name() {
                calls[0]++;
                return data.name();
            }

            @Override
            public List<dev.orrery.schedule.Phase> phases() {
                calls[0]++;
                return data.phases();
            }

            @Override
            public List<dev.orrery.schedule.SystemSet> sets() {
                calls[0]++;
                return data.sets();
            }

            @Override
            public List<EcsSystem> systems() {
                calls[0]++;
                return data.systems();
            }

            @Override
            public boolean equals(Object o) {
                calls[0]++;
                return this == o;
            }

            @Override
            public int hashCode() {
                calls[0]++;
                return 1;
            }

            @Override
            public String toString() {
                calls[0]++;
                return "watched";
            }
        };
        PluginEntry entry = PluginEntry.of(watched, "main", "test/1.0.0", 5);
        assertEquals(4, calls[0]);
        plugins = List.of(plugin("aaa-first", 1, "dup/sys"));
        rebuildNow();
        plugins = List.of(plugin("aaa-first", 1, "dup/sys"), entry);
        rebuildNow();
        coordinator.request(config, true);
        executor.advanceMillis(50);
        assertEquals(PluginState.EXCLUDED, status(target.last(), "watched").state());
        assertEquals(4, calls[0], "the rebuilds called nothing of the plugin");
    }

    @Test
    void aChangedMainScheduleNameCarriesTheStateToTheNewNameOnce() {
        PluginEntry old = plugin("zzz-old", 1, "dup/sys");
        plugins = List.of(old);
        rebuildNow();
        assertEquals(Map.of(), target.last().carryState());

        config = config(Map.of("mainSchedule", "game"));
        plugins = List.of(old.inSchedule("game"), plugin("aaa-new", 2, "dup/sys").inSchedule("game"));
        coordinator.request(config, true);
        executor.advanceMillis(50);
        Swap renamed = target.last();
        assertEquals("game", renamed.mainSchedule());
        assertEquals(Map.of("game", "main"), renamed.carryState());
        assertTrue(renamed.rebuilt().containsKey("game"));
        assertEquals(PluginState.ACTIVE, status(renamed, "zzz-old").state(), "still running under the new name");
        assertEquals(PluginState.EXCLUDED, status(renamed, "aaa-new").state());

        coordinator.request(config, true);
        executor.advanceMillis(50);
        assertEquals(Map.of(), target.last().carryState());
    }

    @Test
    void withNoDeclaredOrderNothingIsWarnedAndWithOneTheUnlistedPluginIsWarnedOnce() {
        plugins = List.of(plugin("prefab", 1, "prefab/s"), plugin("game", 2, "game/s"));
        rebuildNow();
        assertEquals(List.of(), log.messagesAt(Level.WARNING));

        config = config(Map.of("order", "game"));
        coordinator.request(config, true);
        executor.advanceMillis(50);
        coordinator.request(config, true);
        executor.advanceMillis(50);
        assertEquals(List.of("plugin 'prefab' of schedule 'main' is not in the declared plugin order [game]; it"
                + " comes after the listed ones, by name"), log.messagesAt(Level.WARNING));
    }

    @Test
    void aScheduleThatCannotBeBuiltEvenWithoutPluginsIsNotSwappedAndItsStatusesSaySo() {
        PluginEntry a = plugin("a", 1, "a/s");
        plugins = List.of(a);
        rebuildNow();
        Schedule first = target.last().rebuilt().get("main");

        build = (n, p, h, prev, probe) -> {
            throw new IllegalStateException("the scheduler is broken");
        };
        plugins = List.of(a, plugin("b", 2, "b/s"));
        rebuildNow();
        Swap swap = target.last();
        assertFalse(swap.rebuilt().containsKey("main"), "the frame side keeps the schedule it has");
        assertEquals(List.of(), swap.infos());
        String why = "schedule 'main' cannot be built even without plugins"
                + " (java.lang.IllegalStateException: the scheduler is broken)";
        assertEquals(PluginStatus.builder().name("a").schedule("main").bundle("test/1.0.0").serviceId(1)
                .state(PluginState.ACTIVE).reason(why + "; it runs in the previous schedule")
                .build(), status(swap, "a"));
        assertEquals(PluginStatus.builder().name("b").schedule("main").bundle("test/1.0.0").serviceId(2)
                .state(PluginState.EXCLUDED).reason(why).build(), status(swap, "b"));
        assertEquals(List.of(why + "; its previous schedule keeps running"), log.messagesAt(Level.ERROR));

        build = ScheduleAssembler.SCHEDULER;
        rebuildNow();
        Swap fixed = target.last();
        assertTrue(fixed.rebuilt().containsKey("main"), "tried again although the input did not change");
        assertSame(first.state(), fixed.rebuilt().get("main").state(), "built on the previous schedule's state");
        assertEquals(List.of("b"), fixed.infos().get(0).joined());
    }

    // ------------------------------------------------------------------ containment

    @Test
    void anErrorWhileReadingTheServicesIsOneErrorLineAndTheNextRequestRebuilds() {
        before = () -> {
            if (snapshots == 1) {
                throw new AssertionError("boom");
            }
            return null;
        };
        plugins = List.of(plugin("a", 1, "a/s"));
        rebuildNow();
        assertEquals(List.of(), target.swaps);
        assertEquals(List.of("rebuild failed while reading the tracked services; the previous schedules stay, the"
                + " next change rebuilds again: java.lang.AssertionError: boom"), log.messagesAt(Level.ERROR));
        assertEquals(0, executor.waiting(), "nothing left pending");

        rebuildNow();
        assertEquals(1, target.swaps.size());
        assertEquals(PluginState.ACTIVE, status(target.last(), "a").state());
    }

    @Test
    void aLinkageErrorWhileBuildingAScheduleNamesItAndNothingOfThatRebuildIsKept() {
        plugins = List.of(plugin("a", 1, "a/s"));
        target.observeFails = new NoClassDefFoundError("gone/Hooks");
        rebuildNow();
        assertEquals(List.of(), target.swaps);
        assertEquals(List.of("rebuild failed while building schedule 'main'; the previous schedules stay, the next"
                + " change rebuilds again: java.lang.NoClassDefFoundError: gone/Hooks"), log.messagesAt(Level.ERROR));

        rebuildNow(); // the same input: rebuilt, since the failed rebuild kept nothing
        assertTrue(target.last().rebuilt().containsKey("main"));
        assertEquals(List.of("a"), target.last().infos().get(0).joined());
    }

    @Test
    void aStackOverflowInTheSwapIsContainedAndTheScheduleIsHandedOverAgain() {
        plugins = List.of(plugin("a", 1, "a/s"));
        target.swapFails = new StackOverflowError();
        rebuildNow();
        assertEquals(List.of("rebuild failed while handing schedules [main] to the frame side; the previous schedules"
                + " stay, the next change rebuilds again: java.lang.StackOverflowError"), log.messagesAt(Level.ERROR));
        rebuildNow();
        assertEquals(1, target.swaps.size());
        assertTrue(target.last().rebuilt().containsKey("main"));
        assertEquals(1, target.last().infos().get(0).sequence(), "the failed rebuild counted nothing");
    }

    @Test
    void aForcedRebuildThatFailedIsForcedAgain() {
        plugins = List.of(plugin("a", 1, "a/s"));
        rebuildNow();
        target.swapFails = new AssertionError("once");
        coordinator.request(config, true);
        executor.advanceMillis(50);
        rebuildNow(); // an ordinary request after the failed forced one
        assertTrue(target.last().rebuilt().containsKey("main"), "still forced");
    }

    @Test
    void anOutOfMemoryErrorIsNotContainedAndLeavesNoRequestPending() {
        OutOfMemoryError oom = new OutOfMemoryError("test: not a real one");
        before = () -> {
            if (snapshots == 1) {
                throw oom;
            }
            return null;
        };
        coordinator.request(config, false);
        assertSame(oom, assertThrows(OutOfMemoryError.class, () -> executor.advanceMillis(50)));
        assertEquals(List.of(), log.messagesAt(Level.ERROR));
        rebuildNow();
        assertEquals(1, target.swaps.size());
    }

    @Test
    void noStackTraceIsLoggedAboveDebug() {
        target.observeFails = new AssertionError("x");
        plugins = List.of(plugin("a", 1, "a/s"));
        rebuildNow();
        for (LogLine line : log.records()) {
            if (line.thrown() != null) {
                assertEquals(Level.DEBUG, line.level(), line.message());
            }
        }
        assertNull(log.records().stream().filter(l -> l.level() == Level.ERROR).findFirst().orElseThrow().thrown());
    }

    @Test
    void eachRebuiltScheduleLogsOneInfoLineWithItsAccessReportCounts() {
        dev.orrery.world.Trait<int[]> position = dev.orrery.world.Trait.of("Position", () -> new int[1]);
        Plugin p = Plugin.builder("physics").systems(
                EcsSystem.builder("physics/move").writes(position).run((w, dt) -> { }).build(),
                EcsSystem.builder("physics/draw").reads(position).run((w, dt) -> { }).build()).build();
        plugins = List.of(PluginEntry.of(p, "main", "test/1.0.0", 7));
        rebuildNow();
        List<String> lines = log.records().stream().filter(l -> l.level() == Level.INFO)
                .map(LogLine::message).filter(m -> m.contains("access check")).toList();
        assertEquals(List.of("schedule 'main' access check: 1 unordered read(s), 1 unordered conflicting pair(s)"
                + " (devtools: orrery:access)"), lines);
    }

    @Test
    void aScheduleWithNothingToReportInItsAccessCheckLogsNoAccessLine() {
        dev.orrery.world.Trait<int[]> position = dev.orrery.world.Trait.of("Position", () -> new int[1]);
        EcsSystem move = EcsSystem.builder("physics/move").writes(position).run((w, dt) -> { }).build();
        Plugin p = Plugin.builder("physics").systems(move,
                EcsSystem.builder("physics/draw").reads(position).after(move).run((w, dt) -> { }).build()).build();
        plugins = List.of(PluginEntry.of(p, "main", "test/1.0.0", 7));
        rebuildNow();
        assertEquals(List.of(), log.records().stream().map(LogLine::message).filter(m -> m.contains("access check")).toList());
        assertEquals(1, target.swaps.size(), "the schedule was built");
        assertTrue(target.last().infos().get(0).joined().contains("physics"), target.last().infos().toString());
    }
}
