package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.ScheduleState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which OnStart systems of one schedule are still pending in one world (SCH-036, SCH-112..114, and
 * Orrery's OnStart for late joiners).
 *
 * <p>An OnStart system is pending when its name is not in {@link ScheduleState#onStartConsidered()}.
 * The pending flags are derived from one state record and rebuilt only when the record's identity
 * changes, in O(OnStart systems + considered names). The state is written only by
 * {@link #completed(ScheduleState)}, at the end of an OnStart phase that finished without throwing
 * (SCH-112).
 *
 * <p>Implementation notes. Two sets of flags: {@link #pending} follows whatever record it was last
 * synced to (the truthfulness check of every toggle syncs it, also from inside a running system),
 * while {@link #inPass} is the copy {@link #beginPass} takes when an OnStart pass begins. The pass
 * reads and completes only its copy, so which systems a pass considers is fixed when it begins: a
 * record written or a toggle called by one of its systems (no-op or not) never removes a pending
 * system from it, and the completed record adds exactly the systems the pass considered.
 */
final class OnStartProgress {
    private final RunLayout layout;
    /** Per OnStart system (index minus {@code layout.onStartFrom}): pending under {@link #builtFor}. */
    private final boolean[] pending;
    /** Per OnStart system: pending when the running (or last) OnStart pass began. */
    private final boolean[] inPass;
    private ScheduleState builtFor;
    private boolean anyPending;

    OnStartProgress(RunLayout layout) {
        this.layout = layout;
        this.pending = new boolean[layout.onStartTo - layout.onStartFrom];
        this.inPass = new boolean[pending.length];
        refresh(null);
    }

    /**
     * Begins an OnStart pass: syncs to the record in the world and fixes the pass's pending systems
     * (a copy, read by {@link #isPending} and {@link #completed} until the next pass begins).
     *
     * @param state the record in the world when the pass begins, or null if the world lacks it
     * @return whether the pass has nothing to do ({@link #nothingToDo})
     */
    boolean beginPass(ScheduleState state) {
        sync(state);
        System.arraycopy(pending, 0, inPass, 0, pending.length);
        return nothingToDo(state);
    }

    /**
     * Makes the pending flags match the state record; cheap when it is the record they were built from.
     *
     * @param state the current record, or null if the world lacks the trait (all pending)
     */
    void sync(ScheduleState state) {
        if (state != builtFor) {
            refresh(state);
        }
    }

    private void refresh(ScheduleState state) {
        Arrays.fill(pending, true);
        if (state != null) {
            List<String> considered = state.onStartConsidered();
            for (int k = 0, n = considered.size(); k < n; k++) {
                int i = layout.indexOfName(considered.get(k));
                if (i >= layout.onStartFrom && i < layout.onStartTo) {
                    pending[i - layout.onStartFrom] = false;
                }
            }
        }
        boolean any = false;
        for (boolean p : pending) {
            any |= p;
        }
        anyPending = any;
        builtFor = state;
    }

    /**
     * @param state the current record, as given to the last {@link #sync}
     * @return whether the OnStart phase has nothing to do: no system pending and the state already
     *     says done (then it is skipped, firing no hook, SCH-147)
     */
    boolean nothingToDo(ScheduleState state) {
        return !anyPending && state != null && state.onStartDone();
    }

    /**
     * Beyond the spec (Orrery's own): the record made truthful for this schedule. "Done"
     * means every OnStart system of the schedule is recorded in {@code onStartConsidered}; a record
     * that says done while one of this schedule's OnStart systems is pending (a schedule built with
     * {@code adoptStateOf} that brought a new OnStart system, or a hand-built record) gets
     * {@code onStartDone=false}, and keeps its other fields. Syncs the pending flags to the record.
     *
     * @param current the record in the world; not null
     * @return {@code current} when it is truthful, else the corrected copy (to be written by the caller)
     */
    ScheduleState truthful(ScheduleState current) {
        if (!current.onStartDone()) {
            return current;
        }
        sync(current);
        if (!anyPending) {
            return current;
        }
        return current.toBuilder().onStartDone(false).build();
    }

    /**
     * @param system a system index inside the OnStart phase
     * @return whether it was pending when the current pass began (considered in this pass)
     */
    boolean isPending(int system) {
        return inPass[system - layout.onStartFrom];
    }

    /**
     * The record to write when the OnStart phase completed: {@code current} with every system that was
     * pending when the pass began added to {@code onStartConsidered} (after the names already there, in
     * execution order), and {@code onStartDone} true when every OnStart system of this schedule is recorded (SCH-113: an
     * empty phase, or one whose systems were all skipped, counts as done). Disabled names are kept.
     *
     * @param current the record in the world at the end of the phase; not null
     * @return the new record
     */
    ScheduleState completed(ScheduleState current) {
        boolean[] recorded = new boolean[pending.length];
        List<String> considered = new ArrayList<>(current.onStartConsidered());
        for (String name : current.onStartConsidered()) {
            int i = layout.indexOfName(name);
            if (i >= layout.onStartFrom && i < layout.onStartTo) {
                recorded[i - layout.onStartFrom] = true;
            }
        }
        boolean done = true;
        for (int k = 0; k < inPass.length; k++) {
            if (inPass[k] && !recorded[k]) {
                considered.add(layout.systemNames[layout.onStartFrom + k]);
                recorded[k] = true;
            }
            done &= recorded[k];
        }
        return current.toBuilder().onStartDone(done).onStartConsidered(considered).build();
    }
}
