package dev.orrery.schedule;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The service that turns what a {@link ScheduleBuilder} collected into a {@link Schedule}: the
 * scheduler's build, implemented once, inside the scheduler's own bundle (module), and found by
 * {@link ScheduleBuilder#build()} with {@link java.util.ServiceLoader} through the scheduler's own class
 * loader (so it works on the class path, on the module path and in an OSGi framework alike). Not an
 * extension point: plugins and hosts build schedules with {@link Schedule#builder(String)}.
 *
 * @since 0.1
 */
@ProviderType
public interface ScheduleCompiler {
    /**
     * Validates the input and computes the whole execution plan once (SCH-106).
     *
     * @param input what the builder collected
     * @return the immutable schedule
     * @throws ScheduleBuildException if the input is invalid
     */
    Schedule compile(Input input);

    /**
     * What a {@link ScheduleBuilder} collected, as unmodifiable copies, before flattening. Only the
     * builder makes one; it also hands the compiler the write side of the builder's {@link RunProbe}.
     */
    final class Input {
        private final String name;
        private final List<Plugin> plugins;
        private final List<Phase> phases;
        private final List<SystemSet> sets;
        private final List<EcsSystem> systems;
        private final ScheduleHooks hooks;
        private final RunProbe.Slot probe;
        private final Schedule adoptStateOf;
        private final boolean orderThroughEmptySets;
        private final DispatchEngine dispatch;
        private final Executor generationExecutor;
        private final boolean transactions;
        private final List<EcsObserver> observers;

        Input(String name, List<Plugin> plugins, List<Phase> phases, List<SystemSet> sets, List<EcsSystem> systems,
              ScheduleHooks hooks, RunProbe probe, Schedule adoptStateOf, boolean orderThroughEmptySets,
              DispatchEngine dispatch, Executor generationExecutor, boolean transactions,
              List<EcsObserver> observers) {
            this.name = Objects.requireNonNull(name, "name");
            this.plugins = List.copyOf(plugins);
            this.phases = List.copyOf(phases);
            this.sets = List.copyOf(sets);
            this.systems = List.copyOf(systems);
            this.hooks = hooks;
            this.probe = probe == null ? null : probe.slot();
            this.adoptStateOf = adoptStateOf;
            this.orderThroughEmptySets = orderThroughEmptySets;
            this.dispatch = dispatch;
            this.generationExecutor = generationExecutor;
            this.transactions = transactions;
            this.observers = List.copyOf(observers);
        }

        /** @return the schedule name, non-blank */
        public String name() {
            return name;
        }

        /** @return the plugins, in order */
        public List<Plugin> plugins() {
            return plugins;
        }

        /** @return the schedule's own custom phases */
        public List<Phase> phases() {
            return phases;
        }

        /** @return the schedule's own sets */
        public List<SystemSet> sets() {
            return sets;
        }

        /** @return the schedule's own systems */
        public List<EcsSystem> systems() {
            return systems;
        }

        /** @return the observers ({@link ScheduleBuilder#hooks}), if any */
        public Optional<ScheduleHooks> hooks() {
            return Optional.ofNullable(hooks);
        }

        /** @return where the run engine publishes the system it is at ({@link ScheduleBuilder#probe}), if anywhere */
        public Optional<RunProbe.Slot> probe() {
            return Optional.ofNullable(probe);
        }

        /** @return the schedule whose state to adopt ({@link ScheduleBuilder#adoptStateOf}), if any */
        public Optional<Schedule> adoptStateOf() {
            return Optional.ofNullable(adoptStateOf);
        }

        /** @return whether set order passes through empty sets ({@link ScheduleBuilder#orderThroughEmptySets}) */
        public boolean orderThroughEmptySets() {
            return orderThroughEmptySets;
        }

        /** @return the engine the builder chose ({@link ScheduleBuilder#dispatch}); empty for the default */
        public Optional<DispatchEngine> dispatch() {
            return Optional.ofNullable(dispatch);
        }

        /** @return where to generate code in the background ({@link ScheduleBuilder#generationExecutor}); empty for the default */
        public Optional<Executor> generationExecutor() {
            return Optional.ofNullable(generationExecutor);
        }

        /** @return whether each phase is a structural transaction ({@link ScheduleBuilder#transactions}) */
        public boolean transactions() {
            return transactions;
        }

        /** @return the schedule's own observers, in declaration order ({@link ScheduleBuilder#observers}) */
        public List<EcsObserver> observers() {
            return observers;
        }
    }
}
