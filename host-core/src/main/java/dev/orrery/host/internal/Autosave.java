package dev.orrery.host.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.HostSettings;
import dev.orrery.world.snapshot.SnapshotBuffers;
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
 * one line and the next one is tried after another interval. The autosave keeps its own
 * {@link SnapshotBuffers} for the host's lifetime ({@value #BUFFER_BYTES} bytes at most), so that a save
 * encodes into arrays that earlier saves left in the old generation. Fields are the frame thread's,
 * except {@code pending}, which the worker that completes a save clears, and the buffers, which are
 * thread-safe.
 */
final class Autosave {
    /** The autosave's file name in the save directory. */
    static final String FILE = "autosave.cbor";
    /** What the autosave's buffers keep between saves: the CBOR save of 100,000 entities with 4 traits. */
    static final long BUFFER_BYTES = 32L << 20;

    private final GameHost host;
    private final Supplier<HostSettings> settings;
    private final Logger log;
    private final SnapshotBuffers buffers = SnapshotBuffers.upTo(BUFFER_BYTES);
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
        CompletionStage<Path> saved = HostSaveFiles.save(host, file, buffers);
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
