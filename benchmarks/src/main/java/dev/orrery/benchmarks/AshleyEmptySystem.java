package dev.orrery.benchmarks;

import com.badlogic.ashley.core.EntitySystem;

/** Template of an empty Ashley system (see {@link DistinctClasses}). */
public class AshleyEmptySystem extends EntitySystem {
    /** Calls so far, so the body is not empty to the JIT. */
    public long calls;

    /** Needed by {@link DistinctClasses}. */
    public AshleyEmptySystem() {
    }

    @Override
    public void update(float deltaTime) {
        calls++;
    }
}
