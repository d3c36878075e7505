package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.DispatchEngine;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * The executor of one runner's calls that no hook observes: the loop, or the generated code of its
 * layout ({@link DispatchEngine}). Small layouts are generated at once; larger ones on the options'
 * generation executor, the loop running until the code is ready: {@link #adopt} at the start of a run
 * call (a frame boundary) switches to it. When the code cannot be made, the runner stays on the loop
 * and one warning is logged, naming the schedule and the reason.
 *
 * <p>Implementation notes: {@link #current} and {@link #pending} are plain fields: the runner reads
 * them on the world's thread; a generation thread completes only the future, whose completion
 * publishes the executor safely. A racing reader sees either the loop or the generated code, both
 * valid.
 */
final class Dispatcher {
    /** Largest schedule (systems) whose code is generated at once, inside the build. */
    static final int SYNC_LIMIT = 2048;

    private final RunLayout layout;
    private final RunOptions options;
    private SystemExecutor current;
    private CompletableFuture<SystemExecutor> pending;
    /** Whether generation failed; a schedule derived from this one then stays on the loop without trying. */
    private volatile boolean fellBack;

    /**
     * @param generate whether to make generated code (the engine is {@link DispatchEngine#GENERATED} and
     *     some calls are not observed by hooks)
     */
    Dispatcher(RunLayout layout, RunOptions options, LoopExecutor loop, boolean generate) {
        this.layout = layout;
        this.options = options;
        this.current = loop;
        if (!generate) {
            return;
        }
        if (layout.systemCount() <= SYNC_LIMIT) {
            SystemExecutor made = make(loop);
            current = made;
            return;
        }
        CompletableFuture<SystemExecutor> future = new CompletableFuture<>();
        pending = future;
        try {
            options.generation.execute(() -> future.complete(make(loop)));
        } catch (RejectedExecutionException e) {
            fellBack(e);
            future.complete(loop);
        }
        adopt();
    }

    /** @return the code for the layout, or {@code loop} when it cannot be made (logged once) */
    private SystemExecutor make(LoopExecutor loop) {
        try {
            return options.generator.generate(layout, options.probe);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            fellBack(e);
            return loop;
        }
    }

    private void fellBack(Throwable reason) {
        fellBack = true;
        System.getLogger("dev.orrery.schedule").log(Level.WARNING, "schedule '" + layout.scheduleName
                + "': cannot generate its dispatcher, it runs on the loop: " + reason);
    }

    /** At a frame boundary: adopts finished generated code. */
    void adopt() {
        CompletableFuture<SystemExecutor> p = pending;
        if (p != null && p.isDone()) {
            current = p.getNow(current);
            pending = null;
        }
    }

    /** @return whether a background generation is not adopted yet (one field read) */
    boolean isPending() {
        return pending != null;
    }

    /** For tests: waits for a background generation and adopts it. */
    void await() {
        CompletableFuture<SystemExecutor> p = pending;
        if (p != null) {
            p.join();
            adopt();
        }
    }

    /** @return the executor of calls no hook observes */
    SystemExecutor current() {
        return current;
    }

    /** @return whether those calls run generated code */
    boolean isGenerated() {
        return current instanceof GeneratedExecutor;
    }

    /** @return the options for a schedule derived from this one: the loop if generation failed here */
    RunOptions derivedOptions() {
        return fellBack ? options.withEngine(DispatchEngine.LOOP) : options;
    }
}
