package dev.orrery.benchmarks;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuilder;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Schedules shaped for the benchmarks. */
final class Fixtures {
    /** The builtin phases that run on every frame (OnStart runs once per world, so it is left out). */
    static final List<Phase> FRAME_PHASES = Phase.BUILTIN.subList(1, Phase.BUILTIN.size());

    private static final int SETS = 8;

    private Fixtures() {
    }

    /**
     * @param count number of systems
     * @param condition condition of every system, or null
     * @return systems with distinct run-function classes, spread round-robin over {@link #FRAME_PHASES}
     */
    static List<EcsSystem> emptySystems(int count, Condition condition) {
        return emptySystems(count, condition, true);
    }

    /**
     * @param count number of systems
     * @param condition condition of every system, or null
     * @param distinct whether each run function is of its own class (megamorphic call site, as in a
     *     real game) or all share one class (monomorphic: the JIT can inline the single target)
     * @return systems spread round-robin over {@link #FRAME_PHASES}
     */
    static List<EcsSystem> emptySystems(int count, Condition condition, boolean distinct) {
        List<RunFunction> bodies = new ArrayList<>(count);
        if (distinct) {
            bodies.addAll(DistinctClasses.instances(OrreryEmptySystem.class, RunFunction.class, count));
        } else {
            for (int i = 0; i < count; i++) {
                bodies.add(new OrreryEmptySystem());
            }
        }
        List<EcsSystem> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            RunFunction body = bodies.get(i);
            EcsSystem.Builder b = EcsSystem.builder("s" + i).phase(FRAME_PHASES.get(i % FRAME_PHASES.size()));
            if (condition != null) {
                b.runIf(condition);
            }
            out.add(b.run(body).build());
        }
        return out;
    }

    /**
     * @param systems the systems
     * @param hooks hooks or null
     * @return the built schedule
     */
    static Schedule schedule(List<EcsSystem> systems, ScheduleHooks hooks) {
        return Schedule.builder("bench").systems(systems).hooks(hooks).build();
    }

    /** Hooks that do nothing measurable but count, so the calls are not optimised away. */
    static final class CountingHooks implements ScheduleHooks {
        long before;
        long after;
        long skips;

        @Override
        public void beforeSystem(dev.orrery.schedule.HookContext ctx) {
            before++;
        }

        @Override
        public void afterSystem(dev.orrery.schedule.HookContext ctx) {
            after++;
        }

        @Override
        public void onSkip(dev.orrery.schedule.HookContext ctx, dev.orrery.schedule.SkipReason reason) {
            skips++;
        }
    }

    /**
     * A build input: {@code count} systems over 100 custom phases hung off the builtin chain, each
     * system with two edges to earlier systems of its phase (or a set), and 8 chained sets.
     *
     * @param count number of systems
     * @param seed random seed, fixed for repeatable input
     * @return a builder ready to build
     */
    static ScheduleBuilder buildInput(int count, long seed) {
        return buildInput(count, seed, false);
    }

    /**
     * {@link #buildInput(int, long)} with a choice of run-function classes.
     *
     * @param count number of systems
     * @param seed random seed, fixed for repeatable input
     * @param distinct whether each run function is of its own class (the generated dispatcher then
     *     writes one call site per system) or all share one lambda class (it writes same-class loops)
     * @return a builder ready to build
     */
    static ScheduleBuilder buildInput(int count, long seed, boolean distinct) {
        Random random = new Random(seed);
        List<Phase> phases = new ArrayList<>(100);
        for (int i = 0; i < 100; i++) {
            Phase anchor = Phase.BUILTIN.get(1 + (i % 8));
            Phase.Builder b = Phase.builder("p" + i).dependsOn(anchor);
            if (i >= 8) {
                b.dependsOn(phases.get(i - 8));
            }
            phases.add(b.build());
        }
        List<SystemSet> sets = new ArrayList<>(SETS);
        for (int i = 0; i < SETS; i++) {
            SystemSet.Builder b = SystemSet.builder("set" + i);
            if (i > 0) {
                b.after(sets.get(i - 1));
            }
            sets.add(b.build());
        }
        List<List<EcsSystem>> byPhase = new ArrayList<>(100);
        for (int i = 0; i < 100; i++) {
            byPhase.add(new ArrayList<>());
        }
        List<EcsSystem> systems = new ArrayList<>(count);
        RunFunction shared = (w, dt) -> { };
        List<RunFunction> bodies = distinct
                ? DistinctClasses.instances(OrreryEmptySystem.class, RunFunction.class, count) : null;
        for (int i = 0; i < count; i++) {
            int p = i % 100;
            List<EcsSystem> same = byPhase.get(p);
            EcsSystem.Builder b = EcsSystem.builder("s" + i).phase(phases.get(p))
                    .run(distinct ? bodies.get(i) : shared);
            for (int e = 0; e < 2 && !same.isEmpty(); e++) {
                b.after(same.get(random.nextInt(same.size())));
            }
            if (p < SETS && same.size() % 10 == 0) {
                // Set j holds every tenth system of phase p<j>; p0..p7 hang off OnLoad..OnStore in that
                // order, so the set chain set0 -> set1 -> ... agrees with the phase order.
                b.sets(sets.get(p));
            }
            EcsSystem s = b.build();
            same.add(s);
            systems.add(s);
        }
        return Schedule.builder("build-bench").phases(phases).sets(sets).systems(systems);
    }
}
