package dev.orrery.schedule;

/**
 * What the name of a system, set, phase, plugin or schedule may contain: any character except
 * control characters (U+0000 to U+001F, U+007F to U+009F: NUL, tab, line feed, escape …) and the line
 * and paragraph separators (U+2028, U+2029). Names appear in every build message, log line and
 * devtools listing, one item per line, so a character that ends a line or that a terminal interprets
 * would let one name forge or hide others. Such a name is refused where it is given: by the define
 * functions ({@code EcsSystem.builder}, {@code SystemSet.builder}, {@code Phase.builder},
 * {@code Plugin.builder}, their {@code beforeIfPresent}/{@code afterIfPresent} names), by
 * {@code Schedule.builder} and {@link ScheduleState#renamedTo}, and at build for a {@link Plugin}
 * implementation whose {@code name()} returns one. The message shows the name with each such
 * character escaped ({@code &#92;u0000}) and says what is allowed. Names must also not be empty or
 * blank (SCH-010, SCH-100, SCH-126, SCH-135, SCH-140); that is checked first and keeps its message.
 *
 * @since 0.1
 */
public final class ItemNames {
    /** At most this many characters of a refused name are shown in a message. */
    private static final int SHOWN = 80;

    private ItemNames() {
    }

    /**
     * @param name a name; not null
     * @return the index of its first character that no name may contain, or -1 when it has none
     */
    public static int firstForbidden(String name) {
        for (int i = 0, n = name.length(); i < n; i++) {
            if (isForbidden(name.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * @param c a character
     * @return whether no name may contain it (a control character, U+2028 or U+2029)
     */
    public static boolean isForbidden(char c) {
        return Character.isISOControl(c) || c == 0x2028 || c == 0x2029;
    }

    /**
     * The reason a name with a forbidden character is refused, for a one-line message.
     *
     * @param name the name; not null
     * @param index the index of its first forbidden character ({@link #firstForbidden})
     * @return e.g. {@code name 'a&#92;u0000b' contains the control character &#92;u0000 at index 1; a name may
     *     contain any character except …}; the name is shown escaped, at most its first 80 characters
     */
    public static String refusal(String name, int index) {
        char c = name.charAt(index);
        return "name '" + escaped(name) + "' contains the " + (Character.isISOControl(c) ? "control character "
                : "separator ") + escape(c) + " at index " + index + "; a name may contain any character except control"
                + " characters (U+0000 to U+001F, U+007F to U+009F) and the line and paragraph separators (U+2028,"
                + " U+2029)";
    }

    /** @return the name with every forbidden character as {@code &#92;uXXXX}, cut after 80 characters */
    private static String escaped(String name) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(name.length(), SHOWN);
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (isForbidden(c)) {
                sb.append(escape(c));
            } else {
                sb.append(c);
            }
        }
        if (name.length() > SHOWN) {
            sb.append("… (").append(name.length()).append(" characters)");
        }
        return sb.toString();
    }

    private static String escape(char c) {
        return String.format("\\u%04x", (int) c);
    }
}
