package dev.orrery.schedule.internal.run;

import dev.orrery.world.SystemContext;
import dev.orrery.world.SystemContexts;

/**
 * The start and the end of a system's turn as the world's per-system contexts see them, shared by the
 * loop and the generated code (which calls these two methods from every system's site): the system's
 * {@link SystemContext} becomes the world's current one before its conditions run, and its run ends
 * with {@link SystemContext#ran()} once its run function returned. A disabled system's turn does
 * neither; a system whose condition is false, or whose run function throws, keeps its previous run,
 * so change detection's window ("since the system last ran") spans the skipped turns.
 *
 * <p>Implementation notes: each is a field write or two, and nothing at all while the world tracks no
 * trait (the check reads only loop-invariant fields, so the JIT hoists it out of a chunk whose
 * systems it inlines; the context objects, one cache line each, are not touched). The JIT inlines
 * both at every site.
 */
final class SystemTurns {
    private SystemTurns() {
    }

    /** System {@code i}'s turn begins (it is not disabled): its context is current. */
    static void begin(WorldRuntime rt, int i) {
        SystemContexts contexts = rt.systemContexts;
        if (contexts.tracking()) {
            contexts.enter(rt.contexts[i]);
        }
    }

    /** System {@code i}'s run function returned. */
    static void ran(WorldRuntime rt, int i) {
        if (rt.systemContexts.tracking()) {
            rt.contexts[i].ran();
        }
    }
}
