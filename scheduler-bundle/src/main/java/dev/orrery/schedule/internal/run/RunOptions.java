package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.DispatchEngine;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.ScheduleHooks;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * How a schedule runs, apart from its plan: fixed at build, and kept by the schedules that
 * {@code withoutPlugins} derives. Immutable.
 */
public final class RunOptions {
    /** Makes the generated executor of a layout; the default is {@link GeneratedExecutor#generate}. */
    @FunctionalInterface
    interface Generator {
        /**
         * @throws ReflectiveOperationException or {@link LinkageError} or a {@link RuntimeException} if
         *     the code cannot be made; the schedule then stays on the loop
         */
        SystemExecutor generate(RunLayout layout, RunProbe.Slot probe) throws ReflectiveOperationException;
    }

    final ScheduleHooks hooks;
    final RunProbe.Slot probe;
    final DispatchEngine engine;
    final Executor generation;
    final Generator generator;
    /** Whether each phase is a structural transaction of the world. */
    final boolean transactions;
    /** The schedule's own observers (the plugins' come with the plan). */
    final List<EcsObserver> observers;

    private RunOptions(ScheduleHooks hooks, RunProbe.Slot probe, DispatchEngine engine, Executor generation,
                       Generator generator, boolean transactions, List<EcsObserver> observers) {
        this.hooks = hooks;
        this.probe = probe;
        this.engine = Objects.requireNonNull(engine, "engine");
        this.generation = Objects.requireNonNull(generation, "generation");
        this.generator = Objects.requireNonNull(generator, "generator");
        this.transactions = transactions;
        this.observers = List.copyOf(observers);
    }

    /**
     * @param hooks the observers, or null
     * @param probe where the engine publishes the system it is at, or null
     * @param engine the dispatch engine of calls no hook observes
     * @param generation where large schedules' code is generated (a direct executor: inside the build)
     * @param transactions whether each phase is a structural transaction of the world
     * @return the options
     */
    public static RunOptions of(ScheduleHooks hooks, RunProbe.Slot probe, DispatchEngine engine, Executor generation,
                                boolean transactions) {
        return new RunOptions(hooks, probe, engine, generation, GeneratedExecutor::generate, transactions, List.of());
    }

    /**
     * @param own the schedule's own observers, in declaration order
     * @return these options with those observers
     */
    public RunOptions withObservers(List<EcsObserver> own) {
        return new RunOptions(hooks, probe, engine, generation, generator, transactions, own);
    }

    /** @return these options with another way to make the generated executor (a test seam) */
    RunOptions withGenerator(Generator other) {
        return new RunOptions(hooks, probe, engine, generation, other, transactions, observers);
    }

    /** @return these options with another engine */
    RunOptions withEngine(DispatchEngine other) {
        return other == engine ? this : new RunOptions(hooks, probe, other, generation, generator, transactions, observers);
    }
}
