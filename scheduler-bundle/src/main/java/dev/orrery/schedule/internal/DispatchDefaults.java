package dev.orrery.schedule.internal;

import dev.orrery.schedule.DispatchEngine;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * The engine and the generation executor of a build that chose none: the system property
 * {@value DispatchEngine#PROPERTY}, read at each build ({@code generated} or unset, {@code loop},
 * {@code sync}: generated, inside the build whatever the size), and the common pool.
 *
 * @param engine the default engine
 * @param generation the default generation executor
 */
record DispatchDefaults(DispatchEngine engine, Executor generation) {
    /**
     * @return the defaults the property names now
     * @throws IllegalArgumentException if the property is set to anything else; the message names it
     */
    static DispatchDefaults current() {
        String v = System.getProperty(DispatchEngine.PROPERTY);
        String value = v == null ? "" : v.trim().toLowerCase(Locale.ROOT);
        return switch (value) {
            case "", "generated" -> new DispatchDefaults(DispatchEngine.GENERATED, ForkJoinPool.commonPool());
            case "sync" -> new DispatchDefaults(DispatchEngine.GENERATED, Runnable::run);
            case "loop" -> new DispatchDefaults(DispatchEngine.LOOP, ForkJoinPool.commonPool());
            default -> throw new IllegalArgumentException("system property " + DispatchEngine.PROPERTY + "='" + v
                    + "': expected 'generated', 'sync' or 'loop'");
        };
    }
}
