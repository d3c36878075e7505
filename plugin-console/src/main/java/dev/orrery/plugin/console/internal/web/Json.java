package dev.orrery.plugin.console.internal.web;

import java.util.Collection;
import java.util.Map;

/**
 * A small JSON writer for the console's answers: objects and arrays built from maps, collections,
 * strings, numbers, booleans and null. Beyond the spec (Orrery's own).
 *
 * <p>Stateless; thread-safe.
 */
final class Json {
    private Json() {
    }

    /**
     * @param value a {@link Map} (keys written with {@code toString()}), {@link Collection}, {@link CharSequence},
     *     {@link Number}, {@link Boolean}, {@link Enum} (its name) or null
     * @return the JSON text; a non-finite double becomes {@code null}
     * @throws IllegalArgumentException for a value of another type (names its class)
     */
    static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(out, value);
        return out.toString();
    }

    private static void write(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(out, String.valueOf(e.getKey()));
                out.append(':');
                write(out, e.getValue());
            }
            out.append('}');
        } else if (value instanceof Collection<?> list) {
            out.append('[');
            boolean first = true;
            for (Object o : list) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(out, o);
            }
            out.append(']');
        } else if (value instanceof CharSequence s) {
            string(out, s.toString());
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            out.append(Double.isFinite(d) ? Double.toString(d) : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Enum<?> e) {
            string(out, e.name());
        } else {
            throw new IllegalArgumentException("Json: cannot write a " + value.getClass().getName());
        }
    }

    /**
     * Appends a JSON string literal, escaping quotes, backslashes, control characters and {@code <}, {@code >},
     * {@code &} (so the text is also safe inside an HTML script).
     */
    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
