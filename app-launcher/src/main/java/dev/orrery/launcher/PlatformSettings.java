package dev.orrery.launcher;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToIntBiFunction;

/**
 * The {@code orrery.*} settings the launcher knows, beyond those the host and the web console check
 * themselves ({@link SettingsCheck}): its own ({@value LauncherConfig#HOME}, the folders,
 * {@value LaunchOptions#SHELL}), JPMS mode's ({@value #JPMS_POLL}, {@value #JPMS_QUIET},
 * {@value #JPMS_REPORT_UNLOAD}) and the devtools' sample period ({@value #SAMPLE_PERIOD}). Beyond the spec
 * (Orrery's own).
 * <ul>
 *   <li>{@link #check}: the numbers among them are whole numbers in range, the flag true or false;
 *       a bad one is refused in one line naming it and its source (exit code 2);</li>
 *   <li>{@link #unknown}: an {@code orrery.*} key nobody reads is warned about in one line with the
 *       nearest known key ("did you mean ..."), when it is in a namespace of the platform
 *       ({@code orrery.host.*}, {@code orrery.console.*}, ...) or a typo away from a known key; keys of
 *       other namespaces belong to plugins ({@code orrery.demo.seed}) and pass.</li>
 * </ul>
 */
final class PlatformSettings {
    /** JPMS mode: how often the plugins folder is polled (ms). */
    static final String JPMS_POLL = "orrery.jpms.pollMillis";
    /** JPMS mode: how long a jar must stay unchanged before it is loaded (ms). */
    static final String JPMS_QUIET = "orrery.jpms.quietMillis";
    /** JPMS mode, diagnostics: log when a dropped layer's class loader is collected. */
    static final String JPMS_REPORT_UNLOAD = "orrery.jpms.reportUnload";
    /** The devtools' timings sample period (one run call in N is timed). */
    static final String SAMPLE_PERIOD = "orrery.devtools.timings.samplePeriod";
    /** The scheduler's dispatch engine ({@code generated} or {@code loop}), which the scheduler checks. */
    static final String DISPATCH = "orrery.schedule.dispatch";
    /** The keys the launcher reads or checks itself, and the scheduler's. */
    static final List<String> KEYS = List.of(LauncherConfig.HOME, LauncherConfig.PLUGINS_DIR, LauncherConfig.BUNDLES_DIR,
            LauncherConfig.JPMS_DIR, LaunchOptions.SHELL, JPMS_POLL, JPMS_QUIET, JPMS_REPORT_UNLOAD, SAMPLE_PERIOD, DISPATCH);
    /** The scheduler's bundle (and module) name: it has the edit distance of {@link #unknown}. */
    static final String SCHEDULER = "dev.orrery.scheduler";
    /** A typo: at most this many characters differ from a known key. */
    private static final int TYPO = 2;

    private record Whole(String key, long min, long max) {
    }

    private static final List<Whole> WHOLE = List.of(new Whole(JPMS_POLL, 1, 60_000), new Whole(JPMS_QUIET, 1, 60_000),
            new Whole(SAMPLE_PERIOD, 1, Integer.MAX_VALUE));

    private PlatformSettings() {
    }

    /**
     * @param props the resolved settings
     * @param source where a key came from, e.g. {@code " (-Dorrery.jpms.pollMillis)"}
     * @throws LaunchRefusal (exit code 2) naming the first bad setting, what is allowed and the value given
     */
    static void check(Map<String, String> props, Function<String, String> source) {
        for (Whole w : WHOLE) {
            String v = props.get(w.key());
            if (v != null && !whole(v.trim(), w.min(), w.max())) {
                throw LaunchRefusal.badSetting(w.key() + " must be a whole number from " + w.min() + " to " + w.max()
                        + ", got '" + v + "'" + source.apply(w.key()));
            }
        }
        String flag = props.get(JPMS_REPORT_UNLOAD);
        if (flag != null && !Set.of("true", "false").contains(flag.trim().toLowerCase(Locale.ROOT))) {
            throw LaunchRefusal.badSetting(JPMS_REPORT_UNLOAD + " must be true or false, got '" + flag + "'"
                    + source.apply(JPMS_REPORT_UNLOAD));
        }
    }

    private static boolean whole(String v, long min, long max) {
        try {
            BigDecimal d = new BigDecimal(v);
            return d.stripTrailingZeros().scale() <= 0 && d.compareTo(BigDecimal.valueOf(min)) >= 0
                    && d.compareTo(BigDecimal.valueOf(max)) <= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * @param keys the settings given (file and {@code -D})
     * @param known every key the platform reads ({@link #KEYS} and those the host and console checks ask for)
     * @param source where a key came from
     * @param distance the edit distance of two keys (the scheduler's {@code NearestNames.distance},
     *     {@link #nearestNamesDistance})
     * @return one warning line per unknown key, e.g. {@code warning: orrery.host.rat (-Dorrery.host.rat) is
     *     not a setting; did you mean orrery.host.rate?}
     */
    static List<String> unknown(Collection<String> keys, Collection<String> known, Function<String, String> source,
            ToIntBiFunction<String, String> distance) {
        Set<String> namespaces = new TreeSet<>();
        for (String k : known) {
            namespaces.add(namespace(k));
        }
        List<String> out = new ArrayList<>();
        for (String k : new TreeSet<>(keys)) {
            if (!k.startsWith("orrery.") || known.contains(k)) {
                continue;
            }
            String nearest = null;
            int best = Integer.MAX_VALUE;
            for (String n : known) {
                int d = distance.applyAsInt(k, n);
                if (d < best) {
                    best = d;
                    nearest = n;
                }
            }
            if (namespaces.contains(namespace(k)) || best <= TYPO) {
                out.add("warning: " + k + source.apply(k) + " is not a setting of the launcher, the host, the web console"
                        + " or the devtools, and is ignored" + (nearest == null ? "" : "; did you mean " + nearest + "?"));
            }
        }
        return out;
    }

    /**
     * The scheduler's edit distance ({@code dev.orrery.schedule.NearestNames.distance}), called through
     * the platform's classes: the launcher does not link against platform code.
     *
     * @param classes the platform's classes
     * @return the distance; when the scheduler or the method is not there, one that finds every key far
     *     (no "did you mean"; keys of the platform's namespaces are still warned about)
     */
    static ToIntBiFunction<String, String> nearestNamesDistance(SettingsCheck.Classes classes) {
        try {
            Class<?> c = classes.load(SCHEDULER, "dev.orrery.schedule.NearestNames");
            if (c != null) {
                Method m = c.getMethod("distance", String.class, String.class);
                return (a, b) -> {
                    try {
                        return (Integer) m.invoke(null, a, b);
                    } catch (ReflectiveOperationException e) {
                        return Integer.MAX_VALUE;
                    }
                };
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not there: no nearest key
        }
        return (a, b) -> a.equals(b) ? 0 : Integer.MAX_VALUE;
    }

    /** @return the second part of a key: {@code host} of {@code orrery.host.rate}, {@code home} of {@code orrery.home} */
    private static String namespace(String key) {
        String[] parts = key.split("\\.", 3);
        return parts.length > 1 ? parts[1] : "";
    }
}
