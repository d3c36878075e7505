package dev.orrery.testkit.paxexam;

import java.io.File;
import java.util.Objects;

/**
 * The knobs of {@link OrreryOptions#platform(PlatformOptions)}: an immutable value, made with
 * {@link #builder()}; {@link #defaults()} is what {@link OrreryOptions#platform()} uses.
 *
 * <pre>{@code
 * OrreryOptions.platform(PlatformOptions.builder()
 *         .rebuildCoalescing(150, 1000)   // the host's quiet period and longest delay, ms
 *         .prefabs(false)                 // no prefab bundle: the main schedule has only your plugins
 *         .frameworkEventsLogLevel("AUDIT")
 *         .watchedFolder(dir)             // Felix FileInstall watches dir, as bin/orrery's plugins/
 *         .build())
 * }</pre>
 *
 * <p>Beyond the spec (Orrery's own): test set-up only.
 *
 * @since 0.1
 */
public final class PlatformOptions {
    private static final PlatformOptions DEFAULTS = builder().build();

    private final long quietMillis;
    private final long maxDelayMillis;
    private final boolean prefabs;
    private final String frameworkEventsLogLevel;
    private final File watchedFolder;

    private PlatformOptions(Builder b) {
        this.quietMillis = b.quietMillis;
        this.maxDelayMillis = b.maxDelayMillis;
        this.prefabs = b.prefabs;
        this.frameworkEventsLogLevel = b.frameworkEventsLogLevel;
        this.watchedFolder = b.watchedFolder;
    }

    /** @return the defaults: rebuilds coalesce over 50 ms (at most 500 ms), prefabs installed, no watched folder */
    public static PlatformOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder starting from {@link #defaults()} */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the host's quiet period before a rebuild, ms (framework property {@code orrery.host.quietMillis}) */
    public long quietMillis() {
        return quietMillis;
    }

    /** @return the longest a rebuild waits for quiet, ms (framework property {@code orrery.host.maxDelayMillis}) */
    public long maxDelayMillis() {
        return maxDelayMillis;
    }

    /** @return whether the prefab bundle is installed (its {@code prefab} plugin joins the main schedule) */
    public boolean prefabs() {
        return prefabs;
    }

    /**
     * @return pax-logging's level for framework events ({@code org.ops4j.pax.logging.service.frameworkEventsLogLevel}),
     *     or null to leave pax-logging's default
     */
    public String frameworkEventsLogLevel() {
        return frameworkEventsLogLevel;
    }

    /** @return the folder Felix FileInstall watches, or null for no FileInstall */
    public File watchedFolder() {
        return watchedFolder;
    }

    /** Makes {@link PlatformOptions}; not thread-safe, use it from one thread. */
    public static final class Builder {
        private long quietMillis = 50;
        private long maxDelayMillis = 500;
        private boolean prefabs = true;
        private String frameworkEventsLogLevel;
        private File watchedFolder;

        private Builder() {
        }

        /**
         * @param quietMillis the host's quiet period before a rebuild, ms; at least 0
         * @param maxDelayMillis the longest a rebuild waits for quiet, ms; at least {@code quietMillis}
         * @return this builder
         * @throws IllegalArgumentException if quietMillis is negative or maxDelayMillis is smaller
         */
        public Builder rebuildCoalescing(long quietMillis, long maxDelayMillis) {
            if (quietMillis < 0 || maxDelayMillis < quietMillis) {
                throw new IllegalArgumentException("PlatformOptions.rebuildCoalescing: need 0 <= quietMillis <="
                        + " maxDelayMillis, got " + quietMillis + " and " + maxDelayMillis);
            }
            this.quietMillis = quietMillis;
            this.maxDelayMillis = maxDelayMillis;
            return this;
        }

        /**
         * @param install whether to install the prefab bundle (default true); without it the main
         *     schedule holds only the plugins the test installs
         * @return this builder
         */
        public Builder prefabs(boolean install) {
            this.prefabs = install;
            return this;
        }

        /**
         * Sets pax-logging's level for framework events. {@code "AUDIT"} keeps the framework's ERROR
         * events (a component whose activate throws, on purpose) from being printed with their stack
         * traces some time after the event, when a test's capture of the console has already closed.
         *
         * @param level a pax-logging level name: {@code AUDIT}, {@code ERROR}, {@code WARN}, {@code INFO},
         *     {@code DEBUG}, {@code TRACE}, {@code DISABLED}
         * @return this builder
         * @throws NullPointerException if level is null
         */
        public Builder frameworkEventsLogLevel(String level) {
            this.frameworkEventsLogLevel = Objects.requireNonNull(level, "PlatformOptions.frameworkEventsLogLevel: level");
            return this;
        }

        /**
         * Installs Felix FileInstall (before the host, so the host's optional import of it is wired)
         * watching {@code folder} every 50 ms from the start, as {@code bin/orrery} watches
         * {@code plugins/}: a test drops a plugin jar there and the host picks it up. FileInstall comes
         * from the local repository by Maven coordinates (the kit depends on it, so the build fetches it).
         *
         * @param folder the folder to watch (it should exist)
         * @return this builder
         * @throws NullPointerException if folder is null
         */
        public Builder watchedFolder(File folder) {
            this.watchedFolder = Objects.requireNonNull(folder, "PlatformOptions.watchedFolder: folder");
            return this;
        }

        /** @return the options */
        public PlatformOptions build() {
            return new PlatformOptions(this);
        }
    }
}
