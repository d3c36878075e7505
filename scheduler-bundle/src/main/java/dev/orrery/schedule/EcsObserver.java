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
 * replaced (attached) by one without it, or detached. An immutable value, made with {@link #builder(String)}.
 *
 * <p><b>Which observers watch a world.</b> Those of the schedules attached to it: a schedule attaches
 * on its first run call on the world, or with {@link Schedule#attach} (the host attaches the schedules
 * it swaps in, at the frame boundary), and stays attached until a schedule of its lineage (sharing its
 * {@link Schedule#state()} trait: a rebuild with {@code adoptStateOf}, a {@code withoutPlugins} result)
 * attaches, or {@link Schedule#detach} (the host's, when it stops). From then on the replaced or
 * detached schedule's observers are never called and the world keeps no reference to them.
 *
 * <p><b>When it fires.</b> At every publish of the world's structural transaction: a schedule's phase
 * end and barriers, a requested commit (see {@link dev.orrery.world.World}, "Structural transactions"),
 * and the close of the outermost transaction scope (what was staged or changed after the last phase
 * published); outside any transaction (between run calls, in a host's frame task), at once after each
 * structural call, {@code set} and {@code markChanged}, before that call returns. Each publish delivers
 * every event recorded since the previous delivery, event by event in the order they were recorded,
 * to the observers of every attached schedule (in the order the schedules attached; one schedule's in
 * flattened declaration order: the plugins' observers in plugin order, then the schedule's own, as
 * systems, SCH-136), whichever schedule published: a nested run call of another schedule from inside a
 * system delivers the outer schedule's pending events too, each exactly once. The events:
 * <ul>
 *   <li>{@link Event#ADD}: the entity got the trait (an add, a spawn with it);</li>
 *   <li>{@link Event#REMOVE}: the entity lost the trait (a remove, a destroy of an entity that had
 *       it); the entity may be dead;</li>
 *   <li>{@link Event#CHANGE}: the trait's value was replaced ({@code World.set} of a trait the entity
 *       has, {@code World.markChanged}, a publish that re-adds it with a value) since the previous
 *       delivery; once per entity and trait per delivery however many writes, and only when the entity
 *       still has the trait. An add is not a change.</li>
 * </ul>
 * {@code World.reset} and {@code World.restoreEntities} fire nothing. The entity's state an observer
 * sees is the published one (every op of the transaction applied).
 *
 * <p><b>Rounds.</b> While observers run the world's transaction is open, outside a run too: their
 * structural changes are staged and published in a follow-up round within the same delivery, whose
 * events fire the observers again; rounds repeat until a round has nothing to deliver. When events are
 * still pending after {@value #ROUND_LIMIT} rounds the delivery fails with an
 * {@link IllegalStateException} naming the observers still firing; what the earlier rounds published
 * stays, nothing of the pending round is applied. A discarded transaction (something threw) fires
 * nothing. A schedule built with {@code transactions(false)} has no observers in force.
 *
 * <p><b>What an observer sees.</b> Its own change window: its change queries ({@code added},
 * {@code changed}) and {@code World.removed} see the changes since its own previous call in the world
 * (its first call sees everything), never the window of the system that ran before it; the window is
 * kept by schedule and observer name across rebuilds. It reads no messages ({@code World.messages}
 * throws inside it, as in a condition); it may send them.
 *
 * <p><b>Faults.</b> An observer that throws fails the call that published: inside a run, the run
 * fails like for a system (the exception propagates unchanged from the run call); outside a run, the
 * world call that fired it ({@code World.spawn}, {@code set}, ...) throws it, unchanged, after its own
 * change applied. The rest of that round's deliveries are not made, what the round staged is
 * discarded (what earlier publishes applied stays), and {@link RunFailure#of} names the observer, its
 * plugin and {@link RunFailure.Stage#OBSERVER}.
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
