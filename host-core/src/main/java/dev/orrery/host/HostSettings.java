package dev.orrery.host;

import dev.orrery.schedule.FixedClock;
import dev.orrery.schedule.FixedPhases;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The host's settings as a typed, immutable value: the main schedule, the declared plugin order, the
 * frame mode and timing, the rebuild coalescing and the watchdog. Made with {@link #builder()} (or
 * {@link #toBuilder()}); {@link #defaults()} is what a host without any setting runs with. A front end
 * parses its own sources into one (the OSGi front end: ConfigAdmin PID {@code dev.orrery.host} and the
 * framework properties {@code orrery.host.<key>}; see {@code dev.orrery.host.core.HostSettingsParser}),
 * so the host itself never sees a string or a map.
 *
 * <p>Units: {@link #rate()} is frames per second; {@link #maxDt()} and {@link #fixedDt()} are dt, in
 * seconds (as {@code Schedule.run} takes it); the coalescing and watchdog times are {@link Duration}s.
 *
 * <p>Fixed mode's dt is given one of two ways: as seconds ({@link Builder#fixedDt}, key
 * {@code fixedDt}), or as a whole number of steps of {@link FixedPhases#DEFAULT_CLOCK}
 * ({@link Builder#fixedStepsPerFrame}, key {@code fixedSteps}): then every frame's dt is exactly that
 * many steps ({@link #fixedStepsDt}), so the ready-made fixed phases run exactly that many times per
 * frame, with no wall clock read. Giving both is refused.
 *
 * <p>Immutable and thread-safe. Two settings are equal when every value is.
 *
 * @since 0.1
 */
public final class HostSettings {
    private static final HostSettings DEFAULTS = builder().build();

    private final String mainSchedule;
    private final List<String> order;
    private final FrameMode mode;
    private final double rate;
    private final double maxDt;
    private final double fixedDt;
    private final int fixedStepsPerFrame;
    private final long frames;
    private final boolean startPaused;
    private final Duration quietPeriod;
    private final Duration maxDelay;
    private final boolean stopFrameworkWhenDone;
    private final Duration frameWarnLimit;
    private final Duration stuckLimit;
    private final Path saveDirectory;
    private final Duration autosaveInterval;
    private final boolean saveOnStop;

    private HostSettings(Builder b, double fixedDt, int fixedStepsPerFrame) {
        this.mainSchedule = b.mainSchedule;
        this.order = b.order;
        this.mode = b.mode;
        this.rate = b.rate;
        this.maxDt = b.maxDt;
        this.fixedDt = fixedDt;
        this.fixedStepsPerFrame = fixedStepsPerFrame;
        this.frames = b.frames;
        this.startPaused = b.startPaused;
        this.quietPeriod = b.quietPeriod;
        this.maxDelay = b.maxDelay;
        this.stopFrameworkWhenDone = b.stopFrameworkWhenDone;
        this.frameWarnLimit = b.frameWarnLimit;
        this.stuckLimit = b.stuckLimit;
        this.saveDirectory = b.saveDirectory;
        this.autosaveInterval = b.autosaveInterval;
        this.saveOnStop = b.saveOnStop;
    }

    /**
     * @return the settings of a host given none: main schedule {@code main}, no declared order, real
     *     time at 60 frames per second with dt clamped to 0.1 s (fixed step 1/60 s), no frame budget, not
     *     paused, a 50 ms quiet period and 1 s longest delay before a rebuild, the framework left running,
     *     a warning for frames longer than 2 s, the host marked stuck when a frame runs longer than 10 s,
     *     saves in {@code saves/} under the working directory, no autosave and no save on stop
     */
    public static HostSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder holding {@link #defaults()} */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding these settings, to change some of them */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** @return the schedule the frame loop runs, which plugins without a declared schedule join; not blank */
    public String mainSchedule() {
        return mainSchedule;
    }

    /**
     * @return the declared plugin order: these plugin names come first, in this order; the others come
     *     after, by name (immutable; empty: no order declared)
     */
    public List<String> order() {
        return order;
    }

    /** @return how the frame loop chooses each frame's dt */
    public FrameMode mode() {
        return mode;
    }

    /**
     * @return frames per second: the target rate in real time; in fixed mode the pace, 0 for unpaced
     *     (as fast as possible)
     */
    public double rate() {
        return rate;
    }

    /** @return the largest real-time dt, seconds (a longer frame gives this dt) */
    public double maxDt() {
        return maxDt;
    }

    /**
     * @return the dt of every fixed-mode frame, seconds: the {@code fixedDt} given, or with
     *     {@link #fixedStepsPerFrame()} set, exactly that many steps of the default fixed clock
     *     ({@link #fixedStepsDt})
     */
    public double fixedDt() {
        return fixedDt;
    }

    /**
     * @return how many steps of {@link FixedPhases#DEFAULT_CLOCK} each fixed-mode frame covers (key
     *     {@code fixedSteps}), from 1 to its maxStepsPerFrame; 0 when not set ({@code fixedDt} gives
     *     the dt). Real-time mode ignores it.
     * @since 0.9
     */
    public int fixedStepsPerFrame() {
        return fixedStepsPerFrame;
    }

    /**
     * The one rule for a frame of whole fixed steps, used by {@link #fixedStepsPerFrame()} and
     * {@link GameHost#stepFixed(int)}: {@code steps} times the step of {@link FixedPhases#DEFAULT_CLOCK}
     * in integer nanoseconds, in seconds, so the clock's accumulator gets exactly {@code steps} whole
     * steps.
     *
     * @param steps the steps of the frame, from 1 to the default clock's maxStepsPerFrame
     * @return the frame's dt, seconds
     * @throws IllegalArgumentException if {@code steps} is out of range
     * @since 0.9
     */
    public static double fixedStepsDt(int steps) {
        FixedClock clock = FixedPhases.DEFAULT_CLOCK;
        if (steps < 1 || steps > clock.maxStepsPerFrame()) {
            throw new IllegalArgumentException("fixed steps per frame must be from 1 to " + clock.maxStepsPerFrame()
                    + " (maxStepsPerFrame of " + clock.name() + "), got " + steps);
        }
        return steps * clock.stepNanos() / 1e9;
    }

    /** @return the frame budget of fixed mode: the loop ends after this many frames; 0 for none */
    public long frames() {
        return frames;
    }

    /** @return whether the simulation starts paused (frames run only when stepped) */
    public boolean startPaused() {
        return startPaused;
    }

    /** @return how long plugin and observer events must be quiet before a rebuild starts */
    public Duration quietPeriod() {
        return quietPeriod;
    }

    /** @return the longest a rebuild waits for quiet after the first event of a burst; at least the quiet period */
    public Duration maxDelay() {
        return maxDelay;
    }

    /**
     * @return whether the host stops its application (the OSGi framework, or the JPMS run) when the
     *     frame budget is used up or the frame thread died
     */
    public boolean stopFrameworkWhenDone() {
        return stopFrameworkWhenDone;
    }

    /**
     * @return frames running longer than this are reported (one log line naming the system running);
     *     {@link Duration#ZERO} for never
     */
    public Duration frameWarnLimit() {
        return frameWarnLimit;
    }

    /**
     * @return a frame running longer than this marks the host {@link RunState#STUCK}, naming what runs,
     *     until the frame returns; {@link Duration#ZERO} for never
     */
    public Duration stuckLimit() {
        return stuckLimit;
    }

    /**
     * @return the folder of the host's save files (key {@code saveDir}): where the shell's and the web
     *     console's file names, the autosave and the save on stop go; relative to the working directory
     *     unless absolute. Created when the first save is written.
     * @since 0.8
     */
    public Path saveDirectory() {
        return saveDirectory;
    }

    /**
     * @return how much frame time (the sum of the frames' dt) passes between two autosaves to
     *     {@code autosave.cbor} in {@link #saveDirectory()} (key {@code autosaveSeconds}), taken at the
     *     frame boundary after it passed (never inside a frame, so never inside a transaction or while
     *     the world update is parked); {@link Duration#ZERO} for no autosave
     * @since 0.8
     */
    public Duration autosaveInterval() {
        return autosaveInterval;
    }

    /**
     * @return whether an orderly stop of the host saves the world to {@code stop.cbor} in
     *     {@link #saveDirectory()} first (key {@code saveOnStop}); the save completes before the stop returns
     * @since 0.8
     */
    public boolean saveOnStop() {
        return saveOnStop;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HostSettings s && mainSchedule.equals(s.mainSchedule) && order.equals(s.order)
                && mode == s.mode && Double.compare(rate, s.rate) == 0 && Double.compare(maxDt, s.maxDt) == 0
                && Double.compare(fixedDt, s.fixedDt) == 0 && fixedStepsPerFrame == s.fixedStepsPerFrame
                && frames == s.frames && startPaused == s.startPaused
                && quietPeriod.equals(s.quietPeriod) && maxDelay.equals(s.maxDelay)
                && stopFrameworkWhenDone == s.stopFrameworkWhenDone && frameWarnLimit.equals(s.frameWarnLimit)
                && stuckLimit.equals(s.stuckLimit) && saveDirectory.equals(s.saveDirectory)
                && autosaveInterval.equals(s.autosaveInterval) && saveOnStop == s.saveOnStop;
    }

    @Override
    public int hashCode() {
        return Objects.hash(mainSchedule, order, mode, rate, maxDt, fixedDt, fixedStepsPerFrame, frames, startPaused, quietPeriod, maxDelay,
                stopFrameworkWhenDone, frameWarnLimit, stuckLimit, saveDirectory, autosaveInterval, saveOnStop);
    }

    /** @return every setting by its key, e.g. {@code HostSettings[mainSchedule=main, order=[], mode=REAL_TIME, ...]} */
    @Override
    public String toString() {
        return "HostSettings[mainSchedule=" + mainSchedule + ", order=" + order + ", mode=" + mode + ", rate=" + rate
                + ", maxDt=" + maxDt + ", fixedDt=" + fixedDt + ", fixedSteps=" + fixedStepsPerFrame + ", frames=" + frames + ", startPaused=" + startPaused
                + ", quietMillis=" + quietPeriod.toMillis() + ", maxDelayMillis=" + maxDelay.toMillis()
                + ", stopFrameworkWhenDone=" + stopFrameworkWhenDone + ", frameWarnMillis=" + frameWarnLimit.toMillis()
                + ", stuckMillis=" + stuckLimit.toMillis() + ", saveDir=" + saveDirectory + ", autosaveSeconds="
                + autosaveInterval.toSeconds() + ", saveOnStop=" + saveOnStop + "]";
    }

    /**
     * Makes {@link HostSettings}; starts from {@link #defaults()} (or from the settings it was made
     * from). Not thread-safe: use it from one thread.
     *
     * @since 0.1
     */
    public static final class Builder {
        private static final String KEY = "orrery.host.";
        /** The slowest rate, frames per second: one frame in 1000 s. */
        static final double MIN_RATE = 0.001;
        /** The fastest paced rate, frames per second (fixed mode runs unpaced with rate 0). */
        static final double MAX_RATE = 10_000;
        /** The largest dt, seconds: an hour. */
        static final double MAX_SECONDS = 3600;
        /** The longest quiet period and rebuild delay: a minute. */
        static final Duration MAX_COALESCING = Duration.ofMinutes(1);
        /** The longest watchdog limits: an hour. */
        static final Duration MAX_WATCH = Duration.ofHours(1);
        /** The longest autosave interval: a day. */
        static final Duration MAX_AUTOSAVE = Duration.ofDays(1);

        private String mainSchedule = "main";
        private List<String> order = List.of();
        private FrameMode mode = FrameMode.REAL_TIME;
        private double rate = 60;
        private double maxDt = 0.1;
        private double fixedDt = 1.0 / 60;
        private int fixedStepsPerFrame;
        /** Whether {@link #fixedDt} / {@link #fixedStepsPerFrame} were set on this builder (not carried over). */
        private boolean fixedDtSet;
        private boolean fixedStepsSet;
        private long frames;
        private boolean startPaused;
        private Duration quietPeriod = Duration.ofMillis(50);
        private Duration maxDelay = Duration.ofMillis(1000);
        private boolean stopFrameworkWhenDone;
        private Duration frameWarnLimit = Duration.ofMillis(2000);
        private Duration stuckLimit = Duration.ofMillis(10_000);
        private Path saveDirectory = Path.of("saves");
        private Duration autosaveInterval = Duration.ZERO;
        private boolean saveOnStop;

        private Builder() {
        }

        private Builder(HostSettings s) {
            this.mainSchedule = s.mainSchedule;
            this.order = s.order;
            this.mode = s.mode;
            this.rate = s.rate;
            this.maxDt = s.maxDt;
            this.fixedDt = s.fixedDt;
            this.fixedStepsPerFrame = s.fixedStepsPerFrame;
            this.frames = s.frames;
            this.startPaused = s.startPaused;
            this.quietPeriod = s.quietPeriod;
            this.maxDelay = s.maxDelay;
            this.stopFrameworkWhenDone = s.stopFrameworkWhenDone;
            this.frameWarnLimit = s.frameWarnLimit;
            this.stuckLimit = s.stuckLimit;
            this.saveDirectory = s.saveDirectory;
            this.autosaveInterval = s.autosaveInterval;
            this.saveOnStop = s.saveOnStop;
        }

        /**
         * @param name the main schedule's name (key {@code mainSchedule}); checked by {@link #build()}
         * @return this builder
         * @throws NullPointerException if name is null
         */
        public Builder mainSchedule(String name) {
            this.mainSchedule = Objects.requireNonNull(name, "HostSettings.mainSchedule");
            return this;
        }

        /**
         * @param pluginNames the declared plugin order (key {@code order}); copied
         * @return this builder
         * @throws NullPointerException if the list or a name is null
         */
        public Builder order(List<String> pluginNames) {
            this.order = List.copyOf(pluginNames);
            return this;
        }

        /**
         * @param frameMode the frame mode (key {@code mode})
         * @return this builder
         * @throws NullPointerException if frameMode is null
         */
        public Builder mode(FrameMode frameMode) {
            this.mode = Objects.requireNonNull(frameMode, "HostSettings.mode");
            return this;
        }

        /**
         * @param framesPerSecond the rate (key {@code rate}); from 0.001 to 10000, or 0 in fixed mode for unpaced
         * @return this builder
         */
        public Builder rate(double framesPerSecond) {
            this.rate = framesPerSecond;
            return this;
        }

        /**
         * @param seconds the largest real-time dt (key {@code maxDt}); above 0, at most 3600
         * @return this builder
         */
        public Builder maxDt(double seconds) {
            this.maxDt = seconds;
            return this;
        }

        /**
         * @param seconds the fixed-mode dt (key {@code fixedDt}); from 0 to 3600, checked by
         *     {@link #build()}. Replaces a {@link #fixedStepsPerFrame} carried over from the settings
         *     this builder was made from; setting both on this builder is refused by {@link #build()}.
         * @return this builder
         */
        public Builder fixedDt(double seconds) {
            this.fixedDt = seconds;
            this.fixedDtSet = true;
            return this;
        }

        /**
         * Fixed mode without a dt in seconds: each frame's dt is exactly {@code steps} steps of
         * {@link FixedPhases#DEFAULT_CLOCK} ({@link HostSettings#fixedStepsDt}), so the ready-made
         * fixed phases run exactly {@code steps} times per frame. Real-time mode ignores it. Replaces a
         * {@code fixedDt} carried over from the settings this builder was made from; setting both on
         * this builder is refused by {@link #build()}.
         *
         * @param steps fixed steps per frame (key {@code fixedSteps}); from 1 to the default clock's
         *     maxStepsPerFrame (8)
         * @return this builder
         * @throws IllegalArgumentException if {@code steps} is out of range, in one line naming
         *     {@code orrery.host.fixedSteps}, the range and the value
         * @since 0.9
         */
        public Builder fixedStepsPerFrame(int steps) {
            int max = FixedPhases.DEFAULT_CLOCK.maxStepsPerFrame();
            check(steps >= 1 && steps <= max, "fixedSteps must be from 1 to " + max
                    + " (maxStepsPerFrame of the default fixed clock), got " + steps);
            this.fixedStepsPerFrame = steps;
            this.fixedStepsSet = true;
            return this;
        }

        /**
         * @param budget the fixed-mode frame budget (key {@code frames}); at least 0, 0 for none
         * @return this builder
         */
        public Builder frames(long budget) {
            this.frames = budget;
            return this;
        }

        /**
         * @param paused whether the simulation starts paused (key {@code startPaused})
         * @return this builder
         */
        public Builder startPaused(boolean paused) {
            this.startPaused = paused;
            return this;
        }

        /**
         * @param quiet the quiet period before a rebuild (key {@code quietMillis}); from 0 to a minute
         * @return this builder
         * @throws NullPointerException if quiet is null
         */
        public Builder quietPeriod(Duration quiet) {
            this.quietPeriod = Objects.requireNonNull(quiet, "HostSettings.quietPeriod");
            return this;
        }

        /**
         * @param delay the longest delay of a rebuild (key {@code maxDelayMillis}); from the quiet period to a minute
         * @return this builder
         * @throws NullPointerException if delay is null
         */
        public Builder maxDelay(Duration delay) {
            this.maxDelay = Objects.requireNonNull(delay, "HostSettings.maxDelay");
            return this;
        }

        /**
         * @param stop whether to stop the application after the frame budget or the frame thread's death
         *     (key {@code stopFrameworkWhenDone})
         * @return this builder
         */
        public Builder stopFrameworkWhenDone(boolean stop) {
            this.stopFrameworkWhenDone = stop;
            return this;
        }

        /**
         * @param limit frames longer than this are reported (key {@code frameWarnMillis}); not negative, at
         *     most an hour, {@link Duration#ZERO} for never
         * @return this builder
         * @throws NullPointerException if limit is null
         */
        public Builder frameWarnLimit(Duration limit) {
            this.frameWarnLimit = Objects.requireNonNull(limit, "HostSettings.frameWarnLimit");
            return this;
        }

        /**
         * @param limit a frame running longer than this marks the host stuck (key {@code stuckMillis});
         *     not negative, at most an hour, {@link Duration#ZERO} for never
         * @return this builder
         * @throws NullPointerException if limit is null
         */
        public Builder stuckLimit(Duration limit) {
            this.stuckLimit = Objects.requireNonNull(limit, "HostSettings.stuckLimit");
            return this;
        }

        /**
         * @param dir the folder of the host's save files (key {@code saveDir}); not empty
         * @return this builder
         * @throws NullPointerException if dir is null
         * @since 0.8
         */
        public Builder saveDirectory(Path dir) {
            this.saveDirectory = Objects.requireNonNull(dir, "HostSettings.saveDirectory");
            return this;
        }

        /**
         * @param interval frame time between two autosaves (key {@code autosaveSeconds}); whole seconds
         *     from 0 to a day, {@link Duration#ZERO} for none
         * @return this builder
         * @throws NullPointerException if interval is null
         * @since 0.8
         */
        public Builder autosaveInterval(Duration interval) {
            this.autosaveInterval = Objects.requireNonNull(interval, "HostSettings.autosaveInterval");
            return this;
        }

        /**
         * @param save whether an orderly stop saves the world first (key {@code saveOnStop})
         * @return this builder
         * @since 0.8
         */
        public Builder saveOnStop(boolean save) {
            this.saveOnStop = save;
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException with one line naming the setting by its framework property
         *     ({@code orrery.host.<key>}), what is allowed and the value given, e.g. {@code host
         *     configuration: orrery.host.rate must be > 0 (or 0 in fixed mode), got -1.0}; also when
         *     both {@link #fixedDt} and {@link #fixedStepsPerFrame} were set on this builder (naming
         *     both keys)
         */
        public HostSettings build() {
            check(!mainSchedule.isBlank(), "mainSchedule is missing or empty");
            check(rate == 0 ? mode == FrameMode.FIXED : rate >= MIN_RATE && rate <= MAX_RATE,
                    "rate must be > 0 (or 0 in fixed mode): a number of frames per second from " + MIN_RATE + " to "
                    + (long) MAX_RATE + ", got " + rate);
            check(maxDt > 0 && maxDt <= MAX_SECONDS, "maxDt must be a finite number > 0 and at most " + (long) MAX_SECONDS
                    + " seconds, got " + maxDt);
            check(fixedDt >= 0 && fixedDt <= MAX_SECONDS, "fixedDt must be a finite number >= 0 and at most "
                    + (long) MAX_SECONDS + " seconds, got " + fixedDt);
            check(!(fixedDtSet && fixedStepsSet), "fixedDt and " + KEY + "fixedSteps are both set (" + fixedDt + " s and "
                    + fixedStepsPerFrame + " steps); set one of them");
            check(frames >= 0, "frames must be >= 0, got " + frames);
            check(!quietPeriod.isNegative() && quietPeriod.compareTo(MAX_COALESCING) <= 0,
                    "quietMillis must be from 0 to " + MAX_COALESCING.toMillis() + ", got " + quietPeriod.toMillis());
            check(maxDelay.compareTo(quietPeriod) >= 0 && maxDelay.compareTo(MAX_COALESCING) <= 0,
                    "maxDelayMillis must be from quietMillis (" + quietPeriod.toMillis() + ") to " + MAX_COALESCING.toMillis()
                    + ", got " + maxDelay.toMillis());
            check(!frameWarnLimit.isNegative() && frameWarnLimit.compareTo(MAX_WATCH) <= 0,
                    "frameWarnMillis must be from 0 to " + MAX_WATCH.toMillis() + ", got " + frameWarnLimit.toMillis());
            check(!stuckLimit.isNegative() && stuckLimit.compareTo(MAX_WATCH) <= 0,
                    "stuckMillis must be from 0 to " + MAX_WATCH.toMillis() + ", got " + stuckLimit.toMillis());
            check(!saveDirectory.toString().isBlank(), "saveDir is empty");
            check(!autosaveInterval.isNegative() && autosaveInterval.compareTo(MAX_AUTOSAVE) <= 0
                    && autosaveInterval.toNanos() % 1_000_000_000L == 0, "autosaveSeconds must be a whole number from 0 to "
                    + MAX_AUTOSAVE.toSeconds() + ", got " + autosaveInterval.toMillis() / 1000.0);
            int steps = fixedDtSet ? 0 : fixedStepsPerFrame; // a fixedDt set here replaces carried-over steps
            return new HostSettings(this, steps > 0 ? fixedStepsDt(steps) : fixedDt, steps);
        }

        private static void check(boolean ok, String message) {
            if (!ok) {
                throw new IllegalArgumentException("host configuration: " + KEY + message);
            }
        }
    }
}
