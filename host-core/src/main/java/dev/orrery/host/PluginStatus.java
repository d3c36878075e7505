package dev.orrery.host;

import java.util.Objects;

/**
 * What the host did with one {@code Plugin} service at its last rebuild: active, waiting or excluded,
 * and why; or a plugin bundle that could not be loaded at all (unresolved), and what it misses. Made with {@link #builder()}; immutable; equal when every value is.
 *
 * @since 0.1
 */
public final class PluginStatus {
    private final String name;
    private final String schedule;
    private final String bundle;
    private final long serviceId;
    private final PluginState state;
    private final String reason;

    private PluginStatus(Builder b) {
        this.name = Objects.requireNonNull(b.name, "PluginStatus: name");
        this.schedule = Objects.requireNonNull(b.schedule, "PluginStatus: schedule");
        this.bundle = Objects.requireNonNull(b.bundle, "PluginStatus: bundle");
        this.serviceId = b.serviceId;
        this.state = Objects.requireNonNull(b.state, "PluginStatus: state");
        this.reason = Objects.requireNonNull(b.reason, "PluginStatus: reason");
    }

    /** @return a builder with no values but an empty reason */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this status's values */
    public Builder toBuilder() {
        return new Builder().name(name).schedule(schedule).bundle(bundle).serviceId(serviceId).state(state)
                .reason(reason);
    }

    /** @return the plugin's name ({@code Plugin.name()}) */
    public String name() {
        return name;
    }

    /** @return the schedule it belongs to (service property {@code orrery.schedule}, or the main schedule) */
    public String schedule() {
        return schedule;
    }

    /**
     * @return the providing bundle as {@code symbolicName/version} (JPMS mode: the plugin's module as the
     *     front end names it, e.g. {@code name/version})
     */
    public String bundle() {
        return bundle;
    }

    /**
     * @return the service's {@code service.id} (JPMS mode: the id the front end gave the plugin provider;
     *     unique for the life of the host); 0 for an {@link PluginState#UNRESOLVED} bundle, which has no service
     */
    public long serviceId() {
        return serviceId;
    }

    /** @return active, waiting, excluded or unresolved */
    public PluginState state() {
        return state;
    }

    /** @return why it is waiting or excluded, taken from the build problems that named it; empty when active */
    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PluginStatus p && name.equals(p.name) && schedule.equals(p.schedule) && bundle.equals(p.bundle)
                && serviceId == p.serviceId && state == p.state && reason.equals(p.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, schedule, bundle, serviceId, state, reason);
    }

    /** @return one line, e.g. {@code plugin 'dnd' (demo.dnd/1.0.0) in schedule 'main': WAITING (unknown phase ...)} */
    @Override
    public String toString() {
        return "plugin '" + name + "' (" + bundle + ") in schedule '" + schedule + "': " + state
                + (reason.isEmpty() ? "" : " (" + reason + ")");
    }

    /**
     * Makes {@link PluginStatus}; not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private String name;
        private String schedule;
        private String bundle;
        private long serviceId;
        private PluginState state;
        private String reason = "";

        private Builder() {
        }

        /**
         * @param pluginName see {@link PluginStatus#name()}
         * @return this builder
         */
        public Builder name(String pluginName) {
            this.name = pluginName;
            return this;
        }

        /**
         * @param scheduleName see {@link PluginStatus#schedule()}
         * @return this builder
         */
        public Builder schedule(String scheduleName) {
            this.schedule = scheduleName;
            return this;
        }

        /**
         * @param origin see {@link PluginStatus#bundle()}
         * @return this builder
         */
        public Builder bundle(String origin) {
            this.bundle = origin;
            return this;
        }

        /**
         * @param id see {@link PluginStatus#serviceId()}
         * @return this builder
         */
        public Builder serviceId(long id) {
            this.serviceId = id;
            return this;
        }

        /**
         * @param pluginState see {@link PluginStatus#state()}
         * @return this builder
         */
        public Builder state(PluginState pluginState) {
            this.state = pluginState;
            return this;
        }

        /**
         * @param why see {@link PluginStatus#reason()}; empty by default
         * @return this builder
         */
        public Builder reason(String why) {
            this.reason = why;
            return this;
        }

        /**
         * @return the status
         * @throws NullPointerException naming the value when the name, schedule, bundle, state or reason
         *     is missing
         */
        public PluginStatus build() {
            return new PluginStatus(this);
        }
    }
}
