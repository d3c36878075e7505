package dev.orrery.host;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One rebuild of one schedule, as swapped in at a frame boundary and logged in one line
 * ({@link #summary()}). Made with {@link #builder()}; immutable (the lists are immutable copies);
 * equal when every value is.
 *
 * @since 0.1
 */
public final class RebuildInfo {
    private final long sequence;
    private final String schedule;
    private final List<String> plugins;
    private final int systems;
    private final int phases;
    private final long buildNanos;
    private final List<String> joined;
    private final List<String> left;
    private final List<String> replaced;
    private final List<PluginStatus> excluded;
    private final boolean hooksChanged;
    private final Instant swappedIn;

    private RebuildInfo(Builder b) {
        this.sequence = b.sequence;
        this.schedule = Objects.requireNonNull(b.schedule, "RebuildInfo: schedule");
        this.plugins = List.copyOf(b.plugins);
        this.systems = b.systems;
        this.phases = b.phases;
        this.buildNanos = b.buildNanos;
        this.joined = List.copyOf(b.joined);
        this.left = List.copyOf(b.left);
        this.replaced = List.copyOf(b.replaced);
        this.excluded = List.copyOf(b.excluded);
        this.hooksChanged = b.hooksChanged;
        this.swappedIn = b.swappedIn;
    }

    /** @return a builder with empty lists, no hooks change and no swap time */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this rebuild's values */
    public Builder toBuilder() {
        return new Builder().sequence(sequence).schedule(schedule).plugins(plugins).systems(systems).phases(phases)
                .buildNanos(buildNanos).joined(joined).left(left).replaced(replaced).excluded(excluded)
                .hooksChanged(hooksChanged).swappedIn(swappedIn);
    }

    /**
     * @return the host-wide rebuild number this belongs to (one rebuild may rebuild several schedules;
     *     each gets a {@code RebuildInfo} with the same sequence)
     */
    public long sequence() {
        return sequence;
    }

    /** @return the schedule's name */
    public String schedule() {
        return schedule;
    }

    /** @return the names of the plugins in the new schedule, in schedule order */
    public List<String> plugins() {
        return plugins;
    }

    /** @return the number of systems in the new schedule */
    public int systems() {
        return systems;
    }

    /** @return the number of phases in the new schedule (builtin, custom and manual) */
    public int phases() {
        return phases;
    }

    /** @return time spent building, exclusions and retries included, in nanoseconds */
    public long buildNanos() {
        return buildNanos;
    }

    /** @return plugins that are in the new schedule and were not in the previous one */
    public List<String> joined() {
        return joined;
    }

    /** @return plugins that were in the previous schedule and are not in the new one */
    public List<String> left() {
        return left;
    }

    /** @return plugins in both whose service object changed (a bundle update) */
    public List<String> replaced() {
        return replaced;
    }

    /** @return plugins of this schedule left out, with the reason */
    public List<PluginStatus> excluded() {
        return excluded;
    }

    /**
     * @return whether the set of {@code ScheduleHooks} services built into the schedule changed. The
     *     Orrery host never rebuilds for observers (it swaps them in and out at frame boundaries), so
     *     its rebuilds say false; a {@code GameHost} that builds observers into its schedules may say true
     */
    public boolean hooksChanged() {
        return hooksChanged;
    }

    /**
     * @return when the frame loop swapped the new schedule in (at a frame boundary); every
     *     {@code RebuildInfo} from {@link GameHost#rebuilds()} has it; null only for a rebuild not swapped
     *     in yet
     */
    public Instant swappedIn() {
        return swappedIn;
    }

    /**
     * @param at when the schedule was swapped in; not null
     * @return a copy with {@link #swappedIn()} set
     * @throws NullPointerException if at is null
     */
    public RebuildInfo withSwappedIn(Instant at) {
        return toBuilder().swappedIn(Objects.requireNonNull(at, "RebuildInfo.withSwappedIn: at")).build();
    }

    /**
     * @return the log line: schedule name, plugins, systems, phases, build time, what joined, left,
     *     was replaced and was excluded, and whether the hooks changed (the swap time is not in it: the
     *     log line has its own)
     */
    public String summary() {
        String base = String.format(Locale.ROOT,
                "schedule '%s' rebuilt (#%d) in %.2f ms: plugins %s, %d systems, %d phases; joined %s; left %s",
                schedule, sequence, buildNanos / 1e6, plugins, systems, phases, joined, left);
        if (!replaced.isEmpty()) {
            base += "; replaced " + replaced;
        }
        if (hooksChanged) {
            base += "; hooks changed";
        }
        if (!excluded.isEmpty()) {
            base += "; left out " + excluded.stream()
                    .map(p -> p.name() + " (" + p.state().name().toLowerCase(Locale.ROOT) + ": " + p.reason() + ")")
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        return base;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RebuildInfo r && sequence == r.sequence && schedule.equals(r.schedule)
                && plugins.equals(r.plugins) && systems == r.systems && phases == r.phases && buildNanos == r.buildNanos
                && joined.equals(r.joined) && left.equals(r.left) && replaced.equals(r.replaced)
                && excluded.equals(r.excluded) && hooksChanged == r.hooksChanged && Objects.equals(swappedIn, r.swappedIn);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sequence, schedule, plugins, systems, phases, buildNanos, joined, left, replaced, excluded,
                hooksChanged, swappedIn);
    }

    /** @return {@link #summary()} */
    @Override
    public String toString() {
        return summary();
    }

    /**
     * Makes {@link RebuildInfo}; not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private long sequence;
        private String schedule;
        private List<String> plugins = List.of();
        private int systems;
        private int phases;
        private long buildNanos;
        private List<String> joined = List.of();
        private List<String> left = List.of();
        private List<String> replaced = List.of();
        private List<PluginStatus> excluded = List.of();
        private boolean hooksChanged;
        private Instant swappedIn;

        private Builder() {
        }

        /**
         * @param number see {@link RebuildInfo#sequence()}
         * @return this builder
         */
        public Builder sequence(long number) {
            this.sequence = number;
            return this;
        }

        /**
         * @param name see {@link RebuildInfo#schedule()}
         * @return this builder
         */
        public Builder schedule(String name) {
            this.schedule = name;
            return this;
        }

        /**
         * @param names see {@link RebuildInfo#plugins()}; copied at {@link #build()}
         * @return this builder
         */
        public Builder plugins(List<String> names) {
            this.plugins = names;
            return this;
        }

        /**
         * @param count see {@link RebuildInfo#systems()}
         * @return this builder
         */
        public Builder systems(int count) {
            this.systems = count;
            return this;
        }

        /**
         * @param count see {@link RebuildInfo#phases()}
         * @return this builder
         */
        public Builder phases(int count) {
            this.phases = count;
            return this;
        }

        /**
         * @param nanos see {@link RebuildInfo#buildNanos()}
         * @return this builder
         */
        public Builder buildNanos(long nanos) {
            this.buildNanos = nanos;
            return this;
        }

        /**
         * @param names see {@link RebuildInfo#joined()}; copied at {@link #build()}
         * @return this builder
         */
        public Builder joined(List<String> names) {
            this.joined = names;
            return this;
        }

        /**
         * @param names see {@link RebuildInfo#left()}; copied at {@link #build()}
         * @return this builder
         */
        public Builder left(List<String> names) {
            this.left = names;
            return this;
        }

        /**
         * @param names see {@link RebuildInfo#replaced()}; copied at {@link #build()}
         * @return this builder
         */
        public Builder replaced(List<String> names) {
            this.replaced = names;
            return this;
        }

        /**
         * @param statuses see {@link RebuildInfo#excluded()}; copied at {@link #build()}
         * @return this builder
         */
        public Builder excluded(List<PluginStatus> statuses) {
            this.excluded = statuses;
            return this;
        }

        /**
         * @param changed see {@link RebuildInfo#hooksChanged()}
         * @return this builder
         */
        public Builder hooksChanged(boolean changed) {
            this.hooksChanged = changed;
            return this;
        }

        /**
         * @param at see {@link RebuildInfo#swappedIn()}; null (the default) while not swapped in
         * @return this builder
         */
        public Builder swappedIn(Instant at) {
            this.swappedIn = at;
            return this;
        }

        /**
         * @return the rebuild record
         * @throws NullPointerException when the schedule, a list or an element of one is missing
         */
        public RebuildInfo build() {
            return new RebuildInfo(this);
        }
    }
}
