package dev.orrery.schedule.internal;

import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.TraitRef;
import dev.orrery.world.World;
import java.lang.ref.WeakReference;
import java.util.List;

/**
 * The non-persistent run-time data of one schedule in one world (SCH-063, SCH-064): the re-entrancy
 * marker (SCH-043), the reused hook context (SCH-150), the enabled cache (SCH-123, SCH-124) and the
 * OnStart pending flags. Created on the first call for the world, kept in {@link WorldRuntimes} keyed
 * weakly by world; it refers to the world only weakly, and to the state trait through a
 * {@link TraitRef}, which holds no world reference.
 *
 * <p>Confined to the world's thread, like the world.
 */
final class WorldRuntime {
    private final WeakReference<World> world;
    /** Live view of the schedule's state trait in this world; {@code get()} is one field read. */
    final TraitRef<ScheduleState> state;
    /** The reused hook context, or null when the schedule has no hooks. */
    final MutableHookContext hookContext;
    final OnStartProgress onStart;
    /** Set while a run API of this schedule executes on this world (SCH-043, SCH-044). */
    boolean executing;

    /** Per system index: disabled in the record {@link #disabledFor}. */
    final boolean[] disabled;
    private final RunLayout layout;
    private final int[] disabledIndexes;
    private int disabledCount;
    /** The state record the {@link #disabled} flags were built from, by identity (null: trait absent). */
    ScheduleState disabledFor;

    /** Live view of the world's {@link PassClock} (issue 14). */
    private final TraitRef<PassClock> clock;
    /** The clock on which the current call began a pass, or null; with the pass and dt it interrupted. */
    private PassClock begun;
    private long outerPass;
    private double outerDt;

    WorldRuntime(World world, RunLayout layout, TraitRef<ScheduleState> state, MutableHookContext hookContext) {
        this.world = new WeakReference<>(world);
        this.layout = layout;
        this.state = state;
        this.hookContext = hookContext;
        this.onStart = new OnStartProgress(layout);
        this.disabled = new boolean[layout.systemCount()];
        this.disabledIndexes = new int[layout.systemCount()];
        this.clock = world.ref(PassClock.TRAIT);
    }

    /**
     * Beyond the spec (issue 14): begins a pass of the world's {@link PassClock} with {@code dt}, when
     * the world has a clock or {@code needed} (the schedule holds library conditions; then the clock is
     * added). One field read when neither; allocation-free after the first call.
     *
     * @param world the world of this runtime
     * @param needed whether to add the clock when the world has none
     * @param dt the call's dt in seconds
     */
    void beginPass(World world, boolean needed, double dt) {
        PassClock c = clock.get();
        if (c == null) {
            if (!needed) {
                return;
            }
            c = world.add(PassClock.TRAIT);
        }
        outerPass = c.pass();
        outerDt = c.dt();
        c.begin(dt);
        begun = c;
    }

    /** Ends the pass {@link #beginPass} began, restoring the one it interrupted (a nested run call). */
    void endPass() {
        if (begun != null) {
            begun.end(outerPass, outerDt);
            begun = null;
        }
    }

    /** @return the world this runtime belongs to, or null once it was collected */
    World world() {
        return world.get();
    }

    /**
     * Returns whether the system is disabled in the current state record. O(1) when the record is the
     * one the cache was built from (one field read, one identity comparison, one array read, SCH-124);
     * otherwise rebuilds the cache first (SCH-123, SCH-153).
     *
     * @param system the system index
     * @return the flag
     */
    boolean isDisabled(int system) {
        ScheduleState current = state.get();
        if (current != disabledFor) {
            rebuildDisabled(current);
        }
        return disabled[system];
    }

    /**
     * Rebuilds the disabled flags from a record in O(names disabled before + names disabled now). Names
     * that match no system are ignored (SCH-125).
     *
     * @param current the record, or null when the world lacks the trait (nothing disabled)
     */
    void rebuildDisabled(ScheduleState current) {
        for (int k = 0; k < disabledCount; k++) {
            disabled[disabledIndexes[k]] = false;
        }
        disabledCount = 0;
        if (current != null) {
            List<String> names = current.disabled();
            for (int k = 0, n = names.size(); k < n; k++) {
                int i = layout.indexOfName(names.get(k));
                if (i >= 0 && !disabled[i]) {
                    disabled[i] = true;
                    disabledIndexes[disabledCount++] = i;
                }
            }
        }
        disabledFor = current;
    }
}
