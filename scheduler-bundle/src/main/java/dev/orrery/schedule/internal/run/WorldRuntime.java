package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.PassClock;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.world.MessageBus;
import dev.orrery.world.MessageReader;
import dev.orrery.world.RunConfinement;
import dev.orrery.world.SystemContext;
import dev.orrery.world.SystemContexts;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitEvents;
import dev.orrery.world.TraitRef;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.LateDefinitions;
import dev.orrery.world.WorldTransaction;
import java.lang.ref.WeakReference;
import java.util.List;

/**
 * The non-persistent run-time data of one schedule in one world (SCH-063, SCH-064): the re-entrancy
 * marker (SCH-043), the reused hook context (SCH-150), the enabled cache (SCH-123, SCH-124, with the
 * phase flags of Orrery's phase toggle folded in), the OnStart pending flags and the cache of which
 * phases have all their systems initialised (Orrery's system lifecycle). Created on the first call for the world, kept in {@link WorldRuntimes} keyed
 * weakly by world; it refers to the world only weakly, and to the state trait through a
 * {@link TraitRef}, which holds no world reference.
 *
 * <p>Confined to the world's thread, like the world.
 */
final class WorldRuntime {
    private final WeakReference<World> world;
    /** Live view of the schedule's state trait in this world; {@code get()} is one field read. */
    final TraitRef<ScheduleState> state;
    /** The world's structural transaction (one object per world); it holds no reference to the world. */
    final WorldTransaction tx;
    /** Which thread runs the world (one object per world, shared by its schedules); holds no world. */
    final RunConfinement confinement;
    /** The world's per-system contexts (one object per world); it holds no reference to the world. */
    final SystemContexts systemContexts;
    /** Per system index: its context in this world, by schedule and system name ({@link SystemTurns}). */
    final SystemContext[] contexts;
    /** The context that was current when the current run call began: restored when it ends. */
    SystemContext outerContext;
    /** The world's messages (one object per world); holds no world. */
    final MessageBus bus;
    /** The schedule's message readers in this world, or null when no system reads messages. */
    final RunMessages messages;
    /** The reader that was current when the current run call began: restored when it ends. */
    MessageReader messagesOuter;
    /** The schedule's observers in this world, or null when it has none or is not transactional. */
    final ObserverRuntime observers;
    /** The world's trait events (one object per world); holds no world. */
    final TraitEvents events;
    /** The schedule's attachment to the world ({@link ObserverHub}), or null before the first. */
    ObserverHub.Attachment attachment;
    /** The reused hook context, or null when the schedule has no hooks. */
    final MutableHookContext hookContext;
    /**
     * The hook context of the current run call: {@link #hookContext} on a sampled call, null on the
     * others (the hook-free path runs). See {@code ScheduleHooks.samplePeriod()}.
     */
    MutableHookContext activeContext;
    /** Run calls begun on this world, for hook sampling; wraps harmlessly. */
    int calls;
    final OnStartProgress onStart;
    /** Scratch per OnStart system: held back in this pass because OnStart is disabled (Orrery's own). */
    final boolean[] onStartHeld;
    /** Set while a run API of this schedule executes on this world (SCH-043, SCH-044). */
    boolean executing;
    /** What the schedule's probe published before the current run call: restored when it ends. */
    List<RunProbe.Running> probeOuterTable;
    int probeOuterIndex = -1;
    /** Where this schedule's world update is, for {@code Cooperative}; made by the first run call. */
    UpdateSite site;

    /**
     * Per system index: blocked in the record {@link #disabledFor}: its own flag is off, or its
     * phase's flag is (Orrery's phase toggle). The hot loop reads only this array.
     */
    final boolean[] disabled;
    /** Per system index: its own flag is off in the record {@link #disabledFor} (SCH-051). */
    private final boolean[] ownDisabled;
    /** Per system index: its phase is disabled in the record {@link #disabledFor} (Orrery's own). */
    private final boolean[] phaseBlocked;
    /** Per phase index: disabled in the record {@link #disabledFor} (Orrery's own). */
    private final boolean[] phaseDisabled;
    private final RunLayout layout;
    private final int[] disabledIndexes;
    private int disabledCount;
    private final int[] disabledPhaseIndexes;
    private int disabledPhaseCount;

    /** Live view of the schedule's lifecycle trait in this world (Orrery's system lifecycle). */
    final TraitRef<InitialisedSystems> lifecycle;
    /** Per phase index: every tracked system of the phase is initialised, as of {@link #lifecycleFor}. */
    private final boolean[] phaseInitialised;
    private InitialisedSystems lifecycleFor;
    private int lifecycleVersion;
    private boolean lifecycleSynced;
    /**
     * Whether any {@link #disabled} flag is set (as of {@link #disabledFor}). Package-private because
     * generated code reads it directly ({@link DispatchGenerator}).
     */
    boolean anyDisabled;
    /** The state record the {@link #disabled} flags were built from, by identity (null: trait absent). */
    ScheduleState disabledFor;

    /** Live view of the world's {@link VirtualTime}. */
    final TraitRef<VirtualTime> virtualTime;
    /** Scratch of the fixed-step clocks, or null when the schedule has none. */
    final FixedScratch fixed;
    /**
     * Where the last throw out of a phase of this call left the phase: the index of the first system
     * not done (the one after the system whose turn threw, or the system after a publish that threw),
     * or -1 when the throw came from elsewhere (an init function). Written on exception paths only,
     * by the executors' handlers, {@link Commits#afterSystem} and the runner's publishes, and reset by
     * {@link FixedSteps} before each fixed phase: the resume point of an interrupted fixed step.
     */
    int faultResume = -1;

    /** Live view of the world's {@link PassClock}. */
    private final TraitRef<PassClock> clock;
    /** The clock on which the current call began a pass, or null; with the pass and dt it interrupted. */
    private PassClock begun;
    private long outerPass;
    private double outerDt;

    WorldRuntime(World world, RunLayout layout, TraitRef<ScheduleState> state, TraitRef<InitialisedSystems> lifecycle,
                 MutableHookContext hookContext) {
        this.world = new WeakReference<>(world);
        this.layout = layout;
        this.state = state;
        this.hookContext = hookContext;
        this.onStart = new OnStartProgress(layout);
        this.onStartHeld = new boolean[layout.onStartTo - layout.onStartFrom];
        this.disabled = new boolean[layout.systemCount()];
        this.disabledIndexes = new int[layout.systemCount()];
        this.ownDisabled = new boolean[layout.systemCount()];
        this.phaseBlocked = new boolean[layout.systemCount()];
        this.phaseDisabled = new boolean[layout.phases.length];
        this.disabledPhaseIndexes = new int[layout.phases.length];
        this.lifecycle = lifecycle;
        this.phaseInitialised = new boolean[layout.phases.length];
        lateDefinitions(world, state.trait());
        this.clock = world.ref(PassClock.TRAIT);
        this.virtualTime = world.ref(VirtualTime.TRAIT);
        this.fixed = layout.fixed.any ? new FixedScratch(layout, world) : null;
        this.tx = world.transaction();
        this.confinement = world.runConfinement();
        this.systemContexts = world.systemContexts();
        this.contexts = new SystemContext[layout.systemCount()];
        resolveContexts();
        this.bus = world.messageBus();
        this.messages = RunMessages.of(world, layout, state.trait());
        this.events = world.traitEvents();
        this.observers = layout.observers == null || !layout.transactional ? null
                : new ObserverRuntime(layout.observers, layout.scheduleName, world);
    }

    /**
     * Decodes the schedule's persistent world traits that a restore into this world, made before the
     * schedule first ran on it, had to keep opaque (no definition was known then): the state record,
     * the pass clock, virtual time and the fixed-step clocks. Later restores find these definitions
     * among the world's refs.
     */
    private static void lateDefinitions(World world, Trait<ScheduleState> stateTrait) {
        for (Trait<?> t : List.of(stateTrait, PassClock.TRAIT, VirtualTime.TRAIT, FixedTime.TRAIT)) {
            if (!world.has(t)) {
                LateDefinitions.worldValue(world, t);
            }
        }
    }

    /**
     * (Re)obtains each system's context in the world: the same objects while the schedule stays
     * attached; new ones after another schedule of its name replaced it and dropped them.
     */
    void resolveContexts() {
        for (int i = 0; i < contexts.length; i++) {
            contexts[i] = systemContexts.of(layout.scheduleName, layout.systemNames[i]);
        }
        if (observers != null) {
            observers.resolveContexts();
        }
    }

    /**
     * Beyond the spec: begins a pass of the world's {@link PassClock} with {@code dt}, when
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

    /** @return the pass clock the current call began a pass on, or null when it began none */
    PassClock passClock() {
        return begun;
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
        // anyDisabled first: where the JIT can prove the loop around this call stores
        // nothing (empty or pure systems), the check is loop-invariant and the array read disappears
        // from the common case; otherwise it costs one field read.
        return anyDisabled && disabled[system];
    }

    /**
     * @param system the system index
     * @return whether the system's own flag is off in the current record (its phase's flag aside)
     */
    boolean isOwnDisabled(int system) {
        isDisabled(system);
        return ownDisabled[system];
    }

    /**
     * @param system the system index
     * @return whether the system's phase is disabled in the record the flags were last built from;
     *     call {@link #isDisabled} first
     */
    boolean isPhaseBlocked(int system) {
        return phaseBlocked[system];
    }

    /**
     * @param phase the phase index
     * @return whether the phase is disabled in the current record (Orrery's phase toggle); one field
     *     read and an identity compare when the record did not change
     */
    boolean isPhaseDisabled(int phase) {
        ScheduleState current = state.get();
        if (current != disabledFor) {
            rebuildDisabled(current);
        }
        return phaseDisabled[phase];
    }

    /**
     * Rebuilds the disabled flags from a record in O(names disabled before + names disabled now +
     * systems of the phases disabled before and now). Names that match no system or phase are ignored
     * (SCH-125).
     *
     * @param current the record, or null when the world lacks the trait (nothing disabled)
     */
    void rebuildDisabled(ScheduleState current) {
        for (int k = 0; k < disabledCount; k++) {
            int i = disabledIndexes[k];
            disabled[i] = false;
            ownDisabled[i] = false;
        }
        disabledCount = 0;
        for (int k = 0; k < disabledPhaseCount; k++) {
            int p = disabledPhaseIndexes[k];
            phaseDisabled[p] = false;
            for (int i = layout.phaseStart[p], end = layout.phaseEnd[p]; i < end; i++) {
                disabled[i] = false;
                phaseBlocked[i] = false;
            }
        }
        disabledPhaseCount = 0;
        if (current != null) {
            List<String> names = current.disabled();
            for (int k = 0, n = names.size(); k < n; k++) {
                int i = layout.indexOfName(names.get(k));
                if (i >= 0 && !ownDisabled[i]) {
                    ownDisabled[i] = true;
                    disabled[i] = true;
                    disabledIndexes[disabledCount++] = i;
                }
            }
            List<String> phaseNames = current.disabledPhases();
            for (int k = 0, n = phaseNames.size(); k < n; k++) {
                int p = layout.indexOfPhaseName(phaseNames.get(k));
                if (p >= 0 && !phaseDisabled[p]) {
                    phaseDisabled[p] = true;
                    disabledPhaseIndexes[disabledPhaseCount++] = p;
                    for (int i = layout.phaseStart[p], end = layout.phaseEnd[p]; i < end; i++) {
                        disabled[i] = true;
                        phaseBlocked[i] = true;
                    }
                }
            }
        }
        anyDisabled = disabledCount > 0 || disabledPhaseCount > 0;
        disabledFor = current;
    }

    /**
     * Orrery's system lifecycle: whether every tracked system of the phase is initialised in this
     * world. O(1) (a field read, an identity and an int compare, an array read) while the lifecycle
     * record did not change; otherwise refreshes the flags first, in O(tracked systems).
     *
     * @param phase the phase index
     * @return the flag
     */
    boolean isPhaseInitialised(int phase) {
        InitialisedSystems current = lifecycle.get();
        if (!lifecycleSynced || current != lifecycleFor || (current != null && current.version() != lifecycleVersion)) {
            for (int p = 0; p < phaseInitialised.length; p++) {
                boolean all = true;
                if (layout.phaseTracked[p]) {
                    for (int i = layout.phaseStart[p], end = layout.phaseEnd[p]; i < end && all; i++) {
                        all = !layout.tracked[i] || (current != null && current.contains(layout.systems[i]));
                    }
                }
                phaseInitialised[p] = all;
            }
            lifecycleFor = current;
            lifecycleVersion = current == null ? 0 : current.version();
            lifecycleSynced = true;
        }
        return phaseInitialised[phase];
    }
}
