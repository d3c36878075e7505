package dev.orrery.host;

import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot of the host's frame loop: its run state, frame mode, frame count and last fault. Made
 * with {@link #builder()}; immutable; equal when every value is.
 *
 * @since 0.1
 */
public final class HostStatus {
    private final RunState state;
    private final FrameMode mode;
    private final long frames;
    private final SystemFault lastFault;
    private final StuckFrame stuck;
    private final ParkedFrame parked;

    private HostStatus(Builder b) {
        this.state = Objects.requireNonNull(b.state, "HostStatus: state");
        this.mode = Objects.requireNonNull(b.mode, "HostStatus: mode");
        this.frames = b.frames;
        this.lastFault = b.lastFault;
        this.stuck = b.stuck;
        this.parked = b.parked;
        if ((state == RunState.STUCK) != (stuck != null)) {
            throw new IllegalArgumentException("HostStatus: a stuck frame is named exactly in state STUCK, got state "
                    + state + " and " + stuck);
        }
        if ((state == RunState.PARKED) != (parked != null)) {
            throw new IllegalArgumentException("HostStatus: a parked frame is named exactly in state PARKED, got state "
                    + state + " and " + parked);
        }
    }

    /** @return a builder with no fault and no frames */
    public static Builder builder() {
        return new Builder();
    }

    /** @return running, paused, stuck, parked or stopped */
    public RunState state() {
        return state;
    }

    /** @return the frame mode in force */
    public FrameMode mode() {
        return mode;
    }

    /** @return the number of frames run so far (a frame counts when the main schedule ran or threw) */
    public long frames() {
        return frames;
    }

    /**
     * @return the most recent system fault, kept after {@link GameHost#resume()} until the next fault
     *     replaces it; null for none (see {@link #fault()})
     */
    public SystemFault lastFault() {
        return lastFault;
    }

    /** @return the most recent system fault, if any */
    public Optional<SystemFault> fault() {
        return Optional.ofNullable(lastFault);
    }

    /** @return the frame that has not returned, with what runs in it, exactly when the state is {@link RunState#STUCK} */
    public Optional<StuckFrame> stuck() {
        return Optional.ofNullable(stuck);
    }

    /**
     * @return the frame whose world update waits in {@code Cooperative.await}, with where and on what,
     *     exactly when the state is {@link RunState#PARKED}
     */
    public Optional<ParkedFrame> parked() {
        return Optional.ofNullable(parked);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HostStatus s && state == s.state && mode == s.mode && frames == s.frames
                && Objects.equals(lastFault, s.lastFault) && Objects.equals(stuck, s.stuck)
                && Objects.equals(parked, s.parked);
    }

    @Override
    public int hashCode() {
        return Objects.hash(state, mode, frames, lastFault, stuck, parked);
    }

    /**
     * @return every value, e.g. {@code HostStatus[state=PAUSED, mode=FIXED, frames=12, lastFault=null]}, with
     *     {@code , stuck=...} at the end when stuck, {@code , parked=...} when parked
     */
    @Override
    public String toString() {
        return "HostStatus[state=" + state + ", mode=" + mode + ", frames=" + frames + ", lastFault=" + lastFault
                + (stuck == null ? "" : ", stuck=" + stuck) + (parked == null ? "" : ", parked=" + parked.describe()) + "]";
    }

    /**
     * Makes {@link HostStatus}; not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private RunState state;
        private FrameMode mode;
        private long frames;
        private SystemFault lastFault;
        private StuckFrame stuck;
        private ParkedFrame parked;

        private Builder() {
        }

        /**
         * @param runState see {@link HostStatus#state()}
         * @return this builder
         */
        public Builder state(RunState runState) {
            this.state = runState;
            return this;
        }

        /**
         * @param frameMode see {@link HostStatus#mode()}
         * @return this builder
         */
        public Builder mode(FrameMode frameMode) {
            this.mode = frameMode;
            return this;
        }

        /**
         * @param count see {@link HostStatus#frames()}
         * @return this builder
         */
        public Builder frames(long count) {
            this.frames = count;
            return this;
        }

        /**
         * @param fault see {@link HostStatus#lastFault()}; null (the default) for none
         * @return this builder
         */
        public Builder lastFault(SystemFault fault) {
            this.lastFault = fault;
            return this;
        }

        /**
         * @param frame see {@link HostStatus#stuck()}; null (the default) when not stuck
         * @return this builder
         */
        public Builder stuck(StuckFrame frame) {
            this.stuck = frame;
            return this;
        }

        /**
         * @param frame see {@link HostStatus#parked()}; null (the default) when not parked
         * @return this builder
         */
        public Builder parked(ParkedFrame frame) {
            this.parked = frame;
            return this;
        }

        /**
         * @return the status
         * @throws NullPointerException naming the value when the state or the mode is missing
         * @throws IllegalArgumentException when the state is {@link RunState#STUCK} without a stuck frame, or
         *     another state with one; the same for {@link RunState#PARKED} and a parked frame
         */
        public HostStatus build() {
            return new HostStatus(this);
        }
    }
}
