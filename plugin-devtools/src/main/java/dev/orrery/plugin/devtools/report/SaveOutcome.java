package dev.orrery.plugin.devtools.report;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@code orrery:save} ended (a failed write is a {@link CommandProblem} instead).
 *
 * @param file the file, as the host wrote it
 * @param done whether the file is in place; false: the save did not complete within {@code patience}
 *     (it goes on in the background, and the previous file stays until it completes)
 * @param patience how long the command waited; positive
 * @since 0.2
 */
public record SaveOutcome(Path file, boolean done, Duration patience) implements Report {
    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if patience is not positive
     */
    public SaveOutcome {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(patience, "patience");
        if (patience.isZero() || patience.isNegative()) {
            throw new IllegalArgumentException("SaveOutcome: patience must be positive, got " + patience);
        }
    }
}
