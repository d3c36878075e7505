package dev.orrery.plugin.console.internal.web;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The console's answer to a {@link ConsoleRequest}. Beyond the spec (Orrery's own).
 *
 * @param status the HTTP status
 * @param contentType the media type with charset
 * @param body the body bytes (empty for a pending answer)
 * @param pending null for a complete answer; else the answer is still being worked out, and the front
 *     end sends the status and type, then lets {@link PendingAnswer#writeTo} write the body
 */
public record ConsoleResponse(int status, String contentType, byte[] body, PendingAnswer pending) {
    /** Checks for nulls. */
    public ConsoleResponse {
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(body, "body");
    }

    /**
     * A complete answer.
     *
     * @param status the HTTP status
     * @param contentType the media type with charset
     * @param body the body bytes
     */
    public ConsoleResponse(int status, String contentType, byte[] body) {
        this(status, contentType, body, null);
    }

    /** @return a JSON answer with that status */
    public static ConsoleResponse json(int status, String json) {
        return new ConsoleResponse(status, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
    }

    /** @return a JSON answer with status 200 whose body {@code pending} writes */
    static ConsoleResponse pending(PendingAnswer pending) {
        return new ConsoleResponse(200, "application/json; charset=utf-8", new byte[0], Objects.requireNonNull(pending));
    }

    /** @return the body as UTF-8 text */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
