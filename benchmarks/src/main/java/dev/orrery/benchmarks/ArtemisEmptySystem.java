package dev.orrery.benchmarks;

import com.artemis.BaseSystem;

/** Template of an empty Artemis system (see {@link DistinctClasses}). */
public class ArtemisEmptySystem extends BaseSystem {
    /** Calls so far, so the body is not empty to the JIT. */
    public long calls;

    /** Needed by {@link DistinctClasses}. */
    public ArtemisEmptySystem() {
    }

    @Override
    protected void processSystem() {
        calls++;
    }
}
