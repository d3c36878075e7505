package dev.orrery.plugin.console.internal.web;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The console's answer to a {@link ConsoleRequest}. Beyond the spec (Orrery's own).
 *
 * @param status the HTTP status
 * @param contentType the media type with charset
 * @param body the body bytes
 */
public record ConsoleResponse(int status, String contentType, byte[] body) {
    /** Checks for nulls. */
    public ConsoleResponse {
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(body, "body");
    }

    /** @return a JSON answer with that status */
    public static ConsoleResponse json(int status, String json) {
        return new ConsoleResponse(status, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
    }

    /** @return the body as UTF-8 text */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
