package dev.orrery.world.snapshot;

import java.util.List;

/**
 * What a restore did.
 *
 * @param orreryVersion the Orrery version that wrote the snapshot
 * @param plugins the plugin manifest the snapshot's header lists
 * @param entities how many entities were restored
 * @param worldTraits how many world traits were decoded and set
 * @param migrated how many values ran through at least one migration
 * @param opaque how many values were kept as opaque data (no definition, or a newer version)
 *
 * @since 0.4
 */
public record RestoreReport(String orreryVersion, List<PluginEntry> plugins, int entities, int worldTraits, int migrated,
        int opaque) {
    /** Copies the manifest. */
    public RestoreReport {
        plugins = List.copyOf(plugins);
    }
}
