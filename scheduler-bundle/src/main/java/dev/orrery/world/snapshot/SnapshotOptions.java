package dev.orrery.world.snapshot;

import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How {@link WorldSnapshot} writes and reads: the encoding, the plugin manifest the header lists,
 * the trait definitions a restore decodes with (besides the persistent traits the world already
 * knows) and the name messages give the input.
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 *
 * @since 0.4
 */
public final class SnapshotOptions {
    private static final SnapshotOptions DEFAULTS = builder().build();

    private final SnapshotFormat format;
    private final List<PluginEntry> plugins;
    private final List<Trait<?>> traits;
    private final String source;

    private SnapshotOptions(Builder b) {
        this.format = b.format;
        this.plugins = List.copyOf(b.plugins);
        this.traits = List.copyOf(b.traits);
        this.source = b.source;
    }

    /** @return JSON, no plugins, no extra traits, source {@code "snapshot"} */
    public static SnapshotOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder with the {@link #defaults()} */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the encoding a save writes (a restore reads whichever the input has) */
    public SnapshotFormat format() {
        return format;
    }

    /** @return the plugin manifest a save writes into the header */
    public List<PluginEntry> plugins() {
        return plugins;
    }

    /**
     * @return persistent trait definitions a restore or rehydration decodes with, before those the
     *     world knows ({@link dev.orrery.world.World#knownTraits()})
     */
    public List<Trait<?>> traits() {
        return traits;
    }

    /** @return the input's name in messages (a file name) */
    public String source() {
        return source;
    }

    /** Builds {@link SnapshotOptions}; not thread-safe. */
    public static final class Builder {
        private SnapshotFormat format = SnapshotFormat.JSON;
        private final List<PluginEntry> plugins = new ArrayList<>();
        private final List<Trait<?>> traits = new ArrayList<>();
        private String source = "snapshot";

        private Builder() {
        }

        /**
         * @param format the encoding; not null
         * @return this builder
         */
        public Builder format(SnapshotFormat format) {
            this.format = Objects.requireNonNull(format, "SnapshotOptions: format is null");
            return this;
        }

        /**
         * @param name a plugin name; not null
         * @param version its version; not null
         * @return this builder
         */
        public Builder plugin(String name, String version) {
            plugins.add(new PluginEntry(name, version));
            return this;
        }

        /**
         * @param definitions persistent traits to decode with; non-persistent ones are rejected
         * @return this builder
         * @throws IllegalArgumentException if a trait is not persistent; the message names it
         */
        public Builder traits(Trait<?>... definitions) {
            for (Trait<?> t : definitions) {
                if (!Objects.requireNonNull(t, "SnapshotOptions: a trait is null").isPersistent()) {
                    throw new IllegalArgumentException("SnapshotOptions: trait '" + t.name() + "' is not persistent");
                }
                traits.add(t);
            }
            return this;
        }

        /**
         * @param name the input's name for messages; not null
         * @return this builder
         */
        public Builder source(String name) {
            this.source = Objects.requireNonNull(name, "SnapshotOptions: source is null");
            return this;
        }

        /** @return the options */
        public SnapshotOptions build() {
            return new SnapshotOptions(this);
        }
    }
}
