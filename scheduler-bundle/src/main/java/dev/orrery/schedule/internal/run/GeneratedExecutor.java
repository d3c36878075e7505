package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.RunProbe;
import dev.orrery.world.World;

/**
 * The {@link SystemExecutor} of straight-line code generated for one schedule's layout
 * ({@link DispatchGenerator}): one call site per system and condition, so that each site's type
 * profile sees one receiver class and the JIT calls or inlines it directly, where the shared call site
 * of the {@link LoopExecutor} is megamorphic. Same checks, same order, same failure attribution.
 */
final class GeneratedExecutor implements SystemExecutor {
    private final SpanDispatch code;
    private final RunLayout layout;
    private final RunProbe.Slot probe;

    private GeneratedExecutor(SpanDispatch code, RunLayout layout, RunProbe.Slot probe) {
        this.code = code;
        this.layout = layout;
        this.probe = probe;
    }

    /**
     * Generates and defines the code for a layout.
     *
     * @param layout the schedule's layout
     * @param probe where each system is published, or null
     * @return the executor
     * @throws ReflectiveOperationException or {@link LinkageError} if the class cannot be defined
     *     (the bytecode library absent, a definition error)
     */
    static GeneratedExecutor generate(RunLayout layout, RunProbe.Slot probe) throws ReflectiveOperationException {
        return new GeneratedExecutor(DispatchGenerator.generate(layout, probe != null), layout, probe);
    }

    @Override
    public void run(int span, WorldRuntime rt, World world, double dt) {
        code.run(span, layout, probe, rt, world, dt);
    }
}
