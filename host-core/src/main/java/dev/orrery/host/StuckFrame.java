package dev.orrery.host;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A frame that has not returned for longer than the host's stuck limit ({@code orrery.host.stuckMillis};
 * {@link HostSettings#stuckLimit()}), and what was running in it when the host noticed: a system (with
 * its schedule and plugin) or an observer's hook. While a frame is stuck the host's state is
 * {@link RunState#STUCK} and {@link HostStatus#stuck()} holds this value; nothing else happens on the
 * frame thread (no swap, no departure, no submitted work) until the frame returns.
 *
 * <p>What the host could not name is empty. Made with {@link #builder(long)}; immutable; equal when
 * every value is.
 *
 * @since 0.1
 */
public final class StuckFrame {
    private final long frame;
    private final Duration runningFor;
    private final String schedule;
    private final String system;
    private final String plugin;
    private final String observer;

    private StuckFrame(Builder b) {
        this.frame = b.frame;
        this.runningFor = Objects.requireNonNull(b.runningFor, "StuckFrame: runningFor");
        this.schedule = b.schedule;
        this.system = b.system;
        this.plugin = b.plugin;
        this.observer = b.observer;
    }

    /**
     * @param frame the number of the frame that is stuck
     * @return a builder naming nothing yet, running for {@link Duration#ZERO}
     */
    public static Builder builder(long frame) {
        return new Builder(frame);
    }

    /** @return the number of the frame that is stuck */
    public long frame() {
        return frame;
    }

    /** @return how long the frame had run when the host marked it stuck (at least the stuck limit) */
    public Duration runningFor() {
        return runningFor;
    }

    /** @return the schedule whose system (or whose observer) was running, if known */
    public Optional<String> schedule() {
        return Optional.ofNullable(schedule);
    }

    /** @return the system that was running, if known; empty when an observer's hook was running */
    public Optional<String> system() {
        return Optional.ofNullable(system);
    }

    /** @return the plugin of that system (the schedule's name for a system the schedule declared), if known */
    public Optional<String> plugin() {
        return Optional.ofNullable(plugin);
    }

    /**
     * @return the observer whose hook was running, e.g. {@code observer service 12 (my.bundle/1.0.0), its
     *     beforeSystem}; empty when a system was running
     */
    public Optional<String> observer() {
        return Optional.ofNullable(observer);
    }

    /**
     * @return one line: what is running and for how long, e.g. {@code system 'net/accept' of plugin 'net' in
     *     schedule 'main' has not returned for 10000 ms (frame 57)}
     */
    public String describe() {
        String who;
        if (observer != null) {
            who = observer + (system == null ? "" : " around system '" + system + "'")
                    + (schedule == null ? "" : " in schedule '" + schedule + "'");
        } else if (system != null) {
            who = "system '" + system + "'" + (plugin == null ? "" : " of plugin '" + plugin + "'")
                    + (schedule == null ? "" : " in schedule '" + schedule + "'");
        } else {
            who = "the frame (no system or observer is running: the host itself is busy)";
        }
        return who + " has not returned for " + runningFor.toMillis() + " ms (frame " + frame + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StuckFrame s && frame == s.frame && runningFor.equals(s.runningFor)
                && Objects.equals(schedule, s.schedule) && Objects.equals(system, s.system)
                && Objects.equals(plugin, s.plugin) && Objects.equals(observer, s.observer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(frame, runningFor, schedule, system, plugin, observer);
    }

    /** @return {@link #describe()} */
    @Override
    public String toString() {
        return describe();
    }

    /**
     * Makes {@link StuckFrame}; not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private final long frame;
        private Duration runningFor = Duration.ZERO;
        private String schedule;
        private String system;
        private String plugin;
        private String observer;

        private Builder(long frame) {
            this.frame = frame;
        }

        /**
         * @param ran see {@link StuckFrame#runningFor()}
         * @return this builder
         * @throws NullPointerException if ran is null
         */
        public Builder runningFor(Duration ran) {
            this.runningFor = Objects.requireNonNull(ran, "StuckFrame.runningFor");
            return this;
        }

        /**
         * @param scheduleName see {@link StuckFrame#schedule()}; null for unknown
         * @param systemName see {@link StuckFrame#system()}; null for unknown
         * @param pluginName see {@link StuckFrame#plugin()}; null for unknown
         * @return this builder
         */
        public Builder system(String scheduleName, String systemName, String pluginName) {
            this.schedule = scheduleName;
            this.system = systemName;
            this.plugin = pluginName;
            return this;
        }

        /**
         * @param description see {@link StuckFrame#observer()}; null for none
         * @return this builder
         */
        public Builder observer(String description) {
            this.observer = description;
            return this;
        }

        /** @return the value */
        public StuckFrame build() {
            return new StuckFrame(this);
        }
    }
}
