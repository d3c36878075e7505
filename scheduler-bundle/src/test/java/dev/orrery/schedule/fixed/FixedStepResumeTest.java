package dev.orrery.schedule.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuilder;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.DeadTargetException;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The resume-without-replay rule of a fixed step for every kind of throw inside the step, not only a
 * system's run function: an observer called by the phase's publish, by a barrier or by a publish a
 * system requested; a run condition of a system or of its set; a failed publish (strict mode); a
 * nested schedule's system; a throw under hooks (the loop's hooked path). In each case the step
 * resumes with the systems after the point the throw interrupted, no earlier system runs again and
 * the tick does not advance twice. Runs on both dispatch engines (the suite runs twice).
 */
class FixedStepResumeTest {
    static final Trait<String> MARK = Trait.withDefault("test/Mark", "m");
    static final Trait<String> OTHER = Trait.withDefault("test/Other", "o");

    private final World world = new World();
    private final List<String> trace = new ArrayList<>();
    /** Whether the armed fault still fires (it fires once). */
    private final boolean[] armed = {true};

    private RunFunction records(String name) {
        return (w, dt) -> trace.add(name + "@" + FixedTime.of(w, FixedPhases.DEFAULT_CLOCK).tick());
    }

    private void failOnce() {
        if (armed[0]) {
            armed[0] = false;
            throw new IllegalStateException("boom");
        }
    }

    /** s1, s2, s3 in FixedUpdate (s2 shaped by {@code s2}), s4 in FixedPostUpdate, render in OnUpdate. */
    private Schedule schedule(UnaryOperator<EcsSystem.Builder> s1, UnaryOperator<EcsSystem.Builder> s2,
                              UnaryOperator<ScheduleBuilder> extra) {
        EcsSystem first = s1.apply(EcsSystem.builder("s1").phase(FixedPhases.FIXED_UPDATE).run(records("s1"))).build();
        EcsSystem second = s2.apply(EcsSystem.builder("s2").phase(FixedPhases.FIXED_UPDATE).after(first)
                .run(records("s2"))).build();
        EcsSystem third = EcsSystem.builder("s3").phase(FixedPhases.FIXED_UPDATE).after(second).run(records("s3")).build();
        EcsSystem fourth = EcsSystem.define("s4", FixedPhases.FIXED_POST_UPDATE, records("s4"));
        EcsSystem render = EcsSystem.define("render", Phase.ON_UPDATE, (w, dt) -> trace.add("render"));
        return extra.apply(Schedule.builder("main").systems(first, second, third, fourth, render)).build();
    }

    /** Runs a crashing frame, then a resuming frame of dt 0 and a normal frame; checks the three traces. */
    private Throwable crashAndResume(Schedule s, List<String> crashed, List<String> resumed) {
        Throwable t = assertThrows(RuntimeException.class, () -> s.run(world, 1.0 / 60));
        FixedTime time = FixedTime.of(world, FixedPhases.DEFAULT_CLOCK);
        assertEquals(crashed, trace, "the crashed frame");
        assertTrue(time.isStepInterrupted());
        assertEquals(1, time.tick());
        trace.clear();
        s.run(world, 0);
        assertEquals(resumed, trace, "the rest of the step, then the frame: no earlier system again");
        assertEquals(1, time.tick(), "the clock is not advanced twice");
        trace.clear();
        s.run(world, 1.0 / 60);
        assertEquals(List.of("s1@2", "s2@2", "s3@2", "s4@2", "render"), trace, "the next step is whole");
        return t;
    }

    @Test
    @DisplayName("an observer throwing in the phase's publish: the step resumes with the clock's next phase")
    void observerAtThePhaseEnd() {
        long e = world.spawn();
        EcsObserver thrower = EcsObserver.builder("fx/thrower").onAdd(MARK).run((w, x) -> failOnce());
        Schedule s = schedule(b -> b.run((w, dt) -> {
            records("s1").run(w, dt);
            if (!w.has(e, MARK)) {
                w.add(e, MARK);
            }
        }), b -> b, b -> b.observers(thrower));
        Throwable t = crashAndResume(s, List.of("s1@1", "s2@1", "s3@1"), List.of("s4@1", "render"));
        assertEquals(RunFailure.Stage.OBSERVER, RunFailure.of(world, t).orElseThrow().stage());
    }

    @Test
    @DisplayName("an observer throwing at a barrier (commitAfter): the step resumes after the barrier")
    void observerAtABarrier() {
        long e = world.spawn();
        EcsObserver thrower = EcsObserver.builder("fx/thrower").onAdd(MARK).run((w, x) -> failOnce());
        Schedule s = schedule(b -> b.commitAfter().run((w, dt) -> {
            records("s1").run(w, dt);
            if (!w.has(e, MARK)) {
                w.add(e, MARK);
            }
        }), b -> b, b -> b.observers(thrower));
        crashAndResume(s, List.of("s1@1"), List.of("s2@1", "s3@1", "s4@1", "render"));
    }

    @Test
    @DisplayName("an observer throwing in a publish a system requested: the step resumes after that system")
    void observerAtARequestedPublish() {
        long e = world.spawn();
        EcsObserver thrower = EcsObserver.builder("fx/thrower").onAdd(OTHER).run((w, x) -> failOnce());
        Schedule s = schedule(b -> b, b -> b.run((w, dt) -> {
            records("s2").run(w, dt);
            if (!w.has(e, OTHER)) {
                w.add(e, OTHER);
                w.enqueueCommit();
            }
        }), b -> b.observers(thrower));
        crashAndResume(s, List.of("s1@1", "s2@1"), List.of("s3@1", "s4@1", "render"));
    }

    @Test
    @DisplayName("a system's run condition throwing: the step resumes with the systems after it")
    void runCondition() {
        Schedule s = schedule(b -> b, b -> b.runIf(w -> {
            failOnce();
            return true;
        }), b -> b);
        Throwable t = crashAndResume(s, List.of("s1@1"), List.of("s3@1", "s4@1", "render"));
        RunFailure f = RunFailure.of(world, t).orElseThrow();
        assertEquals(RunFailure.Stage.CONDITION, f.stage());
        assertEquals("s2", f.systemName());
    }

    @Test
    @DisplayName("a set's run condition throwing: the step resumes with the systems after the gated one")
    void setCondition() {
        SystemSet gate = SystemSet.builder("gate").runIf(w -> {
            failOnce();
            return true;
        }).build();
        Schedule s = schedule(b -> b, b -> b.sets(gate), b -> b.sets(gate));
        Throwable t = crashAndResume(s, List.of("s1@1"), List.of("s3@1", "s4@1", "render"));
        assertEquals(RunFailure.Stage.SET_CONDITION, RunFailure.of(world, t).orElseThrow().stage());
    }

    @Test
    @DisplayName("a failed publish (strict mode) blamed on an earlier system: the step resumes with the next phase")
    void failedPublish() {
        world.transaction().setStrict(true);
        long e = world.spawn();
        boolean[] once = {true};
        Schedule s = schedule(b -> b.run((w, dt) -> {
            records("s1").run(w, dt);
            if (once[0]) {
                once[0] = false;
                w.destroy(e);
                w.add(e, MARK); // on an entity destroyed in the same transaction: fails the publish
            }
        }), b -> b, b -> b);
        Throwable t = crashAndResume(s, List.of("s1@1", "s2@1", "s3@1"), List.of("s4@1", "render"));
        assertTrue(t instanceof DeadTargetException, t.toString());
        assertEquals("s1", RunFailure.of(world, t).orElseThrow().systemName(), "blamed on the system that staged it");
    }

    @Test
    @DisplayName("a nested schedule's system throwing inside a fixed system: the step resumes after the outer system")
    void nestedSchedule() {
        Schedule inner = Schedule.builder("inner").systems(EcsSystem.define("inner/fail", Phase.ON_UPDATE,
                (w, dt) -> failOnce())).build();
        Schedule s = schedule(b -> b, b -> b.run((w, dt) -> {
            records("s2").run(w, dt);
            inner.run(w, dt);
        }), b -> b);
        Throwable t = crashAndResume(s, List.of("s1@1", "s2@1"), List.of("s3@1", "s4@1", "render"));
        assertEquals("inner", RunFailure.of(world, t).orElseThrow().schedule(), "the innermost schedule is blamed");
    }

    @Test
    @DisplayName("under hooks (every system considered with the hooks around): a throwing condition resumes after its system")
    void hookedCall() {
        List<String> hooked = new ArrayList<>();
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                hooked.add(ctx.system().name());
            }
        };
        Schedule s = schedule(b -> b, b -> b.runIf(w -> {
            failOnce();
            return true;
        }), b -> b.hooks(hooks));
        crashAndResume(s, List.of("s1@1"), List.of("s3@1", "s4@1", "render"));
        assertTrue(hooked.contains("s3"), hooked.toString());
    }
}
