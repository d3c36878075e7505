package dev.orrery.host;

import dev.orrery.schedule.RunFailure;
import java.util.Objects;
import java.util.Optional;

/**
 * A system, one of its run conditions or one of its lifecycle functions threw while the host ran a
 * schedule or disposed systems ({@link Kind#SYSTEM}), or the frame thread itself died
 * ({@link Kind#FRAME_THREAD}). For a system's fault the host pauses the simulation (a dispose fault
 * excepted) and keeps the fault for devtools; it keeps no reference to the exception itself, so the
 * classes of the plugin's bundle stay collectable. An observer ({@code ScheduleHooks} service) that
 * throws is not a system fault: it is quarantined instead (see {@link GameHost#observers()}).
 *
 * <p>What the host could not name is empty, never a placeholder: a throwable that escaped a schedule
 * outside any system's turn names no system, plugin or stage. Made with {@link #builder(Kind)};
 * immutable; equal when every value is.
 *
 * @since 0.1
 */
public final class SystemFault {
    /** What failed. */
    public enum Kind {
        /**
         * A system's turn threw and the host contained it: its run function, its run condition, the
         * condition of one of its sets, a hook called for it, or its init or dispose function
         * ({@link SystemFault#stage()} says which, when known).
         */
        SYSTEM,
        /**
         * The frame thread died (an {@code OutOfMemoryError} or another {@code VirtualMachineError}
         * other than {@code StackOverflowError}): the host is stopped. The system named, if any, is the
         * one that was running.
         */
        FRAME_THREAD
    }

    private final Kind kind;
    private final String schedule;
    private final String system;
    private final String plugin;
    private final RunFailure.Stage stage;
    private final String set;
    private final long frame;
    private final String errorType;
    private final String message;
    private final String stackTrace;

    private SystemFault(Builder b) {
        this.kind = b.kind;
        this.schedule = b.schedule;
        this.system = b.system;
        this.plugin = b.plugin;
        this.stage = b.stage;
        this.set = b.set;
        this.frame = b.frame;
        this.errorType = Objects.requireNonNull(b.errorType, "SystemFault: errorType");
        this.message = Objects.requireNonNull(b.message, "SystemFault: message");
        this.stackTrace = Objects.requireNonNull(b.stackTrace, "SystemFault: stackTrace");
        if ((stage == RunFailure.Stage.SET_CONDITION) != (set != null)) {
            throw new IllegalArgumentException("SystemFault: a set is named exactly for stage SET_CONDITION, got stage "
                    + stage + " and set " + set);
        }
    }

    /**
     * @param kind what failed
     * @return a builder of a fault of that kind, naming nothing yet, frame 0, an empty message and trace
     * @throws NullPointerException if kind is null
     */
    public static Builder builder(Kind kind) {
        return new Builder(Objects.requireNonNull(kind, "SystemFault.builder: kind"));
    }

    /** @return what failed: a system's turn, or the frame thread */
    public Kind kind() {
        return kind;
    }

    /**
     * @return the schedule that was running (the innermost one, when a system steps another schedule);
     *     empty when none was (the frame thread died before a main schedule was installed)
     */
    public Optional<String> schedule() {
        return Optional.ofNullable(schedule);
    }

    /**
     * @return the system that threw or whose condition threw (or that was running), if known; for
     *     stage {@code OBSERVER}, the observer that threw
     */
    public Optional<String> system() {
        return Optional.ofNullable(system);
    }

    /**
     * @return the plugin that declared that system (its schedule's name when the schedule declared it),
     *     if known
     */
    public Optional<String> plugin() {
        return Optional.ofNullable(plugin);
    }

    /**
     * @return where in the system's turn it threw, in the scheduler's terms: {@code RUN},
     *     {@code CONDITION}, {@code SET_CONDITION} ({@link #set()} names the set), a hook stage,
     *     {@code INIT} (run on the frame thread before the system's phase first executes; the simulation
     *     pauses as for a run fault) or {@code DISPOSE} (when the system left at a swap or the host
     *     stopped; the host logs it and goes on); empty when not known
     */
    public Optional<RunFailure.Stage> stage() {
        return Optional.ofNullable(stage);
    }

    /** @return for stage {@code SET_CONDITION}, the set whose run condition threw; empty otherwise */
    public Optional<String> set() {
        return Optional.ofNullable(set);
    }

    /** @return the number of the frame in which it happened (frames count from 1) */
    public long frame() {
        return frame;
    }

    /** @return the exception's class name */
    public String errorType() {
        return errorType;
    }

    /** @return the exception's message, or the empty string */
    public String message() {
        return message;
    }

    /** @return the exception's full stack trace as text */
    public String stackTrace() {
        return stackTrace;
    }

    /**
     * @return the stage in words, for reports: {@code frame thread} for {@link Kind#FRAME_THREAD}; else
     *     {@code run}, {@code condition}, {@code set condition 'X'}, {@code hook beforeSystem},
     *     {@code hook afterSystem}, {@code hook onSkip}, {@code init}, {@code dispose}, {@code observer}, or
     *     {@code unknown}
     */
    public String stageText() {
        if (kind == Kind.FRAME_THREAD) {
            return "frame thread";
        }
        if (stage == null) {
            return "unknown";
        }
        return switch (stage) {
            case RUN -> "run";
            case CONDITION -> "condition";
            case SET_CONDITION -> "set condition '" + set + "'";
            case HOOK_BEFORE -> "hook beforeSystem";
            case HOOK_AFTER -> "hook afterSystem";
            case HOOK_SKIP -> "hook onSkip";
            case INIT -> "init";
            case DISPOSE -> "dispose";
            case OBSERVER -> "observer";
        };
    }

    /**
     * @return one line: what threw (the system, its condition or set condition, or the frame thread),
     *     plugin, schedule, frame and the error, e.g. {@code system 'game/move' of plugin 'game' in
     *     schedule 'main' threw java.lang.IllegalStateException: boom in frame 12}
     */
    public String describe() {
        String what;
        if (kind == Kind.FRAME_THREAD) {
            String where = schedule == null ? "" : " (schedule '" + schedule + "'" + (system == null ? ""
                    : ", system '" + system + "' of plugin '" + plugin + "'") + ")";
            what = "the frame thread" + where + " died of ";
        } else if (system == null) {
            what = (schedule == null ? "a schedule" : "schedule '" + schedule + "'") + " threw ";
        } else if (stage == RunFailure.Stage.OBSERVER) {
            what = "observer '" + system + "' of plugin '" + plugin + "' in schedule '" + schedule + "' threw ";
        } else {
            String part = stage == null || stage == RunFailure.Stage.RUN ? "" : "the " + stageText() + " of ";
            what = part + "system '" + system + "' of plugin '" + plugin + "' in schedule '" + schedule + "' threw ";
        }
        return what + errorType + (message.isEmpty() ? "" : ": " + message) + " in frame " + frame;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SystemFault f && kind == f.kind && Objects.equals(schedule, f.schedule)
                && Objects.equals(system, f.system) && Objects.equals(plugin, f.plugin) && stage == f.stage
                && Objects.equals(set, f.set) && frame == f.frame && errorType.equals(f.errorType)
                && message.equals(f.message) && stackTrace.equals(f.stackTrace);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, schedule, system, plugin, stage, set, frame, errorType, message, stackTrace);
    }

    /** @return {@link #describe()} */
    @Override
    public String toString() {
        return describe();
    }

    /**
     * Makes {@link SystemFault}; not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private final Kind kind;
        private String schedule;
        private String system;
        private String plugin;
        private RunFailure.Stage stage;
        private String set;
        private long frame;
        private String errorType;
        private String message = "";
        private String stackTrace = "";

        private Builder(Kind kind) {
            this.kind = kind;
        }

        /**
         * @param name see {@link SystemFault#schedule()}; null for none
         * @return this builder
         */
        public Builder schedule(String name) {
            this.schedule = name;
            return this;
        }

        /**
         * @param systemName see {@link SystemFault#system()}; null for unknown
         * @param pluginName see {@link SystemFault#plugin()}; null for unknown
         * @return this builder
         */
        public Builder system(String systemName, String pluginName) {
            this.system = systemName;
            this.plugin = pluginName;
            return this;
        }

        /**
         * @param where see {@link SystemFault#stage()}; null for unknown
         * @param setName see {@link SystemFault#set()}: the set, for {@code SET_CONDITION} only, else null
         * @return this builder
         */
        public Builder stage(RunFailure.Stage where, String setName) {
            this.stage = where;
            this.set = setName;
            return this;
        }

        /**
         * @param number see {@link SystemFault#frame()}
         * @return this builder
         */
        public Builder frame(long number) {
            this.frame = number;
            return this;
        }

        /**
         * @param type see {@link SystemFault#errorType()}
         * @param text see {@link SystemFault#message()}; null for none
         * @param trace see {@link SystemFault#stackTrace()}
         * @return this builder
         */
        public Builder error(String type, String text, String trace) {
            this.errorType = type;
            this.message = text == null ? "" : text;
            this.stackTrace = trace;
            return this;
        }

        /**
         * @return the fault
         * @throws NullPointerException if the error type or the trace is missing
         * @throws IllegalArgumentException if a set is named for a stage other than {@code SET_CONDITION},
         *     or none for that stage
         */
        public SystemFault build() {
            return new SystemFault(this);
        }
    }
}
