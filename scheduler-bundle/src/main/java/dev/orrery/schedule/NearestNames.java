package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The known names nearest to a name that is not known, for the "did you mean" of a message: an
 * unknown phase in a build error ({@code ... is in phase 'OnUpdte', which is neither a builtin phase
 * nor a phase of this schedule; did you mean 'OnUpdate'?}), a mistyped shell command.
 *
 * <p>Nearness is the edit distance (Levenshtein: one insertion, deletion or substitution of a
 * character each) between the names with case ignored; a name counts when its distance is at most a
 * third of the unknown name's length, and at least 2. Of those, the ones at the smallest distance are
 * given, names that start like the unknown one first, then in alphabetical order; at most
 * {@value #MAX}. Thread-safe (stateless).
 *
 * <p>Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
public final class NearestNames {
    /** At most this many names are given. */
    public static final int MAX = 3;

    private NearestNames() {
    }

    /**
     * @param name the unknown name; not null
     * @param known the names it may have meant; not null, nulls in it are skipped
     * @return the nearest known names (at most {@value #MAX}, best first); empty when none is near
     *     or the name is known
     * @throws NullPointerException when name or known is null
     */
    public static List<String> of(String name, Collection<String> known) {
        Objects.requireNonNull(name, "NearestNames.of: name");
        Objects.requireNonNull(known, "NearestNames.of: known");
        if (known.contains(name)) {
            return List.of();
        }
        String lower = name.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, name.length() / 3);
        int best = Integer.MAX_VALUE;
        List<String> nearest = new ArrayList<>();
        for (String k : known) {
            if (k == null || nearest.contains(k)) {
                continue;
            }
            int d = distance(lower, k.toLowerCase(Locale.ROOT));
            if (d > limit || d > best) {
                continue;
            }
            if (d < best) {
                best = d;
                nearest.clear();
            }
            nearest.add(k);
        }
        char first = lower.isEmpty() ? 0 : lower.charAt(0);
        nearest.sort(Comparator.comparing((String k) -> k.isEmpty() || Character.toLowerCase(k.charAt(0)) != first)
                .thenComparing(Comparator.naturalOrder()));
        return List.copyOf(nearest.subList(0, Math.min(MAX, nearest.size())));
    }

    /**
     * @param name the unknown name
     * @param known the names it may have meant
     * @return {@code "; did you mean 'OnUpdate'?"} ({@code 'A' or 'B'}, {@code 'A', 'B' or 'C'}), or
     *     {@code ""} when no known name is near: to append to a message
     * @throws NullPointerException when name or known is null
     */
    public static String didYouMean(String name, Collection<String> known) {
        List<String> n = of(name, known);
        if (n.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("; did you mean ");
        for (int i = 0; i < n.size(); i++) {
            if (i > 0) {
                b.append(i == n.size() - 1 ? " or " : ", ");
            }
            b.append('\'').append(n.get(i)).append('\'');
        }
        return b.append('?').toString();
    }

    /**
     * The edit distance of two strings, case counted (callers that ignore case lower both first): how
     * many insertions, deletions or substitutions of one character each make one the other. Also the
     * launcher's measure of a mistyped setting key (it calls this method through the framework: it does
     * not link against platform code).
     *
     * @param a a string; not null
     * @param b another; not null
     * @return the Levenshtein distance, from 0 (equal) to the longer length
     * @throws NullPointerException when a or b is null
     */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
