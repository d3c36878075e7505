package dev.orrery.schedule.internal;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceProvider;
import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.ScheduleCompiler;
import dev.orrery.schedule.internal.plan.BuildInput;
import dev.orrery.schedule.internal.plan.PlanCompiler;
import dev.orrery.schedule.internal.run.RunOptions;
import dev.orrery.schedule.internal.run.RunTraits;
import java.util.List;

/**
 * The scheduler's {@link ScheduleCompiler}: the declarations go to the build
 * ({@link PlanCompiler}, whose only output is the execution plan), the rest of the input to the run
 * engine ({@link RunOptions}), and the state of a replaced schedule is adopted ({@link RunTraits}).
 * Registered for {@link java.util.ServiceLoader} by bnd ({@code META-INF/services} and the module's
 * {@code provides}); stateless.
 */
@ServiceProvider(value = ScheduleCompiler.class, resolution = Resolution.OPTIONAL)
public final class Compiler implements ScheduleCompiler {
    /** For {@link java.util.ServiceLoader}. */
    public Compiler() {
    }

    @Override
    public Schedule compile(Input input) {
        RunTraits traits = traits(input);
        PlanCompiler.Compiled compiled = PlanCompiler.compileAll(new BuildInput(input.name(), input.plugins(),
                input.phases(), input.sets(), input.systems(), input.orderThroughEmptySets()));
        DispatchDefaults defaults = DispatchDefaults.current();
        RunOptions options = RunOptions.of(input.hooks().orElse(null), input.probe().orElse(null),
                input.dispatch().orElse(defaults.engine()), input.generationExecutor().orElse(defaults.generation()),
                input.transactions()).withObservers(input.observers());
        return new CompiledSchedule(compiled.plan(), traits, options, compiled.orderGraph(), compiled.access());
    }

    /** @return the traits of the adopted schedule, or new ones */
    private static RunTraits traits(Input input) {
        Schedule previous = input.adoptStateOf().orElse(null);
        if (previous == null) {
            return RunTraits.fresh(input.name());
        }
        if (!previous.name().equals(input.name())) {
            throw new ScheduleBuildException(input.name(), List.of(BuildProblem.builder(
                    BuildProblem.Kind.ADOPTED_STATE_NAME_MISMATCH, "cannot adopt the state of schedule '"
                            + previous.name() + "': a rebuilt schedule must keep the name of the one it replaces")
                    .build()));
        }
        return previous instanceof CompiledSchedule c ? c.traits() : RunTraits.adopting(previous.state(), input.name());
    }
}
