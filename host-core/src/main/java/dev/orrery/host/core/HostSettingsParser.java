package dev.orrery.host.core;

import dev.orrery.host.FrameMode;
import dev.orrery.host.HostSettings;
import dev.orrery.schedule.FixedPhases;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads {@link HostSettings} from the places a front end finds them: a configuration map (in OSGi the
 * ConfigAdmin properties of PID {@value #PID}; in JPMS mode the file {@code dev.orrery.host.cfg} of
 * the plugins folder) and, for every key the map lacks, a property named {@code orrery.host.<key>}
 * (framework properties in OSGi, system properties in JPMS mode). The one parser of host settings:
 * front ends parse at their edge and hand the typed value to {@link HostCore}.
 *
 * <p>Keys and values: {@code mainSchedule} (text; default {@code main}); {@code order} (plugin names,
 * comma-separated, or a string array or collection); {@code mode} ({@code realtime} or {@code fixed},
 * also {@code real_time}, {@code real-time}, {@code headless}); {@code rate}, {@code maxDt},
 * {@code fixedDt} (finite numbers, in the ranges {@link HostSettings.Builder#build()} names);
 * {@code fixedSteps} (a whole number of steps of the default fixed clock per fixed-mode frame, from 1
 * to its maxStepsPerFrame; absent by default; refused together with {@code fixedDt});
 * {@code frames}, {@code quietMillis}, {@code maxDelayMillis}, {@code frameWarnMillis},
 * {@code stuckMillis}, {@code autosaveSeconds} (whole numbers of frames, milliseconds or seconds: a
 * fraction, {@code NaN} or a number out of range is refused, never cut off); {@code startPaused},
 * {@code stopFrameworkWhenDone}, {@code saveOnStop} ({@code true} or {@code false}); {@code saveDir}
 * (a folder, default {@code saves}, relative to the working directory unless absolute). Numbers and booleans may be given as text or as {@code Number} /
 * {@code Boolean} values. {@link #KEYS} lists the keys.
 *
 * <p>Stateless; any thread.
 *
 * @since 0.1
 */
public final class HostSettingsParser {
    /** The ConfigAdmin PID of the host's settings in OSGi mode. */
    public static final String PID = "dev.orrery.host";
    /** The prefix of the properties that supply the settings a configuration map lacks. */
    public static final String PROPERTY_PREFIX = "orrery.host.";
    /** Every key the parser reads, in the order of {@link HostSettings}' accessors (without the prefix). */
    public static final List<String> KEYS = List.of("mainSchedule", "order", "mode", "rate", "maxDt", "fixedDt", "fixedSteps",
            "frames",
            "startPaused", "quietMillis", "maxDelayMillis", "stopFrameworkWhenDone", "frameWarnMillis", "stuckMillis",
            "saveDir", "autosaveSeconds", "saveOnStop");
    private static final long MINUTE_MILLIS = 60_000;
    private static final long HOUR_MILLIS = 3_600_000;
    private static final long DAY_SECONDS = 86_400;

    private HostSettingsParser() {
    }

    /**
     * @param config settings by key (ConfigAdmin values win over properties); may be empty
     * @param properties looks up {@code orrery.host.<key>}; returns null when absent
     * @return the settings
     * @throws IllegalArgumentException with one line naming the setting as the user wrote it (the key
     *     and its configuration, or the property), what is allowed and the value given, e.g.
     *     {@code host configuration: 'mode' (configuration dev.orrery.host) must be 'realtime' or
     *     'fixed', got 'turbo'}; a value out of range is named by its property ({@link HostSettings.Builder#build()})
     * @throws NullPointerException if an argument is null
     */
    public static HostSettings parse(Map<String, ?> config, Function<String, String> properties) {
        Source s = new Source(Objects.requireNonNull(config, "HostSettingsParser.parse: config"),
                Objects.requireNonNull(properties, "HostSettingsParser.parse: properties"));
        HostSettings.Builder b = HostSettings.builder()
                .mainSchedule(s.string("mainSchedule", "main").trim())
                .order(s.list("order"))
                .mode(s.mode())
                .rate(s.number("rate", 60))
                .maxDt(s.number("maxDt", 0.1));
        Double fixedDt = s.optionalNumber("fixedDt"); // absent: the default; both given: refused by build()
        if (fixedDt != null) {
            b.fixedDt(fixedDt);
        }
        Long fixedSteps = s.optionalWhole("fixedSteps", 1, FixedPhases.DEFAULT_CLOCK.maxStepsPerFrame());
        if (fixedSteps != null) {
            b.fixedStepsPerFrame(fixedSteps.intValue());
        }
        return b.frames(s.whole("frames", 0, Long.MAX_VALUE))
                .startPaused(s.bool("startPaused", false))
                .quietPeriod(Duration.ofMillis(s.whole("quietMillis", 50, MINUTE_MILLIS)))
                .maxDelay(Duration.ofMillis(s.whole("maxDelayMillis", 1000, MINUTE_MILLIS)))
                .stopFrameworkWhenDone(s.bool("stopFrameworkWhenDone", false))
                .frameWarnLimit(Duration.ofMillis(s.whole("frameWarnMillis", 2000, HOUR_MILLIS)))
                .stuckLimit(Duration.ofMillis(s.whole("stuckMillis", 10_000, HOUR_MILLIS)))
                .saveDirectory(s.path("saveDir", "saves"))
                .autosaveInterval(Duration.ofSeconds(s.whole("autosaveSeconds", 0, DAY_SECONDS)))
                .saveOnStop(s.bool("saveOnStop", false))
                .build();
    }

    /**
     * The settings given as properties only: what a launcher checks before it starts anything, so that
     * it can refuse a bad setting in one line instead of running without a host.
     *
     * @param properties looks up {@code orrery.host.<key>}; returns null when absent
     * @return the settings
     * @throws IllegalArgumentException as {@link #parse}, naming the property (e.g.
     *     {@code orrery.host.mode}), what is allowed and the value given
     */
    public static HostSettings fromProperties(Function<String, String> properties) {
        return parse(Map.of(), properties);
    }

    /** Where each key's value comes from: the map, else the property. */
    private record Source(Map<String, ?> config, Function<String, String> properties) {
        /** @return how the user wrote the setting: the ConfigAdmin key, or the property */
        String label(String key) {
            return config.get(key) != null ? "'" + key + "' (configuration " + PID + ")" : PROPERTY_PREFIX + key;
        }

        Object raw(String key) {
            Object v = config.get(key);
            return v != null ? v : properties.apply(PROPERTY_PREFIX + key);
        }

        String string(String key, String def) {
            Object v = raw(key);
            return v == null ? def : String.valueOf(v);
        }

        java.nio.file.Path path(String key, String def) {
            String text = string(key, def).trim();
            if (text.isEmpty()) {
                throw new IllegalArgumentException("host configuration: " + label(key) + " must name a folder, got ''");
            }
            try {
                return java.nio.file.Path.of(text);
            } catch (java.nio.file.InvalidPathException e) {
                throw new IllegalArgumentException("host configuration: " + label(key) + " is not a folder name: '" + text
                        + "' (" + e.getReason() + ")", e);
            }
        }

        FrameMode mode() {
            String text = string("mode", "realtime").trim().toLowerCase(Locale.ROOT);
            return switch (text) {
                case "realtime", "real_time", "real-time" -> FrameMode.REAL_TIME;
                case "fixed", "headless" -> FrameMode.FIXED;
                default -> throw new IllegalArgumentException(
                        "host configuration: " + label("mode") + " must be 'realtime' or 'fixed', got '" + text + "'");
            };
        }

        double number(String key, double def) {
            Double v = optionalNumber(key);
            return v == null ? def : v;
        }

        /** @return the value as a number, or null when absent */
        Double optionalNumber(String key) {
            Object v = raw(key);
            if (v == null) {
                return null;
            }
            if (v instanceof Number n) {
                return n.doubleValue();
            }
            try {
                return Double.parseDouble(String.valueOf(v).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("host configuration: " + label(key) + " must be a number, got '" + v + "'", e);
            }
        }

        /**
         * @return the value as a whole number from 0 to {@code max}; a fraction, a value that is not a
         *     finite number, or one out of range is refused in one line
         */
        long whole(String key, long def, long max) {
            Long v = optionalWhole(key, 0, max);
            return v == null ? def : v;
        }

        /**
         * @return the value as a whole number from {@code min} to {@code max}, or null when absent; a
         *     fraction, a value that is not a finite number, or one out of range is refused in one line
         */
        Long optionalWhole(String key, long min, long max) {
            Object v = raw(key);
            if (v == null) {
                return null;
            }
            java.math.BigDecimal d;
            try {
                if (v instanceof Double || v instanceof Float) {
                    double x = ((Number) v).doubleValue();
                    d = Double.isFinite(x) ? java.math.BigDecimal.valueOf(x) : null;
                } else {
                    d = new java.math.BigDecimal(String.valueOf(v).trim());
                }
            } catch (NumberFormatException e) {
                d = null;
            }
            if (d == null || d.compareTo(java.math.BigDecimal.valueOf(min)) < 0 || d.stripTrailingZeros().scale() > 0
                    || d.compareTo(java.math.BigDecimal.valueOf(max)) > 0) {
                throw new IllegalArgumentException("host configuration: " + label(key) + " must be a whole number from " + min
                        + " to " + max + ", got '" + v + "'");
            }
            return d.longValueExact();
        }

        boolean bool(String key, boolean def) {
            Object v = raw(key);
            if (v == null) {
                return def;
            }
            if (v instanceof Boolean b) {
                return b;
            }
            String t = String.valueOf(v).trim().toLowerCase(Locale.ROOT);
            if (t.equals("true") || t.equals("false")) {
                return Boolean.parseBoolean(t);
            }
            throw new IllegalArgumentException("host configuration: " + label(key) + " must be true or false, got '" + v + "'");
        }

        List<String> list(String key) {
            Object v = raw(key);
            List<String> items = new ArrayList<>();
            if (v instanceof String[] arr) {
                items.addAll(Arrays.asList(arr));
            } else if (v instanceof Collection<?> c) {
                c.forEach(o -> items.add(String.valueOf(o)));
            } else if (v != null) {
                items.addAll(Arrays.asList(String.valueOf(v).split(",")));
            }
            List<String> out = new ArrayList<>();
            for (String item : items) {
                String t = item.trim();
                if (!t.isEmpty()) {
                    out.add(t);
                }
            }
            return out;
        }
    }
}
