package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.plugin.devtools.report.CommandProblem;
import dev.orrery.plugin.devtools.report.LoadOutcome;
import dev.orrery.plugin.devtools.report.Report;
import dev.orrery.plugin.devtools.report.SaveOutcome;
import dev.orrery.world.snapshot.RestoreReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code save [file]} and {@code load [file]}: {@link GameHost#save} and {@link GameHost#load}, waited
 * for at most the commands' timeout. A file name is taken inside the host's save directory
 * ({@link GameHost#saveDirectory()}, created for a save), an absolute path as it is; no name is
 * {@value #DEFAULT_FILE}.
 *
 * <p>Threading: any shell thread; the host does the work at a frame boundary and on its worker. Immutable.
 */
final class Saves {
    /** The file of a save or load given no name. */
    static final String DEFAULT_FILE = "quicksave.cbor";

    private final GameHost host;
    private final Duration timeout;

    Saves(GameHost host, Duration timeout) {
        this.host = host;
        this.timeout = timeout;
    }

    Report save(String name) {
        Path file;
        try {
            file = file(name);
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
        } catch (CommandException e) {
            return new CommandProblem("save: " + e.getMessage());
        } catch (IOException e) {
            return new CommandProblem("save: cannot make the folder of " + name + ": " + e);
        }
        CompletableFuture<Path> saving = host.save(file).toCompletableFuture();
        try {
            return new SaveOutcome(saving.get(timeout.toMillis(), TimeUnit.MILLISECONDS), true, timeout);
        } catch (TimeoutException e) {
            return new SaveOutcome(file, false, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CommandProblem("save: interrupted; the save of " + file + " goes on in the background");
        } catch (ExecutionException e) {
            return new CommandProblem("save: " + file + ": " + e.getCause().getMessage());
        }
    }

    Report load(String name) {
        Path file;
        try {
            file = file(name);
        } catch (CommandException e) {
            return new CommandProblem("load: " + e.getMessage());
        }
        CompletableFuture<RestoreReport> loading = host.load(file).toCompletableFuture();
        try {
            RestoreReport r = loading.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return new LoadOutcome(file, true, r.entities(), r.worldTraits(), timeout);
        } catch (TimeoutException e) {
            return new LoadOutcome(file, false, 0, 0, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CommandProblem("load: interrupted; the load of " + file + " goes on in the background");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof NoSuchFileException) {
                return new CommandProblem("load: no such file: " + file);
            }
            // a damaged file: SnapshotException's one line names the file and the section
            return new CommandProblem("load: " + cause.getMessage());
        }
    }

    private Path file(String name) {
        String text = name == null || name.isBlank() ? DEFAULT_FILE : name.strip();
        try {
            return host.saveDirectory().resolve(text);
        } catch (InvalidPathException e) {
            throw new CommandException("not a file name: '" + text + "' (" + e.getReason() + "); " + Usage.of("save"));
        }
    }
}
