package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.RunProbe;
import dev.orrery.world.World;

/**
 * What the class generated per schedule ({@link DispatchGenerator}) implements: the body of a
 * {@link GeneratedExecutor}, a {@code tableswitch} over the layout's spans.
 */
interface SpanDispatch {
    /**
     * @param span the span; not one of OnStart, which stays on the loop
     * @param layout the schedule's layout (its arrays and failure attribution)
     * @param probe where each site first publishes its system, or null when generated without a probe
     * @param rt the world's runtime
     * @param world the world
     * @param dt the step in seconds
     */
    void run(int span, RunLayout layout, RunProbe.Slot probe, WorldRuntime rt, World world, double dt);
}
