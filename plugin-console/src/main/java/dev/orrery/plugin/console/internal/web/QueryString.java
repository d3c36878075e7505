package dev.orrery.plugin.console.internal.web;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Decodes a URL's raw query ({@code a=1&b=x%20y}) strictly, for every front end alike: {@code +} is a
 * space, {@code %} must be followed by two hex digits, the decoded bytes must be valid UTF-8, and the raw
 * text must be printable ASCII. The first value of a repeated name wins. Beyond the spec (Orrery's own).
 * Stateless.
 */
public final class QueryString {
    private QueryString() {
    }

    /**
     * @param raw the raw (still encoded) query, without {@code ?}; null or empty for none
     * @return the parameters by name
     * @throws MalformedRequestException one line naming the fault: a bad {@code %} escape, invalid UTF-8,
     *     a raw character that is not printable ASCII
     */
    public static Map<String, String> parse(String raw) throws MalformedRequestException {
        Map<String, String> q = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = decode(eq < 0 ? pair : pair.substring(0, eq), true);
            String v = eq < 0 ? "" : decode(pair.substring(eq + 1), true);
            q.putIfAbsent(k, v);
        }
        return q;
    }

    /**
     * @param raw a raw (still encoded) URL path, e.g. {@code /orrery/schedule.html}
     * @return it decoded ({@code +} stays {@code +})
     * @throws MalformedRequestException for a bad escape, invalid UTF-8 or a raw non-printable or non-ASCII character
     */
    public static String decodePath(String raw) throws MalformedRequestException {
        return decode(raw, false);
    }

    private static String decode(String raw, boolean plusIsSpace) throws MalformedRequestException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int hi = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int lo = hi < 0 ? -1 : Character.digit(raw.charAt(i + 2), 16);
                if (lo < 0) {
                    throw new MalformedRequestException("bad percent escape '"
                            + printable(raw.substring(i, Math.min(raw.length(), i + 3))) + "' in the request URL");
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else if (c > 0x20 && c < 0x7f) {
                bytes.write(c);
            } else {
                throw new MalformedRequestException("the request URL has a raw character U+"
                        + String.format("%04X", (int) c) + " (encode it as %XX UTF-8 bytes)");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedRequestException("the request URL's percent escapes are not valid UTF-8");
        }
    }

    /** @return {@code s} with every character outside printable ASCII replaced by {@code ?} */
    static String printable(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.chars().forEach(c -> b.append(c >= 0x20 && c < 0x7f ? (char) c : '?'));
        return b.toString();
    }
}
