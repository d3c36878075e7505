package dev.orrery.host;

/**
 * Where a tracked {@code Plugin} service stands in the host.
 *
 * @since 0.1
 */
public enum PluginState {
    /** It is part of its schedule, which is the one running. */
    ACTIVE,
    /**
     * Left out because it refers to something no other plugin of its schedule provides yet (an
     * unknown phase, set or system); tried again on every rebuild, so it comes in when the plugin that
     * provides it arrives.
     */
    WAITING,
    /**
     * Left out because the schedule cannot be built with it (a cycle, a duplicate name, an edge against
     * the phase order, a plugin that throws); tried again on every rebuild of its schedule.
     */
    EXCLUDED,
    /**
     * A plugin bundle or jar the front end found but could not load at all: it needs a package (or a
     * module) that nothing provides, which the reason names. It comes in when the provider arrives.
     */
    UNRESOLVED
}
