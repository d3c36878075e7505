package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A plugin: a named bundle of phases, sets and systems, plain data with no install hook and no
 * dependencies on other plugins (SCH-135, SCH-139). A schedule flattens its plugins in the order
 * given, then its own entries (SCH-136).
 *
 * <p>This is an interface so that a Declarative Services component can provide it as an OSGi service
 * (the component instance is the service object): extend {@link ForwardingPlugin} around the value
 * that {@link #builder(String)} builds. Implementations must be immutable and hold no game state;
 * game state lives in world traits.
 *
 * <p>OSGi: a service may carry the property {@value #SCHEDULE_PROPERTY} naming the schedule it
 * belongs to (default: the host's main schedule).
 *
 * @since 0.1
 */
@ConsumerType
public interface Plugin {
    /** Service property naming the schedule a plugin service belongs to. */
    String SCHEDULE_PROPERTY = "orrery.schedule";

    /** @return the plugin name, used in error messages and by the host's declared order (SCH-138) */
    String name();

    /** @return the custom phases it contributes, in declaration order (unmodifiable) */
    List<Phase> phases();

    /** @return the sets it contributes, in declaration order (unmodifiable) */
    List<SystemSet> sets();

    /** @return the systems it contributes, in declaration order (unmodifiable) */
    List<EcsSystem> systems();

    /**
     * Beyond the spec (Orrery's observers): the observers it contributes, flattened after the
     * systems' rule (plugins in order, then the schedule's own, SCH-136).
     *
     * @return its observers, in declaration order (unmodifiable); empty by default
     */
    default List<EcsObserver> observers() {
        return List.of();
    }

    /**
     * Starts defining a plugin (the spec's {@code definePlugin}).
     *
     * @param name required
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-135); the message names
     *     definePlugin and says that name is missing or empty (or blank); or if it contains a control character or a
     *     line or paragraph separator ({@link ItemNames}); the message shows it escaped
     */
    static Builder builder(String name) {
        RequiredName.check(name, "definePlugin (Plugin.builder)");
        return new Builder(name);
    }

    /** Builds an immutable {@link Plugin}. Defining a plugin has no side effects (SCH-135). */
    final class Builder {
        private final String name;
        private final List<Phase> phases = new ArrayList<>();
        private final List<SystemSet> sets = new ArrayList<>();
        private final List<EcsSystem> systems = new ArrayList<>();
        private final List<EcsObserver> observers = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /**
         * @param items custom phases, in declaration order; no nulls
         * @return this builder
         */
        public Builder phases(Phase... items) {
            return phases(Arrays.asList(items));
        }

        /**
         * @param items custom phases, in declaration order; no nulls
         * @return this builder
         */
        public Builder phases(List<Phase> items) {
            items.forEach(p -> phases.add(Objects.requireNonNull(p, () -> "definePlugin '" + name + "': null phase")));
            return this;
        }

        /**
         * @param items sets, in declaration order; no nulls
         * @return this builder
         */
        public Builder sets(SystemSet... items) {
            return sets(Arrays.asList(items));
        }

        /**
         * @param items sets, in declaration order; no nulls
         * @return this builder
         */
        public Builder sets(List<SystemSet> items) {
            items.forEach(s -> sets.add(Objects.requireNonNull(s, () -> "definePlugin '" + name + "': null set")));
            return this;
        }

        /**
         * @param items systems, in declaration order; no nulls
         * @return this builder
         */
        public Builder systems(EcsSystem... items) {
            return systems(Arrays.asList(items));
        }

        /**
         * @param items systems, in declaration order; no nulls
         * @return this builder
         */
        public Builder systems(List<EcsSystem> items) {
            items.forEach(s -> systems.add(Objects.requireNonNull(s, () -> "definePlugin '" + name + "': null system")));
            return this;
        }

        /**
         * @param items observers, in declaration order; no nulls
         * @return this builder
         */
        public Builder observers(EcsObserver... items) {
            return observers(Arrays.asList(items));
        }

        /**
         * @param items observers, in declaration order; no nulls
         * @return this builder
         */
        public Builder observers(List<EcsObserver> items) {
            items.forEach(o -> observers.add(Objects.requireNonNull(o, () -> "definePlugin '" + name + "': null observer")));
            return this;
        }

        /** @return a new immutable plugin whose lists are unmodifiable copies */
        public Plugin build() {
            return new PluginData(name, List.copyOf(phases), List.copyOf(sets), List.copyOf(systems),
                    List.copyOf(observers));
        }
    }
}
