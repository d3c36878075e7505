package dev.orrery.plugin.console.internal.web;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One HTTP request as the console sees it, independent of any servlet API. Beyond the spec (Orrery's own).
 *
 * @param method the HTTP method (e.g. {@code GET})
 * @param path the path below {@code /orrery}, starting with {@code /} (e.g. {@code /api/schedules}); {@code /} for the index
 * @param query the query parameters (first value of each)
 * @param headers a header lookup by name, case-insensitive; returns null when absent
 * @param remoteAddress the caller's IP address
 */
public record ConsoleRequest(String method, String path, Map<String, String> query, Function<String, String> headers,
                             String remoteAddress) {
    /** Copies the query and checks for nulls. */
    public ConsoleRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        query = Map.copyOf(query);
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(remoteAddress, "remoteAddress");
    }

    /**
     * @param name a header name
     * @return its value, or null
     */
    public String header(String name) {
        return headers.apply(name);
    }

    /**
     * @param name a query parameter
     * @return its value, or null
     */
    public String param(String name) {
        return query.get(name);
    }
}
