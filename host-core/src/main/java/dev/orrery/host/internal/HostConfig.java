package dev.orrery.host.internal;

import dev.orrery.host.FrameMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The host's configuration, read from the ConfigAdmin configuration of PID {@value #PID} (the DS
 * component's properties) and, for keys it lacks, from framework properties named
 * {@code orrery.host.<key>} (the launcher's {@code conf/config.properties}).
 *
 * <p>Keys: {@code mainSchedule} (default {@code main}); {@code order}: plugin names, comma-separated
 * or a string array, in schedule order; {@code mode}: {@code realtime} or {@code fixed}; {@code rate}:
 * target frames per second (real time; in fixed mode 0 runs unpaced), default 60; {@code maxDt}:
 * the largest real-time dt in seconds, default 0.1; {@code fixedDt}: seconds per fixed step, default
 * 1/60; {@code frames}: frames to run in fixed mode, 0 for until stopped; {@code startPaused};
 * {@code quietMillis}: how long service events must be quiet before a rebuild, default 50;
 * {@code maxDelayMillis}: the longest a rebuild waits for quiet, default 1000;
 * {@code stopFrameworkWhenDone}: stop the OSGi framework when the frame budget is used up (or when the
 * frame thread dies); {@code frameWarnMillis}: a frame that runs longer than this logs one line naming
 * the running system, default 2000, 0 for never.
 *
 * @param mainSchedule the schedule the frame loop runs and plugins without a schedule property join
 * @param order declared plugin order
 * @param mode frame mode
 * @param rate frames per second; 0 only in fixed mode (unpaced)
 * @param maxDt clamp of real-time dt, seconds
 * @param fixedDt fixed-step dt, seconds
 * @param frames frame budget in fixed mode, 0 for none
 * @param startPaused whether the loop starts paused
 * @param quietMillis quiet period before a rebuild
 * @param maxDelayMillis longest delay of a rebuild under continuous events
 * @param stopFrameworkWhenDone stop the framework after the frame budget, or when the frame thread dies
 * @param frameWarnMillis frames longer than this are reported (milliseconds; 0 for never)
 */
public record HostConfig(String mainSchedule, List<String> order, FrameMode mode, double rate, double maxDt,
                         double fixedDt, long frames, boolean startPaused, long quietMillis, long maxDelayMillis,
                         boolean stopFrameworkWhenDone, long frameWarnMillis) {
    /** The configuration PID of the host component. */
    public static final String PID = "dev.orrery.host";
    /** Prefix of the framework properties that supply defaults. */
    public static final String FRAMEWORK_PREFIX = "orrery.host.";

    /**
     * Validates the values.
     *
     * @throws IllegalArgumentException naming the key ({@code orrery.host.<key>}) and the value when a
     *     value is out of range
     */
    public HostConfig {
        order = List.copyOf(order);
        Function<String, String> key = k -> FRAMEWORK_PREFIX + k;
        check(mainSchedule != null && !mainSchedule.isEmpty(), key.apply("mainSchedule") + " is missing or empty");
        check(rate > 0 || (mode == FrameMode.FIXED && rate == 0),
                key.apply("rate") + " must be > 0 (or 0 in fixed mode), got " + rate);
        check(maxDt > 0 && !Double.isInfinite(maxDt), key.apply("maxDt") + " must be a finite number > 0, got " + maxDt);
        check(fixedDt >= 0 && !Double.isInfinite(fixedDt),
                key.apply("fixedDt") + " must be a finite number >= 0, got " + fixedDt);
        check(frames >= 0, key.apply("frames") + " must be >= 0, got " + frames);
        check(quietMillis >= 0, key.apply("quietMillis") + " must be >= 0, got " + quietMillis);
        check(maxDelayMillis >= quietMillis, key.apply("maxDelayMillis") + " must be >= quietMillis (" + quietMillis
                + "), got " + maxDelayMillis);
        check(frameWarnMillis >= 0, key.apply("frameWarnMillis") + " must be >= 0, got " + frameWarnMillis);
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException("host configuration: " + message);
        }
    }

    /**
     * Reads the configuration.
     *
     * @param props the component properties (ConfigAdmin values win)
     * @param frameworkProperty looks up framework properties; returns null when absent
     * @return the configuration
     * @throws IllegalArgumentException naming the key when a value cannot be parsed or is out of range
     */
    public static HostConfig from(Map<String, ?> props, Function<String, String> frameworkProperty) {
        Source s = new Source(props, frameworkProperty);
        String modeText = s.string("mode", "realtime").trim().toLowerCase(Locale.ROOT);
        FrameMode mode = switch (modeText) {
            case "realtime", "real_time", "real-time" -> FrameMode.REAL_TIME;
            case "fixed", "headless" -> FrameMode.FIXED;
            default -> throw new IllegalArgumentException(
                    "host configuration: " + s.label("mode") + " must be 'realtime' or 'fixed', got '" + modeText + "'");
        };
        return new HostConfig(
                s.string("mainSchedule", "main").trim(),
                s.list("order"),
                mode,
                s.number("rate", 60),
                s.number("maxDt", 0.1),
                s.number("fixedDt", 1.0 / 60),
                (long) s.number("frames", 0),
                s.bool("startPaused", false),
                (long) s.number("quietMillis", 50),
                (long) s.number("maxDelayMillis", 1000),
                s.bool("stopFrameworkWhenDone", false),
                (long) s.number("frameWarnMillis", 2000));
    }

    /** @return the default configuration, as with no properties at all */
    public static HostConfig defaults() {
        return from(Map.of(), k -> null);
    }

    private record Source(Map<String, ?> props, Function<String, String> framework) {
        /** @return how the user wrote the setting: the framework property, or the ConfigAdmin key */
        String label(String key) {
            return props.get(key) != null ? "'" + key + "' (configuration " + PID + ")" : FRAMEWORK_PREFIX + key;
        }

        Object raw(String key) {
            Object v = props.get(key);
            if (v == null) {
                v = framework.apply(FRAMEWORK_PREFIX + key);
            }
            return v;
        }

        String string(String key, String def) {
            Object v = raw(key);
            return v == null ? def : String.valueOf(v);
        }

        double number(String key, double def) {
            Object v = raw(key);
            if (v == null) {
                return def;
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
