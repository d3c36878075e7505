package dev.orrery.schedule.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.DispatchEngine;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SystemSet;
import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Orrery's own: the generated dispatcher against the array loop. Both engines are built from the same
 * input in one test by setting {@value DispatchEngine#PROPERTY} (the default engine) around each build;
 * the whole suite also runs once per engine (the surefire executions in the POM).
 */
class GeneratedDispatchTest {
    private final String saved = System.getProperty(DispatchEngine.PROPERTY);

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(DispatchEngine.PROPERTY);
        } else {
            System.setProperty(DispatchEngine.PROPERTY, saved);
        }
    }

    static CompiledSchedule build(String mode, Supplier<Schedule> build) {
        String before = System.getProperty(DispatchEngine.PROPERTY);
        System.setProperty(DispatchEngine.PROPERTY, mode);
        try {
            return (CompiledSchedule) build.get();
        } finally {
            if (before == null) {
                System.clearProperty(DispatchEngine.PROPERTY);
            } else {
                System.setProperty(DispatchEngine.PROPERTY, before);
            }
        }
    }

    @Test
    @DisplayName("the property picks the mode; hooks keep the loop; an unknown value is a one-line error")
    void mode_selection() {
        Supplier<Schedule> plain = () -> Schedule.builder("s").systems(EcsSystem.define("a", (w, dt) -> { })).build();
        assertTrue(build("generated", plain).isGenerated());
        assertFalse(build("loop", plain).isGenerated());
        assertTrue(build("", plain).isGenerated(), "default");
        Supplier<Schedule> hooked = () -> Schedule.builder("s").systems(EcsSystem.define("a", (w, dt) -> { }))
                .hooks(new ScheduleHooks() { }).build();
        assertFalse(build("generated", hooked).isGenerated());
        assertTrue(build("sync", plain).isGenerated());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> build("fast", plain));
        assertEquals("system property orrery.schedule.dispatch='fast': expected 'generated', 'sync' or 'loop'", e.getMessage());
    }

    /** A random schedule whose systems and conditions record into {@code log}, some toggling others. */
    private static Supplier<Schedule> randomSchedule(long seed, int count, List<String> log) {
        return () -> {
            Random r = new Random(seed);
            List<SystemSet> sets = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                int id = k;
                Condition c = w -> {
                    log.add("set" + id);
                    return (w.entityCount() + id) % 3 != 0 || id == 0;
                };
                sets.add(SystemSet.builder("set" + k).runIf(c).build());
            }
            List<EcsSystem> systems = new ArrayList<>();
            List<Phase> phases = Phase.BUILTIN;
            EcsSystem[] holder = new EcsSystem[count];
            for (int i = 0; i < count; i++) {
                int id = i;
                int action = r.nextInt(10);
                RunFunction run = (w, dt) -> {
                    log.add("s" + id);
                    if (action == 0) {
                        w.spawn(); // changes what the set conditions answer
                    }
                };
                EcsSystem.Builder b = EcsSystem.builder("s" + i).phase(phases.get(1 + r.nextInt(phases.size() - 1)))
                        .run(run);
                if (r.nextInt(3) == 0) {
                    b.runIf(w -> {
                        log.add("c" + id);
                        return (w.entityCount() + id) % 2 == 0;
                    });
                }
                if (r.nextInt(4) == 0) {
                    b.sets(sets.get(r.nextInt(sets.size())));
                }
                holder[i] = b.build();
                systems.add(holder[i]);
            }
            return Schedule.builder("random").sets(sets).systems(systems).build();
        };
    }

    @Test
    @DisplayName("same trace as the loop over 300 systems, 4 conditional sets, conditions, toggles by name")
    void same_trace_as_loop() {
        for (long seed = 1; seed <= 5; seed++) {
            List<String> loopLog = new ArrayList<>();
            List<String> genLog = new ArrayList<>();
            CompiledSchedule loop = build("loop", randomSchedule(seed, 300, loopLog));
            CompiledSchedule gen = build("generated", randomSchedule(seed, 300, genLog));
            assertFalse(loop.isGenerated());
            assertTrue(gen.isGenerated());
            World wl = new World();
            World wg = new World();
            Random toggles = new Random(seed);
            for (int frame = 0; frame < 6; frame++) {
                int s = toggles.nextInt(300);
                if (frame % 2 == 0) {
                    loop.disable(wl, loop.systems().get(s));
                    gen.disable(wg, gen.systems().get(s));
                }
                Phase ph = Phase.BUILTIN.get(1 + toggles.nextInt(8));
                if (frame == 3) {
                    loop.disablePhase(wl, ph);
                    gen.disablePhase(wg, ph);
                }
                loop.run(wl, 0.1);
                gen.run(wg, 0.1);
                loop.runPhases(wl, Phase.PRE_UPDATE, Phase.POST_UPDATE, 0.1);
                gen.runPhases(wg, Phase.PRE_UPDATE, Phase.POST_UPDATE, 0.1);
            }
            assertEquals(loopLog, genLog, "seed " + seed);
            assertTrue(genLog.size() > 1000, "the trace is not trivial");
        }
    }

    @Test
    @DisplayName("SCH-056: a system that disables a later one, and one that disables its own phase, take effect at once")
    void toggles_inside_a_pass() {
        List<String> log = new ArrayList<>();
        EcsSystem[] s = new EcsSystem[200];
        Schedule[] self = new Schedule[1];
        for (int i = 0; i < s.length; i++) {
            int id = i;
            s[i] = EcsSystem.define("s" + i, (w, dt) -> {
                log.add("s" + id);
                if (id == 10) {
                    self[0].disable(w, s[150]); // in a later chunk
                }
                if (id == 100) {
                    self[0].disablePhase(w, Phase.ON_UPDATE);
                }
            });
        }
        CompiledSchedule schedule = build("generated", () -> Schedule.builder("t").systems(s).build());
        self[0] = schedule;
        assertTrue(schedule.isGenerated());
        schedule.run(new World(), 0.1);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i <= 100; i++) {
            expected.add("s" + i);
        }
        assertEquals(expected, log);
    }

    @Test
    @DisplayName("fault attribution from generated code: RUN, CONDITION, SET_CONDITION with the set's name; same object rethrown")
    void faults_are_attributed() {
        IllegalStateException runBoom = new IllegalStateException("run");
        IllegalStateException condBoom = new IllegalStateException("cond");
        IllegalStateException setBoom = new IllegalStateException("set");
        boolean[] arm = new boolean[3];
        SystemSet quiet = SystemSet.builder("quiet").runIf(w -> true).build();
        SystemSet loud = SystemSet.builder("loud").runIf(w -> {
            if (arm[2]) {
                throw setBoom;
            }
            return true;
        }).build();
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            systems.add(EcsSystem.define("fill" + i, (w, dt) -> { }));
        }
        EcsSystem runs = EcsSystem.define("runs", (w, dt) -> {
            if (arm[0]) {
                throw runBoom;
            }
        });
        EcsSystem cond = EcsSystem.builder("cond").runIf(w -> {
            if (arm[1]) {
                throw condBoom;
            }
            return true;
        }).run((w, dt) -> { }).build();
        EcsSystem set = EcsSystem.builder("set").sets(quiet, loud).run((w, dt) -> { }).build();
        systems.add(runs);
        systems.add(cond);
        systems.add(set);
        CompiledSchedule schedule = build("generated",
                () -> Schedule.builder("f").sets(quiet, loud).systems(systems).build());
        assertTrue(schedule.isGenerated());
        World world = new World();
        schedule.run(world, 0);
        Throwable[] booms = {runBoom, condBoom, setBoom};
        RunFailure[] expected = {
            new RunFailure("f", runs, "f", Stage.RUN, null),
            new RunFailure("f", cond, "f", Stage.CONDITION, null),
            new RunFailure("f", set, "f", Stage.SET_CONDITION, "loud"),
        };
        for (int k = 0; k < 3; k++) {
            arm[0] = arm[1] = arm[2] = false;
            arm[k] = true;
            Throwable thrown = assertThrows(Throwable.class, () -> schedule.run(world, 0));
            assertSame(booms[k], thrown);
            assertEquals(expected[k], RunFailure.of(world, thrown).orElseThrow());
            // not left executing: the next call runs (re-entrancy marker cleared)
            arm[k] = false;
            schedule.run(world, 0);
        }
    }

    @Test
    @DisplayName("re-entrancy from a generated site is an error naming the API, as on the loop")
    void reentrancy() {
        Schedule[] self = new Schedule[1];
        CompiledSchedule schedule = build("generated", () -> Schedule.builder("r")
                .systems(EcsSystem.define("again", (w, dt) -> self[0].run(w, dt))).build());
        self[0] = schedule;
        assertTrue(schedule.isGenerated());
        assertThrows(IllegalStateException.class, () -> schedule.run(new World(), 0));
    }

    @Test
    @DisplayName("above 2,048 systems generated in the background, adopted at a run call; indexes beyond 32,767 (ldc) in order")
    void many_systems() {
        int n = 33_000;
        long[] sum = new long[1];
        int[] last = {-1};
        List<EcsSystem> systems = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int id = i;
            systems.add(EcsSystem.builder("s" + i).phase(i < n / 2 ? Phase.PRE_UPDATE : Phase.ON_UPDATE)
                    .run((w, dt) -> {
                        sum[0] += id;
                        if (id != last[0] + 1) {
                            throw new AssertionError("out of order at " + id);
                        }
                        last[0] = id;
                    }).build());
        }
        CompiledSchedule schedule = build("generated", () -> Schedule.builder("big").systems(systems).build());
        World world = new World();
        schedule.run(world, 0); // on the loop or generated, whichever is ready: same result
        assertEquals(n - 1, last[0]);
        schedule.awaitGenerated();
        assertTrue(schedule.isGenerated());
        sum[0] = 0;
        last[0] = -1;
        schedule.run(world, 0);
        assertEquals((long) n * (n - 1) / 2, sum[0]);
        assertEquals(n - 1, last[0]);
    }

    @Test
    @DisplayName("SCH-117: a warm generated run allocates 0 bytes (conditions, sets, a disabled system)")
    void no_allocation() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        SystemSet set = SystemSet.builder("set").runIf(w -> true).build();
        List<EcsSystem> systems = new ArrayList<>();
        long[] count = new long[1];
        for (int i = 0; i < 300; i++) {
            EcsSystem.Builder b = EcsSystem.builder("s" + i).phase(Phase.BUILTIN.get(1 + i % 8))
                    .run((w, dt) -> count[0]++);
            if (i % 3 == 0) {
                b.runIf(w -> true);
            }
            if (i % 5 == 0) {
                b.sets(set);
            }
            systems.add(b.build());
        }
        CompiledSchedule schedule = build("generated", () -> Schedule.builder("a").sets(set).systems(systems).build());
        assertTrue(schedule.isGenerated());
        World world = new World();
        schedule.disable(world, systems.get(7));
        // Warm: 60,000 calls (three windows). Around call 20,000-40,000 the JIT's last tier change of the
        // chunks can allocate once on this thread (168 bytes seen), and a deoptimisation can later; in
        // steady state a call allocates nothing, so some measured window is quiet.
        Measurement m = AllocationMeter.windows(3, AllocationMeter.DEFAULT_MAX_WINDOWS).measure(20_000, () -> {
            for (int i = 0; i < 20_000; i++) {
                schedule.run(world, 0.016);
            }
        });
        assertTrue(m.isAllocationFree(), m.describe("20,000 warm run calls"));
        assertEquals((m.warmUpWindows() + m.windowBytes().size()) * 20_000L * 299, count[0]);
    }

    @Test
    @DisplayName("hook sampling: hooks on one run call in samplePeriod per world, the others on the generated path; all() takes the smallest")
    void hook_sampling() {
        List<String> log = new ArrayList<>();
        ScheduleHooks every4 = new ScheduleHooks() {
            @Override
            public int samplePeriod() {
                return 4;
            }

            @Override
            public void beforeSystem(dev.orrery.schedule.HookContext ctx) {
                log.add("before " + ctx.system().name());
            }

            @Override
            public void onSkip(dev.orrery.schedule.HookContext ctx, dev.orrery.schedule.SkipReason reason) {
                log.add("skip " + ctx.system().name() + " " + reason);
            }
        };
        assertEquals(4, ScheduleHooks.all(List.of(every4, every4)).samplePeriod());
        assertEquals(1, ScheduleHooks.all(List.of(every4, new ScheduleHooks() { })).samplePeriod());
        int[] runs = new int[1];
        EcsSystem a = EcsSystem.define("a", (w, dt) -> runs[0]++);
        EcsSystem off = EcsSystem.builder("off").runIf(w -> false).run((w, dt) -> runs[0] += 100).build();
        CompiledSchedule schedule = build("generated",
                () -> Schedule.builder("h").systems(a, off).hooks(every4).build());
        assertTrue(schedule.isGenerated(), "the unsampled calls run generated code");
        World w1 = new World();
        World w2 = new World();
        for (int k = 0; k < 8; k++) {
            schedule.run(w1, 0);
        }
        schedule.runPhase(w2, Phase.ON_UPDATE, 0); // its own count: sampled
        assertEquals(List.of("before a", "skip off CONDITION", "before a", "skip off CONDITION",
                "before a", "skip off CONDITION"), log);
        assertEquals(9, runs[0]);
        CompiledSchedule every = build("generated", () -> Schedule.builder("h").systems(a).hooks(new ScheduleHooks() { })
                .build());
        assertFalse(every.isGenerated(), "period 1: every call observed, the loop with hooks");
    }

    @Test
    @DisplayName("SCH-056 in a same-class loop: a system disabling a later one of the run takes effect at once; "
            + "a throw is attributed to the system at the loop's index; the probe names each system")
    void same_class_loop() {
        List<String> trace = new ArrayList<>();
        dev.orrery.schedule.RunProbe probe = new dev.orrery.schedule.RunProbe();
        EcsSystem[] all = new EcsSystem[10];
        Schedule[] self = new Schedule[1];
        boolean[] fail = {false};
        for (int k = 0; k < all.length; k++) {
            int id = k;
            all[k] = EcsSystem.define("s" + k, (w, dt) -> { // one lambda class for all ten
                trace.add(probe.running().map(r -> r.system().name()).orElse("-"));
                if (id == 3) {
                    self[0].disable(w, all[6]);
                }
                if (id == 8 && fail[0]) {
                    throw new IllegalStateException("s8 fails");
                }
            });
        }
        // that these ten systems form one same-class loop: DispatchGeneratorTest
        CompiledSchedule schedule = build("generated", () -> Schedule.builder("loop").systems(all).probe(probe).build());
        self[0] = schedule;
        assertTrue(schedule.isGenerated());
        World world = new World();

        schedule.run(world, 0.016);
        assertEquals(List.of("s0", "s1", "s2", "s3", "s4", "s5", "s7", "s8", "s9"), trace);

        trace.clear();
        fail[0] = true;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> schedule.run(world, 0.016));
        RunFailure failure = RunFailure.of(world, e).orElseThrow();
        assertSame(all[8], failure.system());
        assertEquals(Stage.RUN, failure.stage());
        assertEquals(List.of("s0", "s1", "s2", "s3", "s4", "s5", "s7", "s8"), trace);
    }
}
