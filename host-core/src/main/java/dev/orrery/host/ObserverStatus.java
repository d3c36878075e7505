package dev.orrery.host;

import java.util.Objects;

/**
 * One tracked observer: a {@code dev.orrery.schedule.ScheduleHooks} service the host calls around the
 * systems of its schedules. Made with {@link #builder()}; immutable; equal when every value is.
 *
 * <p>An observer that throws from {@code beforeSystem}, {@code afterSystem} or {@code onSkip} is
 * quarantined: the host never calls it again (until its service is registered anew), logs one line
 * naming the service and its bundle, and the game goes on; no system is blamed and the simulation is
 * not paused. A {@code VirtualMachineError} other than {@code StackOverflowError} is not contained.
 *
 * @since 0.1
 */
public final class ObserverStatus {
    private final long serviceId;
    private final String bundle;
    private final String schedule;
    private final boolean quarantined;
    private final String reason;

    private ObserverStatus(Builder b) {
        this.serviceId = b.serviceId;
        this.bundle = Objects.requireNonNull(b.bundle, "ObserverStatus: bundle");
        this.schedule = b.schedule;
        this.quarantined = b.quarantined;
        this.reason = Objects.requireNonNull(b.reason, "ObserverStatus: reason");
    }

    /** @return a builder: not quarantined, every schedule, an empty reason */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the service id */
    public long serviceId() {
        return serviceId;
    }

    /** @return the providing bundle as {@code symbolicName/version} (JPMS mode: its module, as the front end names it) */
    public String bundle() {
        return bundle;
    }

    /** @return the schedule it observes, or null when it observes every schedule */
    public String schedule() {
        return schedule;
    }

    /** @return whether the host stopped calling it */
    public boolean quarantined() {
        return quarantined;
    }

    /** @return why it was quarantined (which callback threw what, in which system), or the empty string */
    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ObserverStatus s && serviceId == s.serviceId && bundle.equals(s.bundle)
                && Objects.equals(schedule, s.schedule) && quarantined == s.quarantined && reason.equals(s.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(serviceId, bundle, schedule, quarantined, reason);
    }

    /** @return every value, e.g. {@code ObserverStatus[serviceId=12, bundle=a/1.0, schedule=null, quarantined=false, reason=]} */
    @Override
    public String toString() {
        return "ObserverStatus[serviceId=" + serviceId + ", bundle=" + bundle + ", schedule=" + schedule
                + ", quarantined=" + quarantined + ", reason=" + reason + "]";
    }

    /**
     * Makes {@link ObserverStatus}; not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private long serviceId;
        private String bundle;
        private String schedule;
        private boolean quarantined;
        private String reason = "";

        private Builder() {
        }

        /**
         * @param id see {@link ObserverStatus#serviceId()}
         * @return this builder
         */
        public Builder serviceId(long id) {
            this.serviceId = id;
            return this;
        }

        /**
         * @param origin see {@link ObserverStatus#bundle()}
         * @return this builder
         */
        public Builder bundle(String origin) {
            this.bundle = origin;
            return this;
        }

        /**
         * @param scheduleName see {@link ObserverStatus#schedule()}; null (the default) for every schedule
         * @return this builder
         */
        public Builder schedule(String scheduleName) {
            this.schedule = scheduleName;
            return this;
        }

        /**
         * @param stopped see {@link ObserverStatus#quarantined()}
         * @return this builder
         */
        public Builder quarantined(boolean stopped) {
            this.quarantined = stopped;
            return this;
        }

        /**
         * @param why see {@link ObserverStatus#reason()}; empty by default
         * @return this builder
         */
        public Builder reason(String why) {
            this.reason = why;
            return this;
        }

        /**
         * @return the status
         * @throws NullPointerException naming the value when the bundle or the reason is missing
         */
        public ObserverStatus build() {
            return new ObserverStatus(this);
        }
    }
}
