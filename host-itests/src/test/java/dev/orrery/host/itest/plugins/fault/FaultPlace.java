package dev.orrery.host.itest.plugins.fault;

import java.util.Locale;

/** Where the fault plugin or the fault hooks throw (every place of the fault-injection matrix). */
public enum FaultPlace {
    /** The system's run function, while armed. */
    RUN,
    /** The system's own run condition, while armed. */
    CONDITION,
    /** The run condition of the system set the system is in, while armed. */
    SET_CONDITION,
    /**
     * The system's run function, while armed, after it staged spawns, adds, removes and destroys
     * (unarmed, it spawns one entity per run, published at the phase's end).
     */
    STAGED_RUN,
    /** The system's own run condition, while armed, after it staged as {@link #STAGED_RUN} does. */
    STAGED_CONDITION,
    /**
     * The system's init function, while armed when the system first meets the world, after it staged
     * as {@link #STAGED_RUN} does (it is tried again on the next pass).
     */
    STAGED_INIT,
    /** {@code ScheduleHooks.beforeSystem}, while armed. */
    BEFORE_SYSTEM,
    /** {@code ScheduleHooks.afterSystem}, while armed. */
    AFTER_SYSTEM,
    /** {@code Plugin.phases()}, on every call. */
    PHASES,
    /** {@code Plugin.sets()}, on every call. */
    SETS,
    /** {@code Plugin.systems()}, on every call. */
    SYSTEMS,
    /** {@code Plugin.name()}, on every call. */
    NAME,
    /** The component's DS activate method. */
    ACTIVATE,
    /**
     * Every plugin data accessor on every call after its first: a host that reads the plugin's data
     * once per service registration never sees it, a host that reads plugin data in a rebuild does.
     */
    REBUILD;

    /** @return the configuration value, e.g. {@code set-condition} */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param key a configuration value as {@link #key()} gives it
     * @return that place
     * @throws IllegalArgumentException naming the value when it is no place
     */
    public static FaultPlace of(String key) {
        for (FaultPlace p : values()) {
            if (p.key().equals(key.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("fault place '" + key + "' is none of " + java.util.Arrays.toString(values()));
    }
}
