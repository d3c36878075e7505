package dev.orrery.host.internal;

import dev.orrery.host.GameHost;
import dev.orrery.world.snapshot.SnapshotBuffers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The host's own saves (autosave, save on stop): {@link GameHost#save} into a folder made first. */
final class HostSaveFiles {
    private HostSaveFiles() {
    }

    /**
     * @param host the host
     * @param file the file; its folder is created when missing
     * @param buffers the caller's buffers ({@link GameHost#save(Path, SnapshotBuffers)})
     * @return as {@link GameHost#save}; exceptionally with the {@link IOException} if the folder cannot be made
     */
    static CompletionStage<Path> save(GameHost host, Path file, SnapshotBuffers buffers) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        return host.save(file, buffers);
    }
}
