package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.model.BattleState;
import dev.orrery.demo.dnd.model.DndTraits;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.world.Trait;
import dev.orrery.world.snapshot.SnapshotFiles;
import dev.orrery.world.snapshot.SnapshotOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * The demo's save and load points, shared by the OSGi and the JPMS watcher (no OSGi type). With
 * {@value #LOAD_FILE} the battle is loaded from that file before the first frame; with {@value #SAVE_AT}
 * and {@value #SAVE_FILE} it is saved right after that turn. Both need the host to start paused
 * ({@code orrery.host.startPaused=true}, as {@code ./orrery-demo} sets it): the load happens at a frame
 * boundary before any frame, the save point is found by stepping one frame at a time, so the save is
 * taken at the same frame on every run of a seed; then the simulation resumes. One line on standard
 * output says what was done (the combat log itself is not touched).
 */
final class SavePoints {
    /** Framework (or system) property: the file to continue the battle from. */
    static final String LOAD_FILE = "orrery.demo.loadFile";
    /** Framework (or system) property: the turn after which the battle is saved. */
    static final String SAVE_AT = "orrery.demo.saveAt";
    /** Framework (or system) property: the file the battle is saved to. */
    static final String SAVE_FILE = "orrery.demo.saveFile";
    private static final List<String> PLUGINS = List.of("dnd", "dnd-turn");

    private SavePoints() {
    }

    /** @return whether the properties ask for a load or a save point */
    static boolean wanted(Function<String, String> property) {
        return property.apply(LOAD_FILE) != null || property.apply(SAVE_AT) != null;
    }

    /**
     * Runs the load and the save point the properties ask for, then resumes the host; blocks. Called on
     * a thread of its own.
     *
     * @param host the host
     * @param property looks a property up
     * @throws InterruptedException if interrupted
     */
    static void run(GameHost host, Function<String, String> property) throws InterruptedException {
        try {
            awaitPlugins(host);
            String load = property.apply(LOAD_FILE);
            if (load != null) {
                Path file = Path.of(load);
                var report = host.submit(world -> {
                    try {
                        return SnapshotFiles.restore(file, world,
                                SnapshotOptions.builder().traits(DndTraits.PERSISTENT.toArray(new Trait<?>[0])).build());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }).toCompletableFuture().get();
                System.out.println("orrery-demo: continuing the battle from " + file + " (" + report.entities()
                        + " entities)");
            }
            String at = property.apply(SAVE_AT);
            if (at != null) {
                int turn = Integer.parseInt(at.trim());
                Path file = Path.of(property.apply(SAVE_FILE));
                while (!after(host, turn)) {
                    host.step(1).toCompletableFuture().get();
                }
                host.save(file).toCompletableFuture().get();
                System.out.println("orrery-demo: saved the battle after turn " + turn + " to " + file);
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof UncheckedIOException u ? u.getCause() : e.getCause();
            System.err.println("orrery-demo: " + cause.getMessage());
        } finally {
            System.out.flush();
            host.resume();
        }
    }

    private static boolean after(GameHost host, int turn) throws InterruptedException, ExecutionException {
        return host.submit(world -> {
            BattleState s = world.get(BattleState.TRAIT);
            return s != null && (s.stage() == Stage.OVER || s.turns() >= turn && s.stage() == Stage.BETWEEN_TURNS);
        }).toCompletableFuture().get();
    }

    /** Waits until the demo's plugins run in the host's schedules. */
    private static void awaitPlugins(GameHost host) throws InterruptedException, ExecutionException {
        while (true) {
            long seen = host.changes();
            boolean all = PLUGINS.stream().allMatch(n -> host.plugins().stream()
                    .anyMatch(p -> p.name().equals(n) && p.state() == PluginState.ACTIVE));
            if (all && host.schedule("dnd/turn").isPresent()) {
                return;
            }
            host.awaitChange(seen).toCompletableFuture().get();
        }
    }
}
