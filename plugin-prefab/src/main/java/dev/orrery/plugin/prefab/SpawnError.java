package dev.orrery.plugin.prefab;

import java.util.Objects;

/**
 * A spawn request that {@code prefab/spawn} dropped, and why.
 *
 * @param request the request, as given
 * @param message why it was dropped; names the prefab at fault
 */
public record SpawnError(SpawnRequest request, String message) {
    /**
     * Checks for nulls.
     *
     * @param request the request, as given
     * @param message why it was dropped
     */
    public SpawnError {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(message, "message");
    }

    /** @return the name of the prefab that was requested */
    public String prefab() {
        return request.prefab();
    }

    @Override
    public String toString() {
        return message;
    }
}
