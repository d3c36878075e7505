package dev.orrery.host.core;

import dev.orrery.host.PluginStatus;
import java.util.List;

/**
 * What the {@link HostCore} asks of the front end that runs it (the OSGi DS component, or the JPMS
 * front end). Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
public interface FrontEnd {
    /**
     * Stops the application: the frame budget is used up, or the frame thread died, and the host
     * settings say {@code stopFrameworkWhenDone}; or a system called {@code GameHost.requestShutdown}.
     * Called at most once per host, on a host thread (the frame thread or the caller of
     * {@code requestShutdown}); must not block or wait for the host (start a thread to stop). The
     * OSGi front end stops the system bundle; the JPMS front end stops the host and exits.
     *
     * @param after what ended the run, for messages ({@code the frame budget},
     *     {@code the frame thread died}, {@code the shutdown request (battle over)})
     */
    void stopApplication(String after);

    /**
     * @return statuses of plugins the front end found but could not hand to the core at all (e.g. a
     *     plugin compiled against another copy of the API), appended to {@code GameHost.plugins()};
     *     none by default. Called on any thread; must not block. Call
     *     {@link HostCore#foreignPluginsChanged()} whenever the list changes.
     */
    default List<PluginStatus> foreignPlugins() {
        return List.of();
    }

    /**
     * Called once per purge (after {@link HostCore#requestPurge()}), on the frame thread.
     *
     * @return which class loaders are gone now; {@link UnloadedCode#NONE} by default
     */
    default UnloadedCode unloadedCode() {
        return UnloadedCode.NONE;
    }
}
