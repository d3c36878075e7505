package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.ObserverFunction;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFailureLog;
import dev.orrery.world.SystemContext;
import dev.orrery.world.SystemContexts;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitEvents;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The observers of one schedule in one world: the watches they keep on the world's
 * {@link TraitEvents} while the schedule is attached to the world ({@link ObserverHub}), their index
 * by event kind and trait, their own contexts (change windows), their fire counts, and the calls for
 * one event ({@link #fire}).
 *
 * <p>Implementation notes. The watches are opened when the schedule attaches to the world and closed
 * when it is replaced or detached, so a schedule that was replaced (a plugin left) leaves nothing
 * watching: its observers cannot be called again. The world reaches this object only through the
 * hub's attachment, which a replacement or a detach drops (events name traits by index, so the record
 * keeps no reference to code). The index ({@link #byKind}, per kind then per trait index, the
 * observer indexes in declaration order) is rebuilt only when a trait's index in the world changed
 * (a trait the world forgot: {@link TraitEvents#generation()}), so firing allocates nothing. Each
 * observer call runs with the observer's own {@link SystemContext} current (its change queries and
 * {@code World.removed} see the changes since its previous call) and records its run when it returns.
 * Confined to the world's thread.
 */
final class ObserverRuntime {
    private final ObserverTable table;
    /** The schedule's name: the source of failures. */
    final String scheduleName;
    private final TraitEvents events;
    private final SystemContexts systemContexts;
    /** Per observer: its context in this world, by schedule and observer name. */
    private final SystemContext[] contexts;
    /** Per flattened trigger: its kind, its watch (distinct trait and kind) and its trait's index as of the last watch. */
    private final TraitEvents.Kind[] triggerKind;
    private final int[] triggerWatch;
    private final int[] triggerIndex;
    /** The distinct (trait, kind) pairs of the triggers: one watch each while attached. */
    private final Trait<?>[] watchTrait;
    private final TraitEvents.Kind[] watchKind;
    private final int[] watchIndex;
    private boolean watching;
    private int generation;
    /** Per kind ordinal, per trait index: the observers to call, in declaration order; null for none. */
    private final int[][][] byKind = new int[3][][];
    /** Per trait index: the trait (for the CHANGE check that the entity still has it). */
    private Trait<?>[] traitOf = new Trait<?>[0];
    /** Per observer: calls so far in this world. */
    final long[] fired;

    ObserverRuntime(ObserverTable table, String scheduleName, World world) {
        this.table = table;
        this.scheduleName = scheduleName;
        this.events = world.traitEvents();
        this.systemContexts = world.systemContexts();
        this.contexts = new SystemContext[table.observers.length];
        resolveContexts();
        int n = table.triggers.length;
        this.triggerKind = new TraitEvents.Kind[n];
        this.triggerWatch = new int[n];
        this.triggerIndex = new int[n];
        Arrays.fill(triggerIndex, -1);
        List<Trait<?>> traits = new ArrayList<>();
        List<TraitEvents.Kind> kinds = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            TraitEvents.Kind kind = switch (table.triggers[t].event()) {
                case ADD -> TraitEvents.Kind.ADD;
                case REMOVE -> TraitEvents.Kind.REMOVE;
                case CHANGE -> TraitEvents.Kind.CHANGE;
            };
            triggerKind[t] = kind;
            Trait<?> trait = table.triggers[t].trait();
            int w = 0;
            while (w < traits.size() && (traits.get(w) != trait || kinds.get(w) != kind)) {
                w++;
            }
            if (w == traits.size()) {
                traits.add(trait);
                kinds.add(kind);
            }
            triggerWatch[t] = w;
        }
        this.watchTrait = traits.toArray(new Trait<?>[0]);
        this.watchKind = kinds.toArray(new TraitEvents.Kind[0]);
        this.watchIndex = new int[watchTrait.length];
        Arrays.fill(watchIndex, -1);
        this.fired = new long[table.observers.length];
    }

    /** (Re)obtains each observer's context: after a replacement dropped them, they are new ones. */
    void resolveContexts() {
        for (int o = 0; o < contexts.length; o++) {
            contexts[o] = systemContexts.ofObserver(scheduleName, table.observers[o].name());
        }
    }

    /** @return the observers' names, in declaration order */
    List<String> names() {
        List<String> out = new ArrayList<>(table.observers.length);
        for (EcsObserver o : table.observers) {
            out.add(o.name());
        }
        return out;
    }

    /** The schedule attaches: the observed traits are watched until {@link #unwatch()}. */
    void watch() {
        if (watching) {
            return;
        }
        watching = true;
        generation = events.generation();
        boolean moved = false;
        for (int w = 0; w < watchIndex.length; w++) {
            int index = events.watch(watchTrait[w], watchKind[w]);
            if (index != watchIndex[w]) {
                watchIndex[w] = index;
                moved = true;
            }
        }
        if (moved) {
            for (int t = 0; t < triggerIndex.length; t++) {
                triggerIndex[t] = watchIndex[triggerWatch[t]];
            }
            rebuildIndex();
        }
    }

    /** The schedule was replaced or detached: nothing is watched for it any more. */
    void unwatch() {
        if (!watching) {
            return;
        }
        watching = false;
        for (int w = 0; w < watchIndex.length; w++) {
            if (events.isWatched(watchIndex[w], watchKind[w])) {
                events.unwatch(watchIndex[w], watchKind[w]);
            }
        }
    }

    /** The world forgot a watched trait since the watches were opened: watch again (new indexes). */
    void rewatchIfForgotten() {
        if (watching && generation != events.generation()) {
            int[] old = watchIndex.clone();
            watching = false;
            watch(); // first: a watch both keep never drops to zero (which would clear the events)
            for (int w = 0; w < old.length; w++) {
                if (events.isWatched(old[w], watchKind[w])) {
                    events.unwatch(old[w], watchKind[w]);
                }
            }
        }
    }

    private void rebuildIndex() {
        int max = 0;
        for (int index : triggerIndex) {
            max = Math.max(max, index + 1);
        }
        traitOf = new Trait<?>[max];
        for (int k = 0; k < 3; k++) {
            byKind[k] = new int[max][];
        }
        for (int t = 0; t < triggerIndex.length; t++) {
            int k = triggerKind[t].ordinal();
            int index = triggerIndex[t];
            int[] list = byKind[k][index];
            int o = table.triggerOwner[t];
            byKind[k][index] = list == null ? new int[] {o} : append(list, o);
            traitOf[index] = table.triggers[t].trait();
        }
    }

    private static int[] append(int[] list, int o) {
        int[] out = Arrays.copyOf(list, list.length + 1);
        out[list.length] = o;
        return out;
    }

    /** @return the observers of an event, in declaration order, or null for none */
    private int[] observersOf(int kind, int traitIndex) {
        int[][] byTrait = byKind[kind];
        return byTrait != null && traitIndex < byTrait.length ? byTrait[traitIndex] : null;
    }

    /**
     * Calls the observers of one event, in declaration order.
     *
     * @param kind the event's kind ordinal
     * @param traitIndex its trait's index in the world
     * @param entity its entity
     * @throws RuntimeException whatever an observer threw (recorded as its OBSERVER failure), unchanged
     */
    void fire(int kind, int traitIndex, long entity, World world) {
        int[] observers = observersOf(kind, traitIndex);
        if (observers == null) {
            return;
        }
        if (kind == TraitEvents.Kind.CHANGE.ordinal()
                && (!world.isAlive(entity) || !world.has(entity, traitOf[traitIndex]))) {
            return; // changed, then removed or destroyed by the same publish
        }
        for (int o : observers) {
            fired[o]++;
            call(world, o, entity);
        }
    }

    private void call(World world, int o, long entity) {
        ObserverFunction run = table.runs[o];
        SystemContexts sc = systemContexts;
        if (sc.tracking()) {
            sc.enter(contexts[o]);
        }
        try {
            run.run(world, entity);
        } catch (Throwable t) {
            record(world, t, o);
            throw t;
        }
        if (sc.tracking()) {
            contexts[o].ran();
        }
    }

    /**
     * Adds the observers that the recorded events would fire to {@code names} ({@code "'name' of
     * 'source'"}), for the round limit's message.
     *
     * @return the index of the first such observer, or -1
     */
    int pending(TraitEvents ev, List<String> names) {
        boolean[] pending = new boolean[table.observers.length];
        for (int k = 0; k < ev.size(); k++) {
            int[] observers = observersOf(ev.kind(k).ordinal(), ev.traitIndex(k));
            if (observers != null) {
                for (int o : observers) {
                    pending[o] = true;
                }
            }
        }
        int first = -1;
        for (int o = 0; o < pending.length; o++) {
            if (pending[o]) {
                names.add("'" + table.observers[o].name() + "' of '" + table.sources[o] + "'");
                first = first < 0 ? o : first;
            }
        }
        return first;
    }

    /** Records an OBSERVER failure of observer {@code o}; best effort. */
    void record(World world, Throwable thrown, int o) {
        try {
            RunFailureLog.record(world, thrown, RunFailure.ofObserver(scheduleName, table.observers[o],
                    table.sources[o]));
        } catch (Throwable ignored) {
            // best effort: the exception itself propagates unchanged
        }
    }

    /** @return the observers, in declaration order */
    EcsObserver[] observers() {
        return table.observers;
    }

    /** @return their sources */
    String[] sources() {
        return table.sources;
    }
}
