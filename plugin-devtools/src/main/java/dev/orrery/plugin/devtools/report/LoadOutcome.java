package dev.orrery.plugin.devtools.report;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@code orrery:load} ended (a damaged or unreadable file is a {@link CommandProblem} naming the
 * file and the section instead, the world then unchanged).
 *
 * @param file the file
 * @param done whether the world was restored; false: the load did not complete within {@code patience}
 *     (it goes on in the background)
 * @param entities the entities restored; 0 unless done
 * @param worldTraits the world traits restored; 0 unless done
 * @param patience how long the command waited; positive
 * @since 0.2
 */
public record LoadOutcome(Path file, boolean done, int entities, int worldTraits, Duration patience) implements Report {
    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if a count is negative or patience is not positive
     */
    public LoadOutcome {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(patience, "patience");
        if (entities < 0 || worldTraits < 0) {
            throw new IllegalArgumentException("LoadOutcome: counts must not be negative, got " + entities + " and "
                    + worldTraits);
        }
        if (patience.isZero() || patience.isNegative()) {
            throw new IllegalArgumentException("LoadOutcome: patience must be positive, got " + patience);
        }
    }
}
