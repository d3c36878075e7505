package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.world.World;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Hooks: SCH-144..148, 150 (SCH-149 is proven in SteadyStateAllocationTest). */
class HooksTest {
    private final Trace trace = new Trace();
    private final World world = new World();

    /** Records each hook call as text, from the context fields read inside the hook. */
    private final class Recorder implements ScheduleHooks {
        final List<HookContext> contexts = new ArrayList<>();

        @Override
        public void beforeSystem(HookContext ctx) {
            contexts.add(ctx);
            trace.events.add("before " + describe(ctx));
        }

        @Override
        public void afterSystem(HookContext ctx) {
            contexts.add(ctx);
            trace.events.add("after " + describe(ctx));
        }

        @Override
        public void onSkip(HookContext ctx, SkipReason reason) {
            contexts.add(ctx);
            trace.events.add("skip " + describe(ctx) + " " + reason);
        }

        private String describe(HookContext ctx) {
            return ctx.system().name() + "@" + ctx.phase().name() + " dt=" + ctx.dt();
        }
    }

    @Test
    @DisplayName("SCH-144 beforeSystem after the checks passed, afterSystem after run returned, onSkip with DISABLED or CONDITION")
    void SCH_144_hooks_per_considered_system() {
        SystemSet closed = SystemSet.builder("closed").runIf(trace.condition("closed", false)).build();
        EcsSystem off = trace.system("off");
        Recorder hooks = new Recorder();
        Schedule schedule = Schedule.builder("s144").sets(closed).hooks(hooks).systems(
                EcsSystem.builder("runs").run(trace.records("runs")).runIf(trace.condition("own", true)).build(),
                off,
                EcsSystem.builder("byOwn").run(trace.records("byOwn")).runIf(trace.condition("ownFalse", false)).build(),
                EcsSystem.builder("bySet").run(trace.records("bySet")).sets(closed).build()).build();
        schedule.disable(world, off);

        schedule.run(world, 0.25);

        assertEquals(List.of(
                "?own", "before runs@OnUpdate dt=0.25", "runs", "after runs@OnUpdate dt=0.25",
                "skip off@OnUpdate dt=0.25 DISABLED",
                "?ownFalse", "skip byOwn@OnUpdate dt=0.25 CONDITION",
                "?closed", "skip bySet@OnUpdate dt=0.25 CONDITION"), trace.take());
    }

    @Test
    @DisplayName("SCH-145 ctx holds schedule, world, system, phase and the call's dt, with no timing added")
    void SCH_145_context_fields() {
        List<Object[]> snapshots = new ArrayList<>();
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                snapshots.add(new Object[] {ctx.schedule(), ctx.world(), ctx.system(), ctx.phase(), ctx.dt()});
            }
        };
        EcsSystem load = trace.system("load", Phase.ON_LOAD);
        Schedule schedule = Schedule.builder("s145").hooks(hooks).systems(load).build();

        schedule.run(world, 0.125);

        assertEquals(1, snapshots.size());
        assertEquals(Arrays.asList(schedule, world, load, Phase.ON_LOAD, 0.125), Arrays.asList(snapshots.get(0)));
        Set<String> methods = new HashSet<>();
        for (Method m : HookContext.class.getMethods()) {
            methods.add(m.getName());
        }
        assertEquals(Set.of("schedule", "world", "system", "phase", "dt"), methods, "no timing fields");
    }

    @Test
    @DisplayName("SCH-146 afterSystem is not called when the system throws; a hook's exception propagates unchanged like a system's")
    void SCH_146_after_not_called_on_throw_and_hook_errors_propagate() {
        RuntimeException systemError = new RuntimeException("system");
        Recorder hooks = new Recorder();
        Schedule failing = Schedule.builder("s146").hooks(hooks).systems(
                EcsSystem.define("thrower", (w, dt) -> {
                    throw systemError;
                }), trace.system("next")).build();
        assertSame(systemError, assertThrows(RuntimeException.class, () -> failing.run(world, 0)));
        assertEquals(List.of("before thrower@OnUpdate dt=0.0"), trace.take());

        IllegalStateException hookError = new IllegalStateException("hook");
        boolean[] fail = {true};
        ScheduleHooks throwing = new ScheduleHooks() {
            @Override
            public void afterSystem(HookContext ctx) {
                if (fail[0]) {
                    throw hookError;
                }
            }
        };
        Schedule schedule = Schedule.builder("s146b").hooks(throwing).systems(trace.system("a"), trace.system("b")).build();
        assertSame(hookError, assertThrows(IllegalStateException.class, () -> schedule.run(world, 0)));
        assertEquals(List.of("a"), trace.take(), "later systems do not run");
        fail[0] = false;
        assertDoesNotThrow(() -> schedule.run(world, 0), "the executing marker was cleared");
        assertEquals(List.of("a", "b"), trace.take());
    }

    @Test
    @DisplayName("SCH-147 systems not considered fire no hook: a done OnStart phase, manual phases during run")
    void SCH_147_not_considered_fire_no_hook() {
        Phase detached = Phase.define("Detached");
        Phase marked = Phase.builder("Marked").dependsOn(Phase.ON_UPDATE).manual(true).build();
        Recorder hooks = new Recorder();
        EcsSystem offManual = trace.system("offManual", marked);
        Schedule schedule = Schedule.builder("s147").phases(detached, marked).hooks(hooks).systems(
                trace.system("start", Phase.ON_START), trace.system("detached", detached), trace.system("marked", marked),
                offManual, trace.system("update")).build();
        schedule.disable(world, offManual);

        schedule.run(world, 0);
        assertEquals(List.of("before start@OnStart dt=0.0", "start", "after start@OnStart dt=0.0",
                "before update@OnUpdate dt=0.0", "update", "after update@OnUpdate dt=0.0"), trace.take());
        schedule.run(world, 0);
        schedule.runPhase(world, Phase.ON_START, 0);
        assertEquals(List.of("before update@OnUpdate dt=0.0", "update", "after update@OnUpdate dt=0.0"), trace.take());
    }

    @Test
    @DisplayName("SCH-148 hooks are build-time only: no API to change them, and changing the builder afterwards has no effect")
    void SCH_148_hooks_fixed_at_build() {
        for (Method m : Schedule.class.getMethods()) {
            assertTrue(!m.getName().toLowerCase().contains("hook"), "no hook API on Schedule: " + m);
        }
        Recorder first = new Recorder();
        ScheduleBuilder builder = Schedule.builder("s148").hooks(first).systems(trace.system("a"));
        Schedule schedule = builder.build();
        Recorder second = new Recorder();
        builder.hooks(second);

        schedule.run(world, 0);

        assertEquals(2, first.contexts.size());
        assertEquals(0, second.contexts.size());
    }

    @Test
    @DisplayName("SCH-150 (a) one ctx object per schedule and world across hooks and calls, (b) fields match inside each hook")
    void SCH_150_one_reused_context() {
        Recorder hooks = new Recorder();
        EcsSystem off = trace.system("off", Phase.ON_STORE);
        Schedule schedule = Schedule.builder("s150").hooks(hooks).systems(
                trace.system("a", Phase.ON_LOAD), trace.system("b"), off).build();
        schedule.disable(world, off);

        schedule.run(world, 0.5);
        schedule.runPhase(world, Phase.ON_UPDATE, 0.75);

        assertEquals(7, hooks.contexts.size());
        for (HookContext ctx : hooks.contexts) {
            assertSame(hooks.contexts.get(0), ctx);
        }
        assertEquals(List.of("before a@OnLoad dt=0.5", "a", "after a@OnLoad dt=0.5",
                "before b@OnUpdate dt=0.5", "b", "after b@OnUpdate dt=0.5",
                "skip off@OnStore dt=0.5 DISABLED",
                "before b@OnUpdate dt=0.75", "b", "after b@OnUpdate dt=0.75"), trace.take());

        Recorder other = new Recorder();
        Schedule another = Schedule.builder("s150-other").hooks(other).systems(trace.system("x")).build();
        another.run(world, 0);
        assertNotSame(hooks.contexts.get(0), other.contexts.get(0), "per schedule");
    }

    @Test
    @DisplayName("SCH-150 (c) a nested call of A on world 2 uses another ctx; the outer ctx still says world 1")
    void SCH_150_context_per_world_with_nested_call() {
        World one = new World();
        World two = new World();
        List<HookContext> contexts = new ArrayList<>();
        List<String> outerAfter = new ArrayList<>();
        Schedule[] a = new Schedule[1];
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                contexts.add(ctx);
            }

            @Override
            public void afterSystem(HookContext ctx) {
                if (ctx.system().name().equals("nest") && ctx.world() == one) {
                    outerAfter.add("world one, system " + ctx.system().name() + ", schedule " + ctx.schedule().name());
                }
                contexts.add(ctx);
            }
        };
        a[0] = Schedule.builder("s150c").hooks(hooks).systems(EcsSystem.define("nest", (w, dt) -> {
            if (w == one) {
                a[0].run(two, dt);
            }
        })).build();

        a[0].run(one, 0);

        // order of hook calls: before(one), before(two), after(two), after(one)
        assertEquals(4, contexts.size());
        assertSame(contexts.get(0), contexts.get(3), "the outer world's ctx");
        assertSame(contexts.get(1), contexts.get(2), "the inner world's ctx");
        assertNotSame(contexts.get(0), contexts.get(1), "one ctx per world");
        assertEquals(List.of("world one, system nest, schedule s150c"), outerAfter);
    }
}
