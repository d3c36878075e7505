package dev.orrery.host.internal.plugins;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One tracked {@link Plugin} service, with its data read once, when it was bound.
 *
 * <p>The host calls a plugin's {@code name()}, {@code phases()}, {@code sets()}, {@code systems()} and
 * {@code observers()} exactly once per service registration, in {@link #of}, and keeps an immutable
 * copy ({@link #data()}, built with {@link Plugin#builder}, holding the same {@link Phase},
 * {@link SystemSet}, {@link EcsSystem} and {@link EcsObserver} objects). Schedules are built from these copies, so no plugin code runs during a
 * rebuild, and a plugin whose data differs from call to call cannot make {@code GameHost.plugins()}
 * and the schedule disagree. A plugin whose accessors throw (any {@link Throwable} except a
 * {@link VirtualMachineError} other than {@link StackOverflowError}) or return null is unusable: its
 * {@link #error()} says which accessor and why, and the host reports it EXCLUDED with that reason.
 *
 * @param plugin the service object; its identity tells an update (a new service object) from the
 *     same registration
 * @param data the copy of its data, or null when it is unusable
 * @param name its name, or {@code bundle#serviceId} when {@code name()} gave none
 * @param error why it is unusable ({@code its systems() threw java.lang.AssertionError: boom}), or
 *     null when it is usable
 * @param schedule the schedule it belongs to
 * @param bundle the providing bundle as {@code symbolicName/version}
 * @param serviceId the service id
 */
public record PluginEntry(Plugin plugin, Plugin data, String name, String error, String schedule, String bundle,
                   long serviceId) {
    public PluginEntry {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(bundle, "bundle");
        if ((data == null) == (error == null)) {
            throw new IllegalArgumentException("a plugin entry has either data or an error");
        }
    }

    /**
     * Reads a plugin's data once, containing what a broken plugin throws.
     *
     * @param plugin the service object
     * @param schedule its schedule
     * @param bundle its bundle as {@code symbolicName/version}
     * @param serviceId its service id
     * @return the entry, usable or not; never throws for the plugin's fault
     * @throws VirtualMachineError when an accessor throws one other than {@link StackOverflowError}
     */
    public static PluginEntry of(Plugin plugin, String schedule, String bundle, long serviceId) {
        String name = bundle + "#" + serviceId;
        String accessor = "name()";
        try {
            String declared = plugin.name();
            if (declared == null || declared.isBlank()) {
                return unusable(plugin, name, "its name() is missing or blank", schedule, bundle, serviceId);
            }
            name = declared;
            accessor = "phases()";
            List<Phase> phases = copy(plugin.phases());
            accessor = "sets()";
            List<SystemSet> sets = copy(plugin.sets());
            accessor = "systems()";
            List<EcsSystem> systems = copy(plugin.systems());
            accessor = "observers()";
            List<EcsObserver> observers = copy(plugin.observers());
            Plugin data = Plugin.builder(name).phases(phases).sets(sets).systems(systems).observers(observers).build();
            return new PluginEntry(plugin, data, name, null, schedule, bundle, serviceId);
        } catch (NullData e) {
            return unusable(plugin, name, "its " + accessor + " returned " + e.getMessage(), schedule, bundle,
                    serviceId);
        } catch (Throwable t) {
            Containment.rethrowIfFatal(t);
            return unusable(plugin, name, "its " + accessor + " threw " + Containment.describe(t), schedule, bundle,
                    serviceId);
        }
    }

    private static PluginEntry unusable(Plugin plugin, String name, String error, String schedule, String bundle,
                                        long serviceId) {
        return new PluginEntry(plugin, null, name, error, schedule, bundle, serviceId);
    }

    /** @return a copy of the plugin's list (iterating it may run plugin code) */
    private static <T> List<T> copy(List<T> items) {
        if (items == null) {
            throw new NullData("null");
        }
        List<T> out = new ArrayList<>(items);
        int at = out.indexOf(null);
        if (at >= 0) {
            throw new NullData("a list holding null at index " + at);
        }
        return out;
    }

    /** A plugin accessor returned null or a list holding null; the message says which. */
    private static final class NullData extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NullData(String what) {
            super(what, null, false, false);
        }
    }

    /**
     * Compares the service object and the snapshot by identity, the rest by value, so that no plugin
     * code ({@code equals} of the service object) runs.
     *
     * @param o another object
     * @return whether it is an entry for the same service object, snapshot, schedule, bundle and id
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof PluginEntry e && plugin == e.plugin && data == e.data && serviceId == e.serviceId
                && name.equals(e.name) && Objects.equals(error, e.error) && schedule.equals(e.schedule)
                && bundle.equals(e.bundle);
    }

    /** @return a hash of the service id and schedule (no plugin code runs) */
    @Override
    public int hashCode() {
        return Long.hashCode(serviceId) * 31 + schedule.hashCode();
    }

    /**
     * @param state what the host did with it
     * @param reason why it is waiting or excluded; empty when active
     * @return its status in its schedule
     */
    public PluginStatus status(PluginState state, String reason) {
        return PluginStatus.builder().name(name).schedule(schedule).bundle(bundle).serviceId(serviceId).state(state)
                .reason(reason).build();
    }

    /** @return whether the schedule can be built with this plugin's data */
    public boolean usable() {
        return data != null;
    }

    /**
     * @param other another schedule name
     * @return this entry in that schedule, with the same data
     */
    public PluginEntry inSchedule(String other) {
        return new PluginEntry(plugin, data, name, error, other, bundle, serviceId);
    }
}
