package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.BattleConfig;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * The demo's settings, read from framework properties (the launcher passes {@code -Dorrery.demo.*}
 * and {@code conf/config.properties} through; {@code ./orrery-demo} sets them from its arguments).
 *
 * <ul>
 *   <li>{@value #SEED}: the dice seed, a long; default: a random one from 1 to 999999 (printed);</li>
 *   <li>{@value #INTERACTIVE}: {@code true} to play the party at the console (default {@code false});</li>
 *   <li>{@value #EXIT_WHEN_OVER}: {@code true} (default) to stop the host when the battle is over,
 *       so the process exits with code 0;</li>
 *   <li>{@value #CONFIG_DELAY}: milliseconds the read of the battle's configuration file waits first
 *       (default 0), to watch the world update park on it ({@link #configDelay}).</li>
 * </ul>
 *
 * @param seed the dice seed
 * @param interactive whether the party is played at the console
 * @param exitWhenOver whether the host stops when the battle is over
 */
public record DemoSettings(long seed, boolean interactive, boolean exitWhenOver) {
    /** Framework property: the seed. */
    public static final String SEED = "orrery.demo.seed";
    /** Framework property: interactive mode. */
    public static final String INTERACTIVE = "orrery.demo.interactive";
    /** Framework property: stop the host when the battle is over. */
    public static final String EXIT_WHEN_OVER = "orrery.demo.exitWhenOver";
    /** Framework property: the artificial delay of the battle configuration's read, in milliseconds. */
    public static final String CONFIG_DELAY = "orrery.demo.configDelayMillis";
    /** The longest {@value #CONFIG_DELAY}: ten minutes. */
    static final long MAX_CONFIG_DELAY_MILLIS = 600_000;

    /**
     * @param property looks a framework property up; returns null when absent
     * @return the settings
     * @throws IllegalArgumentException if a value cannot be parsed; the message names the property
     */
    public static DemoSettings from(Function<String, String> property) {
        String seedText = property.apply(SEED);
        long seed;
        if (seedText == null || seedText.isBlank()) {
            seed = ThreadLocalRandom.current().nextLong(1, 1_000_000);
        } else {
            try {
                seed = Long.parseLong(seedText.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(SEED + ": not a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE
                        + ": '" + seedText + "'", e);
            }
        }
        return new DemoSettings(seed, bool(property, INTERACTIVE, false), bool(property, EXIT_WHEN_OVER, true));
    }

    /**
     * @param property looks a framework property up; returns null when absent
     * @return the delay {@value #CONFIG_DELAY} asks for; zero when absent
     * @throws IllegalArgumentException if it is not a whole number of milliseconds from 0 to 600000; the
     *     message names the property
     */
    public static java.time.Duration configDelay(Function<String, String> property) {
        String v = property.apply(CONFIG_DELAY);
        if (v == null || v.isBlank()) {
            return java.time.Duration.ZERO;
        }
        long ms;
        try {
            ms = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            ms = -1;
        }
        if (ms < 0 || ms > MAX_CONFIG_DELAY_MILLIS) {
            throw new IllegalArgumentException(CONFIG_DELAY + ": expected a whole number of milliseconds from 0 to "
                    + MAX_CONFIG_DELAY_MILLIS + ", got '" + v + "'");
        }
        return java.time.Duration.ofMillis(ms);
    }

    private static boolean bool(Function<String, String> property, String key, boolean fallback) {
        String v = property.apply(key);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        return switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + ": expected true or false, got '" + v + "'");
        };
    }

    /** @return the battle configuration with the default pacing */
    public BattleConfig battleConfig() {
        return BattleConfig.defaults(seed, interactive);
    }
}
