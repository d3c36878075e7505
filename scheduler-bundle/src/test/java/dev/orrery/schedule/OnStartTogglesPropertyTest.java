package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.schedule.OnStartModel.Act;
import dev.orrery.schedule.OnStartModel.Act.Kind;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Random sequences of run calls ({@code run}, {@code runPhases}, {@code runPhase} of OnStart and of
 * OnUpdate), toggles ({@code enable}/{@code disable} of systems, no-op or not, the OnStart phase
 * toggle), state record replacements, rebuilds that adopt the state ({@code adoptStateOf}, adding or
 * dropping an OnStart system) and {@code world.reset()}, called from outside and from inside the
 * systems and their run conditions by their scripts, against {@link OnStartModel}: after every step
 * the systems and conditions that ran, the record in the world, {@code isEnabled} and
 * {@code isPhaseEnabled} are the model's (SCH-036, SCH-055, SCH-056, SCH-112, SCH-113, SCH-153).
 * Runs in the suite's dispatch engine, with and without hooks.
 */
class OnStartTogglesPropertyTest {

    /** One test of a condition: what it does, and its result. */
    record Test(List<Act> actions, boolean holds) {
        @Override
        public String toString() {
            return actions + (holds ? "" : " false");
        }
    }

    /**
     * A schedule's scripts (per system, per run), its conditions' scripts (per system, per test), the
     * outside steps, and whether hooks observe.
     */
    record Scenario(List<List<List<Act>>> scripts, List<List<Test>> conditions, List<Act> steps, boolean hooked) {
        @Override
        public String toString() {
            return "scripts a,b,c,u=" + scripts + " conditions=" + conditions + " steps=" + steps
                    + (hooked ? " hooked" : "");
        }
    }

    @Property(tries = 2000)
    void SCH_055_on_start_and_toggles_agree_with_the_model(@ForAll("scenarios") Scenario scenario) {
        OnStartModel.Script script = new OnStartModel.Script() {
            @Override
            public List<Act> actions(int system, int run) {
                List<List<Act>> runs = scenario.scripts().get(system);
                return run < runs.size() ? runs.get(run) : List.of();
            }

            @Override
            public List<Act> conditionActions(int system, int test) {
                List<Test> tests = scenario.conditions().get(system);
                return test < tests.size() ? tests.get(test).actions() : List.of();
            }

            @Override
            public boolean holds(int system, int test) {
                List<Test> tests = scenario.conditions().get(system);
                return test >= tests.size() || tests.get(test).holds();
            }
        };
        OnStartModel model = new OnStartModel(script);
        Engine engine = new Engine(script, scenario.hooked());
        for (int step = 0; step < scenario.steps().size(); step++) {
            Act act = scenario.steps().get(step);
            boolean modelThrew = false;
            try {
                model.apply(act);
            } catch (OnStartModel.Thrown expected) {
                modelThrew = true;
            }
            boolean threw = engine.apply(act);
            String at = "step " + step + " (" + act + ")";
            assertEquals(modelThrew, threw, at + ": whether the call threw");
            assertEquals(model.trace, engine.trace, at + ": the systems that ran");
            assertEquals(model.record == null ? null : model.record.toState("main"), engine.record(), at + ": the record");
            for (int i = 0; i < OnStartModel.SYSTEMS.size(); i++) {
                if (model.has(i)) {
                    assertEquals(model.isEnabled(i), engine.isEnabled(i), at + ": isEnabled(" + OnStartModel.SYSTEMS.get(i) + ")");
                }
            }
            assertEquals(model.isPhaseEnabled(), engine.isPhaseEnabled(), at + ": isPhaseEnabled(OnStart)");
        }
    }

    /** The real schedule and world, driven by the same scripts. */
    private static final class Engine {
        final World world = new World();
        final List<String> trace = new ArrayList<>();
        final int[] runs = new int[OnStartModel.SYSTEMS.size()];
        final int[] tests = new int[OnStartModel.SYSTEMS.size()];
        final List<EcsSystem> systems = new ArrayList<>();
        final boolean hooked;
        boolean withLate = true;
        Schedule schedule;

        Engine(OnStartModel.Script script, boolean hooked) {
            this.hooked = hooked;
            for (int i = 0; i < OnStartModel.SYSTEMS.size(); i++) {
                int index = i;
                String name = OnStartModel.SYSTEMS.get(i);
                systems.add(EcsSystem.builder(name).phase(i < 3 ? Phase.ON_START : Phase.ON_UPDATE).run((w, dt) -> {
                    trace.add(name);
                    for (Act act : script.actions(index, runs[index]++)) {
                        act(act);
                    }
                }).runIf(w -> {
                    int test = tests[index]++;
                    trace.add("?" + name);
                    for (Act act : script.conditionActions(index, test)) {
                        act(act);
                    }
                    return script.holds(index, test);
                }).build());
            }
            schedule = build(null);
        }

        private Schedule build(Schedule previous) {
            List<EcsSystem> present = new ArrayList<>(systems);
            if (!withLate) {
                present.remove(OnStartModel.LATE);
            }
            ScheduleBuilder builder = Schedule.builder("main").systems(present.toArray(EcsSystem[]::new));
            if (previous != null) {
                builder.adoptStateOf(previous);
            }
            if (hooked) {
                builder.hooks(new ScheduleHooks() { });
            }
            return builder.build();
        }

        private boolean has(int system) {
            return system != OnStartModel.LATE || withLate;
        }

        /** @return whether the step threw the scripted exception */
        boolean apply(Act act) {
            try {
                act(act);
                return false;
            } catch (OnStartModel.Thrown expected) {
                return true;
            }
        }

        private ScheduleState base() {
            ScheduleState s = world.get(schedule.state());
            return s == null ? ScheduleState.initial("main") : s;
        }

        private void act(Act act) {
            switch (act.kind()) {
                case ENABLE -> {
                    if (has(act.target())) {
                        schedule.enable(world, systems.get(act.target()));
                    }
                }
                case DISABLE -> {
                    if (has(act.target())) {
                        schedule.disable(world, systems.get(act.target()));
                    }
                }
                case ENABLE_PHASE -> schedule.enablePhase(world, Phase.ON_START);
                case DISABLE_PHASE -> schedule.disablePhase(world, Phase.ON_START);
                case SET_DONE -> world.set(schedule.state(), base().withOnStartDone(schedule));
                case SET_RESET -> world.set(schedule.state(), base().withOnStartReset());
                case SET_DISABLED -> world.set(schedule.state(),
                        base().withDisabled(OnStartModel.select(OnStartModel.SYSTEMS, act.mask())));
                case SET_CONSIDERED -> world.set(schedule.state(), base().toBuilder()
                        .onStartConsidered(OnStartModel.select(OnStartModel.ON_START, act.mask()))
                        .onStartDone(act.flag()).build());
                case THROW -> throw new OnStartModel.Thrown();
                case RUN -> schedule.run(world, 0.016);
                case RUN_PHASES -> schedule.runPhases(world, Phase.ON_START, Phase.ON_UPDATE, 0.016);
                case RUN_ON_START -> schedule.runPhase(world, Phase.ON_START, 0.016);
                case RUN_ON_UPDATE -> schedule.runPhase(world, Phase.ON_UPDATE, 0.016);
                case RESET_WORLD -> world.reset();
                case REBUILD -> {
                    withLate = !withLate;
                    schedule = build(schedule);
                }
                default -> throw new AssertionError(act);
            }
        }

        ScheduleState record() {
            return world.get(schedule.state());
        }

        boolean isEnabled(int i) {
            return schedule.isEnabled(world, systems.get(i));
        }

        boolean isPhaseEnabled() {
            return schedule.isPhaseEnabled(world, Phase.ON_START);
        }
    }

    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<List<List<Act>>> perSystem = inside().list().ofMaxSize(3).list().ofMaxSize(4);
        Arbitrary<Test> test = Combinators.combine(inside().list().ofMaxSize(2),
                Arbitraries.frequency(Tuple.of(4, true), Tuple.of(1, false))).as(Test::new);
        Arbitrary<List<Test>> perCondition = test.list().ofMaxSize(3);
        return Combinators.combine(perSystem.list().ofSize(OnStartModel.SYSTEMS.size()),
                perCondition.list().ofSize(OnStartModel.SYSTEMS.size()), outside().list().ofMinSize(4).ofMaxSize(30),
                Arbitraries.of(false, true)).as(Scenario::new);
    }

    /** What a system's script may do: toggles (often no-ops), record replacements, rarely a throw. */
    private static Arbitrary<Act> inside() {
        return Arbitraries.frequencyOf(
                Tuple.of(12, toggles()),
                Tuple.of(8, replacements()),
                Tuple.of(1, Arbitraries.just(new Act(Kind.THROW, 0, 0, false))));
    }

    /** What the test does between calls: run calls, toggles, replacements, world resets. */
    private static Arbitrary<Act> outside() {
        Arbitrary<Act> calls = Arbitraries.of(Kind.RUN, Kind.RUN, Kind.RUN_PHASES, Kind.RUN_ON_START, Kind.RUN_ON_UPDATE)
                .map(k -> new Act(k, 0, 0, false));
        return Arbitraries.frequencyOf(
                Tuple.of(8, calls),
                Tuple.of(1, Arbitraries.just(new Act(Kind.REBUILD, 0, 0, false))),
                Tuple.of(3, toggles()),
                Tuple.of(3, replacements()),
                Tuple.of(1, Arbitraries.just(new Act(Kind.RESET_WORLD, 0, 0, false))));
    }

    private static Arbitrary<Act> toggles() {
        Arbitrary<Act> systems = Combinators.combine(Arbitraries.of(Kind.ENABLE, Kind.DISABLE),
                Arbitraries.integers().between(0, OnStartModel.SYSTEMS.size() - 1)).as((k, t) -> new Act(k, t, 0, false));
        Arbitrary<Act> phase = Arbitraries.of(Kind.ENABLE_PHASE, Kind.DISABLE_PHASE).map(k -> new Act(k, 0, 0, false));
        return Arbitraries.frequencyOf(Tuple.of(4, systems), Tuple.of(1, phase));
    }

    private static Arbitrary<Act> replacements() {
        Arbitrary<Act> simple = Arbitraries.of(Kind.SET_DONE, Kind.SET_RESET).map(k -> new Act(k, 0, 0, false));
        Arbitrary<Act> disabled = Arbitraries.integers().between(0, 15).map(m -> new Act(Kind.SET_DISABLED, 0, m, false));
        Arbitrary<Act> considered = Combinators.combine(Arbitraries.integers().between(0, 7), Arbitraries.of(false, true))
                .as((m, done) -> new Act(Kind.SET_CONSIDERED, 0, m, done));
        return Arbitraries.frequencyOf(Tuple.of(3, simple), Tuple.of(1, disabled),
                Tuple.of(2, considered));
    }
}
