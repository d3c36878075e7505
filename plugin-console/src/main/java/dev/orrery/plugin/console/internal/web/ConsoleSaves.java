package dev.orrery.plugin.console.internal.web;

import dev.orrery.host.GameHost;
import dev.orrery.world.snapshot.RestoreReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code POST /api/save?file=NAME} and {@code POST /api/load?file=NAME}: {@link GameHost#save} and
 * {@link GameHost#load} of a file in the host's save directory ({@link GameHost#saveDirectory()}),
 * waited for at most the console's timeout. Answers {@code {"ok","message"}}: 200 when done; 400 for
 * a missing name or one that is not a plain file name (a separator, {@code ..}: the console never
 * reaches outside the save directory); 404 for no such file; 422 for a damaged file (one line naming
 * the file and the section; the world is unchanged); 500 for a failed write; 503 when the host did
 * not finish in time (the work goes on).
 *
 * <p>Threading: the HTTP server's threads; the host does the work. Immutable.
 */
final class ConsoleSaves {
    private final Duration timeout;

    ConsoleSaves(Duration timeout) {
        this.timeout = timeout;
    }

    ConsoleResponse save(GameHost h, String name) {
        Path file;
        try {
            file = file(h, "save", name);
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (Refused e) {
            return e.response;
        } catch (IOException e) {
            return answer(500, false, "save: cannot make the save directory " + h.saveDirectory() + ": " + e);
        }
        try {
            Path saved = h.save(file).toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return answer(200, true, "saved the world to " + saved.getFileName() + " in " + h.saveDirectory());
        } catch (TimeoutException e) {
            return answer(503, false, "save: not done within " + timeout.toMillis() + " ms; it goes on in the background");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return answer(503, false, "save: interrupted; it goes on in the background");
        } catch (ExecutionException e) {
            return answer(500, false, "save: " + name + ": " + e.getCause().getMessage());
        }
    }

    ConsoleResponse load(GameHost h, String name) {
        Path file;
        try {
            file = file(h, "load", name);
        } catch (Refused e) {
            return e.response;
        }
        try {
            RestoreReport r = h.load(file).toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return answer(200, true, "loaded the world from " + name + ": " + r.entities() + " entities, "
                    + r.worldTraits() + " world traits");
        } catch (TimeoutException e) {
            return answer(503, false, "load: not done within " + timeout.toMillis() + " ms; it goes on in the background");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return answer(503, false, "load: interrupted; it goes on in the background");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof NoSuchFileException) {
                return answer(404, false, "load: no file " + name + " in the save directory " + h.saveDirectory());
            }
            return answer(422, false, "load: " + cause.getMessage());
        }
    }

    /** @return the file in the save directory; refused unless {@code name} is a plain file name */
    private static Path file(GameHost h, String action, String name) throws Refused {
        if (name == null || name.isBlank()) {
            throw new Refused(answer(400, false, action + ": the file name is missing (parameter file)"));
        }
        if (name.contains("/") || name.contains("\\") || name.contains("..") || name.indexOf('\0') >= 0) {
            throw new Refused(answer(400, false, action + ": '" + name + "' is not a plain file name (no separators,"
                    + " no ..): the console reads and writes only inside the save directory " + h.saveDirectory()));
        }
        try {
            return h.saveDirectory().resolve(name);
        } catch (InvalidPathException e) {
            throw new Refused(answer(400, false, action + ": '" + name + "' is not a file name (" + e.getReason() + ")"));
        }
    }

    private static ConsoleResponse answer(int status, boolean ok, String message) {
        return ConsoleResponse.json(status, ConsoleJson.outcome(ok, message));
    }

    /** A refused request, with its answer. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient ConsoleResponse response;

        Refused(ConsoleResponse response) {
            super(null, null, false, false);
            this.response = response;
        }
    }
}
