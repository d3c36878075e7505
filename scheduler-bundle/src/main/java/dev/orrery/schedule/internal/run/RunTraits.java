package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.Trait;

/**
 * The world traits one schedule keeps its per-world data in: its state record (SCH-063) and the record
 * of initialised systems (Orrery's system lifecycle). Shared with the schedules that adopt its state
 * ({@code adoptStateOf}) and those {@code withoutPlugins} derives from it. Immutable keys; the values
 * live in worlds.
 */
public final class RunTraits {
    final Trait<ScheduleState> state;
    final Trait<InitialisedSystems> lifecycle;

    private RunTraits(Trait<ScheduleState> state, Trait<InitialisedSystems> lifecycle) {
        this.state = state;
        this.lifecycle = lifecycle;
    }

    /**
     * @param name the schedule's name
     * @return new traits for a schedule that adopts no state
     */
    public static RunTraits fresh(String name) {
        return new RunTraits(Trait.<ScheduleState>builder("schedule state " + name).defaultFactory(() -> ScheduleState.initial(name))
                .persistent(1, ScheduleStateCodec.INSTANCE).build(), lifecycle(name));
    }

    /**
     * @param state the state trait of a schedule not built by this scheduler, to adopt
     * @param name the schedule's name
     * @return that state trait with a new lifecycle record
     */
    public static RunTraits adopting(Trait<ScheduleState> state, String name) {
        return new RunTraits(state, lifecycle(name));
    }

    private static Trait<InitialisedSystems> lifecycle(String name) {
        return Trait.of("schedule lifecycle " + name, InitialisedSystems::new);
    }

    /** @return the state trait ({@code Schedule.state()}) */
    public Trait<ScheduleState> state() {
        return state;
    }
}
