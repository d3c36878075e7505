package dev.orrery.host.itest.plugins.leaky;

/** The leaky plugin's own entity component value. A class of the plugin bundle. */
public final class Marker {
    final long createdAt = System.nanoTime();
}
