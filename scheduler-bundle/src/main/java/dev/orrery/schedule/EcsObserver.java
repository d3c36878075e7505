package dev.orrery.schedule;

import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Beyond the spec (Orrery's observers, after koota's {@code onAdd}/{@code onRemove}/{@code onChange}
 * and the observers of flecs and Bevy): a function the schedule calls for each entity whose trait
 * was added, removed or changed by a publish of the world's structural transaction. Declared like
 * systems, in {@link Plugin#observers()} or {@link ScheduleBuilder#observers}, so an observer comes
 * and goes with its plugin's schedule: it is never called after the schedule that declared it was
 * replaced by one without it. An immutable value, made with {@link #builder(String)}.
 *
 * <p><b>When it fires.</b> A transactional schedule publishes at every phase end and barrier
 * (see {@link dev.orrery.world.World}, "Structural transactions"). Right after each publish, the
 * schedule calls its observers for the events that publish applied, event by event in the order
 * the publish applied them, and for one event its observers in flattened declaration order (the
 * plugins' observers in plugin order, then the schedule's own, as systems, SCH-136). The events:
 * <ul>
 *   <li>{@link Event#ADD}: the publish gave the entity the trait (an add, a spawn with it);</li>
 *   <li>{@link Event#REMOVE}: the publish took the trait away (a remove, a destroy of an entity
 *       that had it); the entity may be dead;</li>
 *   <li>{@link Event#CHANGE}: the trait's value was replaced ({@code World.set} of a trait the entity
 *       has, {@code World.markChanged}, a publish that re-adds it with a value) since the previous
 *       publish; once per entity and trait per publish however many writes, and only when the entity
 *       still has the trait after the publish. An add is not a change.</li>
 * </ul>
 * Structural changes an observer makes are staged and published in a follow-up round within the
 * same barrier, whose events fire the observers again; rounds repeat until a round has nothing to
 * deliver. When events are still pending after {@value #ROUND_LIMIT} rounds the run fails with an
 * {@link IllegalStateException} naming the observers still firing; what the earlier rounds
 * published stays, nothing of the pending round is applied. A discarded transaction (something
 * threw) fires nothing. Outside a schedule's run, structural calls apply at once and no observer
 * fires; a schedule built with {@code transactions(false)} never publishes, so its observers never
 * fire.
 *
 * <p><b>Faults.</b> An observer that throws fails the run like a system: the exception propagates
 * unchanged from the run call, the rest of that round's deliveries are not made, what the round
 * staged is discarded (what earlier publishes applied stays), and {@link RunFailure#of} names the
 * observer, its plugin and {@link RunFailure.Stage#OBSERVER}.
 *
 * <p><b>Names.</b> The same rules as systems: required, no control characters
 * ({@link ItemNames}), unique among the observers of a schedule (else the build fails with
 * {@link BuildProblem.Kind#DUPLICATE_OBSERVER}).
 *
 * @since 0.1
 */
public final class EcsObserver {
    /** Rounds of deliveries one publish may cause before the run fails. */
    public static final int ROUND_LIMIT = 64;

    /** What happened to an entity's trait. */
    public enum Event {
        /** The publish gave the entity the trait. */
        ADD,
        /** The publish took the trait from the entity (or destroyed the entity with it). */
        REMOVE,
        /** The trait's value was replaced or marked changed. */
        CHANGE
    }

    /**
     * One thing an observer reacts to.
     *
     * @param event what happened
     * @param trait to which trait
     */
    public record Trigger(Event event, Trait<?> trait) {
        /** @throws NullPointerException if a component is null */
        public Trigger {
            Objects.requireNonNull(event, "Trigger: event is null");
            Objects.requireNonNull(trait, "Trigger: trait is null");
        }

        /** @return e.g. {@code onAdd(Burning)} */
        @Override
        public String toString() {
            String on = switch (event) {
                case ADD -> "onAdd";
                case REMOVE -> "onRemove";
                case CHANGE -> "onChange";
            };
            return on + "(" + trait.name() + ")";
        }
    }

    private final String name;
    private final List<Trigger> triggers;
    private final ObserverFunction run;

    private EcsObserver(String name, List<Trigger> triggers, ObserverFunction run) {
        this.name = name;
        this.triggers = triggers;
        this.run = run;
    }

    /**
     * Starts defining an observer.
     *
     * @param name required, unique among the observers of a schedule
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null, empty or blank, or contains a control
     *     character or a line or paragraph separator; the message names the function
     */
    public static Builder builder(String name) {
        return new Builder(RequiredName.check(name, "defineObserver (EcsObserver.builder)"));
    }

    /** @return the name */
    public String name() {
        return name;
    }

    /** @return what it reacts to, in declaration order, without repeats (unmodifiable) */
    public List<Trigger> triggers() {
        return triggers;
    }

    /** @return what it does */
    public ObserverFunction run() {
        return run;
    }

    /** @return e.g. {@code observer fx/ignite onAdd(Burning)} */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("observer ").append(name);
        for (Trigger t : triggers) {
            b.append(' ').append(t);
        }
        return b.toString();
    }

    /** Builds an immutable {@link EcsObserver}; no side effects. */
    public static final class Builder {
        private final String name;
        private final List<Trigger> triggers = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /**
         * @param trait fire when a publish gives an entity this trait; not null
         * @return this builder
         */
        public Builder onAdd(Trait<?> trait) {
            return on(Event.ADD, trait, "onAdd");
        }

        /**
         * @param trait fire when a publish takes this trait from an entity; not null
         * @return this builder
         */
        public Builder onRemove(Trait<?> trait) {
            return on(Event.REMOVE, trait, "onRemove");
        }

        /**
         * @param trait fire when an entity's value of this trait was replaced or marked changed; not null
         * @return this builder
         */
        public Builder onChange(Trait<?> trait) {
            return on(Event.CHANGE, trait, "onChange");
        }

        private Builder on(Event event, Trait<?> trait, String method) {
            if (trait == null) {
                throw new NullPointerException("observer '" + name + "': " + method + " trait is null");
            }
            Trigger t = new Trigger(event, trait);
            if (!triggers.contains(t)) {
                triggers.add(t);
            }
            return this;
        }

        /**
         * Finishes the observer.
         *
         * @param function what it does for each observed entity; not null
         * @return the immutable observer
         * @throws NullPointerException if {@code function} is null; the message names the observer
         * @throws IllegalStateException if no trigger was given; the message names the observer
         */
        public EcsObserver run(ObserverFunction function) {
            if (function == null) {
                throw new NullPointerException("observer '" + name + "': run function is null");
            }
            if (triggers.isEmpty()) {
                throw new IllegalStateException("observer '" + name + "' reacts to nothing: call onAdd, onRemove "
                        + "or onChange before run");
            }
            return new EcsObserver(name, List.copyOf(triggers), function);
        }
    }
}
