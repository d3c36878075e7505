package dev.orrery.host.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.HostSettings;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * The host's autosave ({@link HostSettings#autosaveInterval()}): told of every frame's dt on the frame
 * thread, it asks for a save ({@link GameHost#save}, file {@value #FILE} in the save directory) once
 * that much frame time has passed since the last one. The save's capture runs at the next frame
 * boundary, so never inside a frame (a transaction, a parked update).
 *
 * <p>Implementation notes. Frame time, not wall time: the frames' dt is the clock (injected by the
 * frame loop's own clock, or the fixed dt), so a paused host does not autosave and tests count frames.
 * A save still being written when the next one is due is not doubled: the next one waits for the
 * frame after it completed (two writes of one file must not overlap). A failed autosave is logged in
 * one line and the next one is tried after another interval. Fields are the frame thread's, except
 * {@code pending}, which the worker that completes a save clears.
 */
final class Autosave {
    /** The autosave's file name in the save directory. */
    static final String FILE = "autosave.cbor";

    private final GameHost host;
    private final Supplier<HostSettings> settings;
    private final Logger log;
    private double since; // frame thread only
    private double total; // frame thread only
    private volatile boolean pending;

    /**
     * @param host the host whose world is saved
     * @param settings the current settings (read every frame: the interval may change)
     * @param log where a failed autosave is reported
     */
    Autosave(GameHost host, Supplier<HostSettings> settings, Logger log) {
        this.host = host;
        this.settings = settings;
        this.log = log;
    }

    /**
     * A frame ran; called on the frame thread after it.
     *
     * @param dt the frame's dt, seconds
     */
    void frameRan(double dt) {
        HostSettings s = settings.get();
        double interval = s.autosaveInterval().toMillis() / 1000.0;
        if (interval <= 0) {
            since = 0;
            return;
        }
        since += dt;
        total += dt;
        if (since < interval || pending) {
            return; // not due, or the last one is still being written: the next frame looks again
        }
        since = 0;
        pending = true;
        Path file = s.saveDirectory().resolve(FILE);
        String at = String.format(java.util.Locale.ROOT, "%.1f", total);
        CompletionStage<Path> saved = HostSaveFiles.save(host, file);
        saved.whenComplete((p, failure) -> {
            pending = false;
            if (failure != null) {
                log.log(Level.WARNING, "autosave to " + file + " failed: " + failure.getMessage());
            } else {
                log.log(Level.DEBUG, "autosaved the world to " + file + " at " + at + " s of frame time");
            }
        });
    }
}
