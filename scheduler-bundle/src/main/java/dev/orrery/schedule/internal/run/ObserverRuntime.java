package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.ObserverFunction;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunFailureLog;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitEvents;
import dev.orrery.world.World;
import dev.orrery.world.WorldTransaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The observers of one schedule in one world: the watches they keep on the world's
 * {@link TraitEvents} during a run call, their index by event kind and trait, their fire counts, and
 * the delivery rounds after a publish ({@link #deliver}).
 *
 * <p>Implementation notes. The watches are opened when a run call of the schedule begins on the
 * world and closed when it ends, so a schedule that was replaced (a plugin left) leaves nothing
 * watching and nothing recorded: its observers cannot be called again, and the world keeps no
 * reference to them (events name traits by index). The index ({@link #byKind}, per kind then per
 * trait index, the observer indexes in declaration order) is rebuilt only when a trait's index in
 * the world changed since the last call (a trait the world forgot), so a steady run call does one
 * watch and one unwatch per distinct (trait, kind) of the triggers and allocates nothing. A delivery round copies the events out
 * (observers record new ones while it runs), clears them, calls each event's observers in
 * declaration order, then publishes what they staged; rounds repeat while events are pending, at
 * most {@link EcsObserver#ROUND_LIMIT}. Confined to the world's thread.
 */
final class ObserverRuntime {
    private final ObserverTable table;
    private final TraitEvents events;
    /** Per flattened trigger: its kind, its watch (distinct trait and kind) and its trait's index as of the last watch. */
    private final TraitEvents.Kind[] triggerKind;
    private final int[] triggerWatch;
    private final int[] triggerIndex;
    /** The distinct (trait, kind) pairs of the triggers: one watch each per run call. */
    private final Trait<?>[] watchTrait;
    private final TraitEvents.Kind[] watchKind;
    private final int[] watchIndex;
    /** Per kind ordinal, per trait index: the observers to call, in declaration order; null for none. */
    private final int[][][] byKind = new int[3][][];
    /** Per trait index: the trait (for the CHANGE check that the entity still has it). */
    private Trait<?>[] traitOf = new Trait<?>[0];
    /** Per observer: calls so far in this world. */
    final long[] fired;
    private long[] scratchEntities = new long[16];
    private int[] scratchTraits = new int[16];
    private byte[] scratchKinds = new byte[16];

    ObserverRuntime(ObserverTable table, World world) {
        this.table = table;
        this.events = world.traitEvents();
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

    /** A run call begins: the observed traits are watched until {@link #unwatch()}. */
    void watch() {
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

    /** The run call ends. */
    void unwatch() {
        for (int w = 0; w < watchIndex.length; w++) {
            events.unwatch(watchIndex[w], watchKind[w]);
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

    /**
     * Right after a publish of the world's transaction: calls the observers of every recorded event,
     * then publishes what they staged, round after round until nothing is pending.
     *
     * @param tx the world's transaction (open: observers' structural calls are staged)
     * @throws IllegalStateException when events are still pending after {@link EcsObserver#ROUND_LIMIT}
     *     rounds and would fire an observer; the message names the observers they would fire (recorded
     *     as an OBSERVER failure of the first)
     * @throws RuntimeException whatever an observer threw (recorded as its OBSERVER failure), unchanged
     */
    void deliver(WorldTransaction tx, RunLayout layout, World world) {
        TraitEvents ev = events;
        for (int round = 1; ev.size() > 0; round++) {
            if (round > EcsObserver.ROUND_LIMIT) {
                IllegalStateException e = roundLimit(layout, world);
                if (e == null) {
                    return; // what is pending fires no observer
                }
                throw e;
            }
            int n = take(ev);
            for (int k = 0; k < n; k++) {
                int kind = scratchKinds[k];
                int index = scratchTraits[k];
                int[][] byTrait = byKind[kind];
                int[] observers = index < byTrait.length ? byTrait[index] : null;
                if (observers == null) {
                    continue;
                }
                long entity = scratchEntities[k];
                if (kind == TraitEvents.Kind.CHANGE.ordinal()
                        && (!world.isAlive(entity) || !world.has(entity, traitOf[index]))) {
                    continue; // changed, then removed or destroyed by the same publish
                }
                for (int o : observers) {
                    fired[o]++;
                    call(layout, world, o, entity);
                }
            }
            Commits.publishOnly(tx, layout, world);
        }
    }

    private void call(RunLayout layout, World world, int o, long entity) {
        ObserverFunction run = table.runs[o];
        try {
            run.run(world, entity);
        } catch (Throwable t) {
            record(layout, world, t, o);
            throw t;
        }
    }

    /** Copies the recorded events out and clears them. */
    private int take(TraitEvents ev) {
        int n = ev.size();
        if (n > scratchEntities.length) {
            int c = Math.max(n, scratchEntities.length * 2);
            scratchEntities = new long[c];
            scratchTraits = new int[c];
            scratchKinds = new byte[c];
        }
        for (int k = 0; k < n; k++) {
            scratchEntities[k] = ev.entity(k);
            scratchTraits[k] = ev.traitIndex(k);
            scratchKinds[k] = (byte) ev.kind(k).ordinal();
        }
        ev.clear();
        return n;
    }

    private IllegalStateException roundLimit(RunLayout layout, World world) {
        TraitEvents ev = events;
        boolean[] pending = new boolean[table.observers.length];
        for (int k = 0; k < ev.size(); k++) {
            int index = ev.traitIndex(k);
            int[][] byTrait = byKind[ev.kind(k).ordinal()];
            int[] observers = index < byTrait.length ? byTrait[index] : null;
            if (observers != null) {
                for (int o : observers) {
                    pending[o] = true;
                }
            }
        }
        ev.clear();
        List<String> names = new ArrayList<>();
        int first = -1;
        for (int o = 0; o < pending.length; o++) {
            if (pending[o]) {
                names.add("'" + table.observers[o].name() + "' of '" + table.sources[o] + "'");
                first = first < 0 ? o : first;
            }
        }
        if (first < 0) {
            return null;
        }
        IllegalStateException e = new IllegalStateException("schedule '" + layout.scheduleName
                + "': observers still firing after " + EcsObserver.ROUND_LIMIT + " rounds of one publish: "
                + String.join(", ", names) + " (each round's changes fire the next; the earlier rounds stay published)");
        record(layout, world, e, first);
        return e;
    }

    private void record(RunLayout layout, World world, Throwable thrown, int o) {
        try {
            RunFailureLog.record(world, thrown, RunFailure.ofObserver(layout.scheduleName, table.observers[o],
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
