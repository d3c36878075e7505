package dev.orrery.host.itest.plugins.leaky;

/** The leaky plugin's own world state: a counter. A class of the plugin bundle. */
public final class LeakyState {
    int ticks;
}
