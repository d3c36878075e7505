package dev.orrery.schedule.internal;

import dev.orrery.schedule.BuildProblem;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleBuildException;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.Trait;
import java.util.List;

/** Builds a {@link Schedule} from a {@link BuildInput}: compile the plan, choose the state and lifecycle traits. */
public final class ScheduleFactory {
    private ScheduleFactory() {
    }

    /**
     * @param input the collected input
     * @return the built schedule
     * @throws ScheduleBuildException if the input is invalid
     */
    public static Schedule build(BuildInput input) {
        Trait<ScheduleState> state;
        Trait<InitialisedSystems> lifecycle;
        if (input.adoptStateOf() != null) {
            Schedule previous = input.adoptStateOf();
            if (!previous.name().equals(input.name())) {
                throw new ScheduleBuildException(input.name(), List.of(BuildProblem.builder(BuildProblem.Kind.ADOPTED_STATE_NAME_MISMATCH,
                        "cannot adopt the state of schedule '" + previous.name()
                                + "': a rebuilt schedule must keep the name of the one it replaces").build()));
            }
            state = previous.state();
            lifecycle = CompiledSchedule.lifecycleTraitOf(previous);
        } else {
            String name = input.name();
            state = Trait.of("schedule state " + name, () -> ScheduleState.initial(name));
            lifecycle = CompiledSchedule.newLifecycleTrait(name);
        }
        ScheduleCompiler.Compiled compiled = ScheduleCompiler.compileAll(input);
        return new CompiledSchedule(compiled.plan(), input.hooks(), state, lifecycle, compiled.orderGraph(),
                compiled.access(), DispatchMode.current(), input.probe());
    }
}
