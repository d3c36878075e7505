package dev.orrery.world.snapshot;

import java.util.Objects;

/**
 * One line of a snapshot header's plugin manifest: which plugin, at which version, was running when
 * the snapshot was taken. For diagnostics and for hosts that want to tell players what a save needs;
 * restores do not require the plugins.
 *
 * @param name the plugin's name (for bundles, the symbolic name); not null
 * @param version its version; not null
 *
 * @since 0.4
 */
public record PluginEntry(String name, String version) {
    /** @throws NullPointerException if a field is null */
    public PluginEntry {
        Objects.requireNonNull(name, "PluginEntry: name is null");
        Objects.requireNonNull(version, "PluginEntry: version is null");
    }
}
