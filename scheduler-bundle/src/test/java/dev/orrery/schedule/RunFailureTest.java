package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.RunFailure.Stage;
import dev.orrery.world.World;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Beyond the spec (Orrery's fault attribution): {@link RunFailure#of} names the schedule, system,
 * plugin and stage of an exception that escaped a run API, innermost schedule first, while the
 * exception itself propagates unchanged (SCH-037, SCH-146).
 */
class RunFailureTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    /** Runs {@code call}, asserts it throws exactly {@code expected} (same object, nothing added), returns it. */
    private static Throwable thrownBy(Throwable expected, Executable call) {
        Throwable thrown = assertThrows(Throwable.class, call);
        assertSame(expected, thrown, "propagates unchanged");
        assertEquals(0, thrown.getSuppressed().length, "nothing suppressed added");
        return thrown;
    }

    private static RunFunction throwing(Throwable t) {
        return (w, dt) -> {
            throw sneaky(t);
        };
    }

    private static Condition throwingCondition(RuntimeException e) {
        return w -> {
            throw e;
        };
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    @DisplayName("RUN: a system's run function threw; the failure names schedule, system, plugin and stage")
    void run_stage() {
        IllegalStateException boom = new IllegalStateException("boom");
        EcsSystem move = EcsSystem.define("game/move", throwing(boom));
        Schedule schedule = Schedule.builder("main").plugins(Plugin.builder("game").systems(move).build())
                .systems(trace.system("main/first", Phase.PRE_UPDATE)).build();

        Throwable thrown = thrownBy(boom, () -> schedule.run(world, 0.25));

        RunFailure failure = RunFailure.of(world, thrown).orElseThrow();
        assertEquals(new RunFailure("main", move, "game", Stage.RUN, null), failure);
        assertEquals("game/move", failure.systemName());
        assertSame(Phase.ON_UPDATE, failure.phase());
        assertEquals("run", failure.stageText());
        assertEquals("schedule 'main', system 'game/move', source 'game', stage run", failure.toString());
        assertEquals(Optional.of(failure), RunFailure.last(world));
        assertEquals(List.of("main/first"), trace.take());
    }

    @Test
    @DisplayName("CONDITION: the system's own run condition threw; the schedule's own system names the schedule as source")
    void condition_stage() {
        IllegalArgumentException bad = new IllegalArgumentException("bad condition");
        EcsSystem gated = EcsSystem.builder("gated").runIf(throwingCondition(bad)).run(trace.records("gated")).build();
        Schedule schedule = Schedule.builder("main").systems(gated).build();

        Throwable thrown = thrownBy(bad, () -> schedule.runPhase(world, Phase.ON_UPDATE, 0));

        assertEquals(Optional.of(new RunFailure("main", gated, "main", Stage.CONDITION, null)), RunFailure.of(world, thrown));
        assertEquals(List.of(), trace.take());
    }

    @Test
    @DisplayName("SET_CONDITION: names the set whose condition threw, among sets with and without conditions")
    void set_condition_stage() {
        AssertionError bad = new AssertionError("set condition failed");
        SystemSet plain = SystemSet.define("plain");
        SystemSet open = SystemSet.builder("open").runIf(trace.condition("open", true)).build();
        SystemSet broken = SystemSet.builder("broken").runIf(w -> {
            throw bad;
        }).build();
        EcsSystem system = EcsSystem.builder("ai/think").sets(plain, open, broken).run(trace.records("ai/think")).build();
        Schedule schedule = Schedule.builder("main").sets(plain, open, broken)
                .plugins(Plugin.builder("ai").systems(system).build()).build();

        Throwable thrown = thrownBy(bad, () -> schedule.runPhases(world, Phase.ON_UPDATE, Phase.ON_STORE, 0));

        RunFailure failure = RunFailure.of(world, thrown).orElseThrow();
        assertEquals(new RunFailure("main", system, "ai", Stage.SET_CONDITION, "broken"), failure);
        assertEquals("set condition 'broken'", failure.stageText());
        assertEquals(List.of("?open"), trace.take());
    }

    /** Hooks that throw {@code error} from the method named {@code where}. */
    private static ScheduleHooks throwingHook(String where, RuntimeException error) {
        return new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                if (where.equals("before")) {
                    throw error;
                }
            }

            @Override
            public void afterSystem(HookContext ctx) {
                if (where.equals("after")) {
                    throw error;
                }
            }

            @Override
            public void onSkip(HookContext ctx, SkipReason reason) {
                if (where.equals("skip")) {
                    throw error;
                }
            }
        };
    }

    @Test
    @DisplayName("HOOK_BEFORE, HOOK_AFTER, HOOK_SKIP: a hook threw; the failure names the system it was called for")
    void hook_stages() {
        for (String where : List.of("before", "after", "skip")) {
            RuntimeException hookError = new UnsupportedOperationException("hook " + where);
            EcsSystem observed = trace.system("game/observed");
            Schedule schedule = Schedule.builder("main").hooks(throwingHook(where, hookError))
                    .plugins(Plugin.builder("game").systems(observed).build()).build();
            World w = new World();
            if (where.equals("skip")) {
                schedule.disable(w, observed);
            }

            Throwable thrown = thrownBy(hookError, () -> schedule.run(w, 0));

            Stage expected = switch (where) {
                case "before" -> Stage.HOOK_BEFORE;
                case "after" -> Stage.HOOK_AFTER;
                default -> Stage.HOOK_SKIP;
            };
            assertEquals(Optional.of(new RunFailure("main", observed, "game", expected, null)), RunFailure.of(w, thrown),
                    where);
            assertEquals(where.equals("after") ? List.of("game/observed") : List.of(), trace.take(), where);
        }
    }

    @Test
    @DisplayName("hooks present: a failing run function, condition and set condition are attributed as without hooks")
    void run_and_conditions_with_hooks() {
        IllegalStateException runError = new IllegalStateException("run");
        IllegalStateException ownError = new IllegalStateException("own");
        IllegalStateException setError = new IllegalStateException("set");
        SystemSet broken = SystemSet.builder("broken").runIf(throwingCondition(setError)).build();
        EcsSystem runs = EcsSystem.define("runs", throwing(runError));
        EcsSystem own = EcsSystem.builder("own").runIf(throwingCondition(ownError)).run(trace.records("own")).build();
        EcsSystem inSet = EcsSystem.builder("inSet").sets(broken).run(trace.records("inSet")).build();
        ScheduleHooks quiet = new ScheduleHooks() { };

        Object[][] cases = {{runs, runError, Stage.RUN, null}, {own, ownError, Stage.CONDITION, null},
                {inSet, setError, Stage.SET_CONDITION, "broken"}};
        for (Object[] c : cases) {
            EcsSystem system = (EcsSystem) c[0];
            Schedule schedule = Schedule.builder("hooked").sets(broken).systems(system).hooks(quiet).build();
            Throwable thrown = thrownBy((Throwable) c[1], () -> schedule.run(world, 0));
            assertEquals(Optional.of(new RunFailure("hooked", system, "hooked", (Stage) c[2], (String) c[3])),
                    RunFailure.of(world, thrown), system.name());
        }
    }

    @Test
    @DisplayName("nested schedules: a failure in dnd/turn, stepped by a main system, is attributed to the dnd/turn system")
    void innermost_schedule_wins() {
        IllegalStateException turnError = new IllegalStateException("turn failed");
        EcsSystem attack = EcsSystem.define("dnd/attack", throwing(turnError));
        Schedule turn = Schedule.builder("dnd/turn").plugins(Plugin.builder("dnd").systems(attack).build()).build();
        EcsSystem driver = EcsSystem.define("dnd/turn-driver", (w, dt) -> turn.run(w, dt));
        Schedule main = Schedule.builder("main").plugins(Plugin.builder("dnd-driver").systems(driver).build()).build();

        Throwable thrown = thrownBy(turnError, () -> main.run(world, 0.5));

        assertEquals(Optional.of(new RunFailure("dnd/turn", attack, "dnd", Stage.RUN, null)), RunFailure.of(world, thrown));
        thrownBy(turnError, () -> main.run(world, 0.5));
        assertEquals(Optional.of(new RunFailure("dnd/turn", attack, "dnd", Stage.RUN, null)), RunFailure.of(world, thrown),
                "again on the next pass");
    }

    @Test
    @DisplayName("a system that makes a bad nested call of its own schedule is that system's RUN failure")
    void reentrant_call_is_the_calling_systems_failure() {
        Schedule[] self = new Schedule[1];
        EcsSystem nest = EcsSystem.define("nest", (w, dt) -> self[0].run(w, dt));
        self[0] = Schedule.builder("main").systems(nest).build();

        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> self[0].run(world, 0));

        assertTrue(thrown.getMessage().contains("already running"), thrown.getMessage());
        assertEquals(Optional.of(new RunFailure("main", nest, "main", Stage.RUN, null)), RunFailure.of(world, thrown));
    }

    @Test
    @DisplayName("a failure in OnStart is attributed; OnStart is not marked done, so the system is considered again")
    void failure_in_on_start() {
        IllegalStateException bootError = new IllegalStateException("boot failed");
        boolean[] fail = {true};
        EcsSystem boot = EcsSystem.define("game/boot", Phase.ON_START, (w, dt) -> {
            if (fail[0]) {
                throw bootError;
            }
            trace.events.add("game/boot");
        });
        Schedule schedule = Schedule.builder("main").plugins(Plugin.builder("game").systems(boot).build()).build();

        Throwable thrown = thrownBy(bootError, () -> schedule.run(world, 0));

        RunFailure failure = RunFailure.of(world, thrown).orElseThrow();
        assertEquals(new RunFailure("main", boot, "game", Stage.RUN, null), failure);
        assertSame(Phase.ON_START, failure.phase());
        fail[0] = false;
        schedule.run(world, 0);
        assertEquals(List.of("game/boot"), trace.take());
    }

    @Test
    @DisplayName("another Throwable, or a world without failures, gets an empty answer")
    void other_throwable_is_empty() {
        IllegalStateException boom = new IllegalStateException("boom");
        Schedule schedule = Schedule.builder("main").systems(EcsSystem.define("s", throwing(boom))).build();

        assertEquals(Optional.empty(), RunFailure.of(world, boom), "nothing recorded yet");
        assertEquals(Optional.empty(), RunFailure.last(world));
        thrownBy(boom, () -> schedule.run(world, 0));

        assertEquals(Optional.empty(), RunFailure.of(world, new IllegalStateException("boom")), "equal message, other object");
        assertEquals(Optional.empty(), RunFailure.of(new World(), boom), "another world");
        assertTrue(RunFailure.of(world, boom).isPresent());
    }

    @Test
    @DisplayName("a preallocated exception thrown again by another system of the same schedule is attributed again")
    void same_throwable_again_is_attributed_again() {
        IllegalStateException shared = new IllegalStateException("shared");
        boolean[] firstFails = {true};
        EcsSystem first = EcsSystem.define("first", (w, dt) -> {
            if (firstFails[0]) {
                throw shared;
            }
        });
        EcsSystem second = EcsSystem.define("second", Phase.ON_STORE, throwing(shared));
        Schedule schedule = Schedule.builder("main").systems(first, second).build();

        thrownBy(shared, () -> schedule.run(world, 0));
        assertEquals("first", RunFailure.of(world, shared).orElseThrow().systemName());
        firstFails[0] = false;
        thrownBy(shared, () -> schedule.run(world, 0));
        assertEquals("second", RunFailure.of(world, shared).orElseThrow().systemName());
    }

    @Test
    @DisplayName("a StackOverflowError and a checked exception from a run function are attributed and propagate unchanged")
    void errors_of_every_kind() {
        EcsSystem deep = EcsSystem.define("deep", (w, dt) -> recurse(0));
        Schedule schedule = Schedule.builder("main").systems(deep).build();
        StackOverflowError overflow = assertThrows(StackOverflowError.class, () -> schedule.run(world, 0));
        assertEquals(Optional.of(new RunFailure("main", deep, "main", Stage.RUN, null)), RunFailure.of(world, overflow));

        Exception checked = new java.io.IOException("disk");
        EcsSystem io = EcsSystem.define("io", throwing(checked));
        Schedule other = Schedule.builder("other").systems(io).build();
        thrownBy(checked, () -> other.run(world, 0));
        assertEquals(Optional.of(new RunFailure("other", io, "other", Stage.RUN, null)), RunFailure.of(world, checked));
    }

    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }

    @Test
    @DisplayName("the failure is kept per world, dropped by World.reset, and recorded again after it")
    void per_world_and_reset() {
        IllegalStateException boom = new IllegalStateException("boom");
        Schedule schedule = Schedule.builder("main").systems(EcsSystem.define("s", throwing(boom))).build();
        World other = new World();
        thrownBy(boom, () -> schedule.run(world, 0));
        thrownBy(boom, () -> schedule.run(other, 0));

        world.reset();

        assertEquals(Optional.empty(), RunFailure.of(world, boom));
        assertTrue(RunFailure.of(other, boom).isPresent());
        thrownBy(boom, () -> schedule.run(world, 0));
        assertTrue(RunFailure.of(world, boom).isPresent(), "recorded again after the reset");
    }

    @Test
    @DisplayName("null arguments and inconsistent components are rejected with messages naming them")
    void bad_arguments() {
        EcsSystem s = trace.system("s");
        assertEquals("RunFailure.of: world is null",
                assertThrows(NullPointerException.class, () -> RunFailure.of(null, new Error())).getMessage());
        assertEquals("RunFailure.of: thrown is null",
                assertThrows(NullPointerException.class, () -> RunFailure.of(world, null)).getMessage());
        assertEquals("RunFailure.last: world is null",
                assertThrows(NullPointerException.class, () -> RunFailure.last(null)).getMessage());
        assertEquals("RunFailure: set is null for stage SET_CONDITION", assertThrows(NullPointerException.class,
                () -> new RunFailure("main", s, "main", Stage.SET_CONDITION, null)).getMessage());
        assertEquals("RunFailure: set 'x' given for stage RUN; only SET_CONDITION names a set",
                assertThrows(IllegalArgumentException.class, () -> new RunFailure("main", s, "main", Stage.RUN, "x"))
                        .getMessage());
        assertEquals("RunFailure: system is null", assertThrows(NullPointerException.class,
                () -> new RunFailure("main", null, "main", Stage.RUN, null)).getMessage());
    }
}
