package dev.orrery.benchmarks;

import dev.orrery.schedule.RunFunction;
import dev.orrery.world.World;

/** Template of an empty Orrery run function (see {@link DistinctClasses}). */
public class OrreryEmptySystem implements RunFunction {
    /** Calls so far, so the body is not empty to the JIT. */
    public long calls;

    /** Needed by {@link DistinctClasses}. */
    public OrreryEmptySystem() {
    }

    @Override
    public void run(World world, double dt) {
        calls++;
    }
}
