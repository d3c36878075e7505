package dev.orrery.host;

import dev.orrery.world.World;
import dev.orrery.world.snapshot.RestoreReport;
import dev.orrery.world.snapshot.SnapshotBuffers;
import dev.orrery.world.snapshot.SnapshotFiles;
import dev.orrery.world.snapshot.SnapshotFormat;
import dev.orrery.world.snapshot.SnapshotOptions;
import dev.orrery.world.snapshot.WorldSnapshot;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * {@link GameHost#save} and {@link GameHost#load}: the capture or the restore on the frame thread at a
 * frame boundary ({@link GameHost#submit}), the file work on a worker (the common pool).
 *
 * <p>Implementation notes. A failure completes the stage with the failure itself (an
 * {@link IOException}, a {@link dev.orrery.world.snapshot.SnapshotException}), not wrapped in a
 * {@link CompletionException}, so callers see the one-line message. Jackson, which encodes the file, is
 * an optional import of the scheduler: without it the stage fails with an {@link IllegalStateException}
 * that says which jars to install.
 */
final class HostSaves {
    private HostSaves() {
    }

    static CompletionStage<Path> save(GameHost host, Path file, SnapshotBuffers buffers) {
        Objects.requireNonNull(file, "GameHost.save: path is null");
        Objects.requireNonNull(buffers, "GameHost.save: buffers is null");
        SnapshotOptions.Builder b = SnapshotOptions.builder().format(formatOf(file)).source(file.toString());
        host.plugins().forEach(p -> b.plugin(p.name(), p.bundle()));
        SnapshotOptions options = b.build();
        return unwrap(host.submit(world -> WorldSnapshot.capture(world, options)).toCompletableFuture()
                .thenApplyAsync(snapshot -> {
                    try {
                        SnapshotFiles.write(file, snapshot, buffers);
                        return file;
                    } catch (IOException e) {
                        throw new CompletionException(e);
                    } catch (NoClassDefFoundError e) {
                        throw new CompletionException(noJackson(e));
                    }
                }));
    }

    static CompletionStage<RestoreReport> load(GameHost host, Path file) {
        Objects.requireNonNull(file, "GameHost.load: path is null");
        return unwrap(CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readAllBytes(file);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        }).thenCompose(bytes -> host.submit(world -> {
            try {
                return WorldSnapshot.restore(new ByteArrayInputStream(bytes), world, restoreOptions(world, file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (NoClassDefFoundError e) {
                throw noJackson(e);
            }
        })));
    }

    /**
     * @return the file as the source, and as definitions the persistent traits that the plugins in
     *     force declare ({@link Schedules#persistentTraits()}), so a plugin's data is decoded even when
     *     its code has not touched its trait in this world yet; the world's other persistent traits are
     *     definitions too ({@link WorldSnapshot#restore})
     */
    private static SnapshotOptions restoreOptions(World world, Path file) {
        SnapshotOptions.Builder b = SnapshotOptions.builder().source(file.toString());
        if (world.has(Schedules.TRAIT)) {
            world.get(Schedules.TRAIT).persistentTraits().forEach(d -> b.traits(d.trait()));
        }
        return b.build();
    }

    /** @return JSON for a {@code .json} file, else CBOR */
    static SnapshotFormat formatOf(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().endsWith(".json") ? SnapshotFormat.JSON : SnapshotFormat.CBOR;
    }

    private static IllegalStateException noJackson(NoClassDefFoundError e) {
        return new IllegalStateException("saving and loading worlds needs Jackson next to the scheduler:"
                + " install the four jars or bundles jackson-core, jackson-dataformat-cbor, jackson-databind and"
                + " jackson-annotations (2.23 or later 2.x; the orrery-bom has their versions); missing: " + e.getMessage(), e);
    }

    private static <T> CompletionStage<T> unwrap(CompletableFuture<T> stage) {
        CompletableFuture<T> out = new CompletableFuture<>();
        stage.whenComplete((v, t) -> {
            if (t == null) {
                out.complete(v);
                return;
            }
            Throwable cause = t;
            while ((cause instanceof CompletionException || cause instanceof UncheckedIOException) && cause.getCause() != null) {
                cause = cause.getCause();
            }
            out.completeExceptionally(cause);
        });
        return out;
    }
}
