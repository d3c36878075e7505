package dev.orrery.schedule;

import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.schedule.graph.OrderGraph;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.Collection;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An immutable, built schedule: the execution plan of its phases and systems, computed once by
 * {@link ScheduleBuilder#build()} (SCH-106), and the run APIs that execute it on a world.
 *
 * <p><b>Run APIs.</b> {@link #run} executes every automatic phase in order (SCH-030);
 * {@link #runPhase}/{@link #runPhases} step one phase or a range, manual phases included
 * (SCH-032..034, SCH-108..111). {@code dt} is in seconds, finite and {@code >= 0}; it is passed
 * unchanged to every system and never measured (SCH-031, SCH-041, SCH-042). When several errors apply
 * to one call, the first of these is thrown (SCH-115): an unknown phase, {@code from} after {@code to},
 * or invalid manual endpoints ({@link IllegalArgumentException}); an invalid dt
 * ({@link IllegalArgumentException}); a nested call of this schedule on the same world
 * ({@link IllegalStateException}, SCH-043). Every such message names the schedule (SCH-141). An
 * exception from a system, condition or hook propagates unchanged and leaves the schedule usable
 * (SCH-037, SCH-044).
 *
 * <p><b>Null arguments.</b> Every method of a built schedule, run APIs and introspection alike, throws
 * a {@link NullPointerException} for a null world, phase or system, checked before anything else and
 * before any state changes; the message names the schedule, the method and the parameter, e.g.
 * {@code schedule 'main': systemsOf: phase is null} or {@code schedule 'main': runPhases: from phase is
 * null}. A phase or system that is not null but not in this schedule is an
 * {@link IllegalArgumentException} whose message names the schedule, the method and the item, e.g.
 * {@code schedule 'main': isManual: phase 'X' is not in this schedule}.
 *
 * <p><b>Per-world state.</b> Enabled flags (of systems, and beyond the spec of phases) and OnStart
 * completion live in the world trait
 * {@link #state()} (SCH-063), added lazily on first use; see {@link ScheduleState}. A schedule holds no
 * per-world data in static fields (SCH-064); its runtime data per world (re-entrancy marker, hook
 * context, enabled cache) is keyed weakly by world.
 *
 * <p><b>Threading.</b> A schedule is immutable and may be shared, but each world is confined to one
 * thread, so run calls for a world happen on that world's thread. This is checked per world, for the
 * run calls of every schedule: while a thread is inside a run call on a world (nested calls
 * included), a run call on that world from another thread throws an {@link IllegalStateException}
 * whose message names the schedule, both threads and what the first thread runs, and changes nothing
 * (see {@link dev.orrery.world.RunConfinement}). Handing a world to another thread between run calls
 * is allowed.
 *
 * <p><b>Beyond the spec (Orrery's phase toggle).</b> {@link #disablePhase}/{@link #enablePhase} switch
 * a whole phase off and on in one world (after the DAG reference's {@code setPhaseEnabled} and flecs'
 * {@code disable_phase}); see {@link #disablePhase} for what that means for the run APIs, hooks and
 * OnStart. A system runs only when its phase's flag, its own flag and its conditions all hold, checked
 * in that order.
 *
 * <p><b>Beyond the spec (Orrery's system lifecycle).</b> A system may have an {@link InitFunction} and
 * a {@link DisposeFunction} ({@link EcsSystem.Builder#init}, {@link EcsSystem.Builder#dispose}), after
 * the DAG reference's {@code init}/{@code dispose}. Such a system is tracked per world:
 * <ul>
 *   <li><b>init</b> runs on the thread that runs the schedule, when a run API executes the system's
 *       phase in that world and the system is not initialised there: before any system of that phase
 *       is considered, in execution order, whether or not the system then runs (its phase's flag, its
 *       own flag or a condition may skip it). A system whose phase is never executed is never
 *       initialised. A system with only a dispose function is tracked the same way.</li>
 *   <li><b>Once per world, across rebuilds.</b> The record of initialised systems is a world trait
 *       shared by this schedule, the schedules built with {@code adoptStateOf(this)} and the results of
 *       {@link #withoutPlugins}, so a rebuilt schedule does not initialise a system again. Systems are
 *       matched by identity: a system that left (and was disposed) and comes back is initialised again;
 *       an updated plugin's new system objects are new systems. The record is not part of
 *       {@link ScheduleState} (it is run-time knowledge, not data to save: a restored world initialises
 *       its systems again).</li>
 *   <li><b>dispose</b> runs when an initialised system leaves: {@link #disposeRemoved} disposes those
 *       not in this schedule (call it when this schedule replaces one that had them; the host does it
 *       on the frame thread at the frame boundary where it swaps in a schedule without them, departure
 *       suspensions included), and {@link #disposeAll} disposes all of them (at shutdown). Newest
 *       first; each at most once per initialisation.</li>
 *   <li><b>Failures.</b> An exception from an init function propagates from the run API like a
 *       system's (SCH-037), attributed as {@link RunFailure.Stage#INIT}; the system stays
 *       uninitialised, is tried again on the next pass of its phase, and is never disposed for that
 *       attempt. An exception from a dispose function propagates from {@link #disposeRemoved} or
 *       {@link #disposeAll}, attributed as {@link RunFailure.Stage#DISPOSE}; the system counts as
 *       disposed, so calling the method again goes on with the others.</li>
 *   <li><b>{@link World#reset()}</b> removes the record with every other world trait: no dispose runs,
 *       and every system is initialised again on its next pass (the reset world is a new world). Call
 *       {@link #disposeAll} before a reset if dispose functions must run.
 *       {@code WorldPurge.purge} forgets, without disposing, systems of unloaded code.</li>
 * </ul>
 *
 * <p><b>Beyond the spec (Orrery's hot plug and fault attribution).</b> {@link #withoutPlugins} derives,
 * without a rebuild, the schedule that no longer runs the systems of departing plugins, so a host can
 * stop running a plugin's systems at the next frame boundary while it rebuilds in the background.
 * After an exception escaped a run API, {@link RunFailure#of(World, Throwable)} tells which schedule,
 * system, plugin and stage threw it (the exception itself propagates unchanged).
 *
 * <p><b>Beyond the spec (Orrery's order introspection).</b> {@link #orderGraph()} publishes the
 * resolved ordering declarations with their provenance, the graph the build ordered by, as data;
 * {@link #accessReport()} says what the systems' declared trait access ({@link EcsSystem#reads()},
 * {@link EcsSystem#writes()}) implies about the order.
 *
 * @since 0.1
 */
@ProviderType
public interface Schedule {
    /**
     * Starts building a schedule (the spec's {@code createSchedule}).
     *
     * @param name the schedule name, unique per world (SCH-062, SCH-140)
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null, empty or blank; the message says that
     *     name is missing or empty (or blank) (SCH-140); or if it contains a control character or a line
     *     or paragraph separator ({@link ItemNames}); the message shows it escaped
     */
    static ScheduleBuilder builder(String name) {
        return new ScheduleBuilder(name);
    }

    /** @return the schedule name (SCH-140) */
    String name();

    /**
     * @return the world trait holding this schedule's per-world state; the same object on every call,
     *     different from every other schedule's unless adopted on a rebuild (SCH-151)
     */
    Trait<ScheduleState> state();

    /** @return all phases, builtin and custom, manual included, in SCH-102 order; same list every call (SCH-008) */
    List<Phase> phases();

    /** @return all systems in execution order, phase by phase, disabled ones included; same list every call (SCH-142) */
    List<EcsSystem> systems();

    /**
     * @param phase a phase of this schedule
     * @return its systems in execution order; the same list on every call for that phase (SCH-143)
     * @throws NullPointerException if the phase is null
     * @throws IllegalArgumentException if the phase is not in this schedule
     */
    List<EcsSystem> systemsOf(Phase phase);

    /**
     * @param phase a phase of this schedule
     * @return whether it is manual: marked manual, or detached from the builtin phases (SCH-104)
     * @throws NullPointerException if the phase is null
     * @throws IllegalArgumentException if the phase is not in this schedule
     */
    boolean isManual(Phase phase);

    /** @return the plugins the schedule was built from, in the given order (unmodifiable) */
    List<Plugin> plugins();

    /** @return all sets of the flattened declaration (plugins' first, SCH-136), unmodifiable */
    List<SystemSet> sets();

    /**
     * @param system a system of this schedule
     * @return the name of the plugin that declared it, or this schedule's name if the schedule did
     * @throws NullPointerException if the system is null
     * @throws IllegalArgumentException if the system is not in this schedule
     */
    String sourceOf(EcsSystem system);

    /**
     * Beyond the spec (Orrery's hot plug): this schedule without the systems of some of its plugins,
     * derived from the execution plan without a rebuild. The result has this schedule's name, the same
     * {@link #state()} trait object (so disabled flags and OnStart progress are shared with this
     * schedule in every world) and the same hooks; its phases, their order and manual flags, and
     * {@link #sets()} are this schedule's (a phase or set declared by a removed plugin stays, since
     * other plugins' systems may use it; a remaining system in a set of a removed plugin is still gated
     * by that set's run condition). Its systems are this schedule's minus those whose
     * {@link #sourceOf source} is one of {@code pluginNames}, in the same relative order, and
     * {@link #plugins()} lists the remaining plugins in the same order. Everything else behaves as for
     * a schedule built without those systems: a removed system is not in the result (its
     * {@link #sourceOf}, {@link #isEnabled}, {@link #enable} and {@link #disable} throw
     * {@link IllegalArgumentException}), and the run APIs never run it.
     *
     * <p>No plugin code is called (plugin names are those read at build) and nothing is re-sorted or
     * re-validated: cheap enough for a frame thread at a frame boundary. The result's per-world runtime data (re-entrancy marker, enabled cache) is its
     * own, created on its first use with a world, like that of any new schedule. Only plugins are
     * matched: the schedule's own systems (whose source is the schedule's name) always stay.
     *
     * @param pluginNames names of plugins of this schedule; names that match no plugin are ignored
     * @return the schedule without those plugins and their systems; {@code this} when no plugin of this
     *     schedule has one of those names
     * @throws NullPointerException if {@code pluginNames} is null or contains null; the message names
     *     the schedule and the method, e.g.
     *     {@code schedule 'main': withoutPlugins: pluginNames is null}
     * @throws IllegalArgumentException if {@code pluginNames} contains an empty or blank name (no plugin
     *     has one, SCH-135), e.g.
     *     {@code schedule 'main': withoutPlugins: pluginNames contains an empty or blank name; ...}, or a
     *     name with a character that no plugin name may contain ({@link ItemNames})
     */
    Schedule withoutPlugins(Collection<String> pluginNames);

    /**
     * Beyond the spec (Orrery's observers): the schedule's observers, flattened like its systems
     * (the plugins' in plugin order, then its own, SCH-136); for a schedule derived by
     * {@link #withoutPlugins}, without the removed plugins' observers. See {@link EcsObserver}.
     *
     * @return the observers; unmodifiable (empty by default)
     */
    default List<EcsObserver> observers() {
        return List.of();
    }

    /**
     * Beyond the spec (Orrery's observers): how often each observer fired in a world; a cold path
     * for tools. World thread, or any thread while no run call executes on the world.
     *
     * @param world the world; not null
     * @return one entry per observer, in {@link #observers()} order; all zero for a world the
     *     schedule never ran on (a new list; empty by default)
     * @throws NullPointerException if {@code world} is null
     */
    default List<ObserverStats> observerStats(World world) {
        java.util.Objects.requireNonNull(world, "Schedule.observerStats: world is null");
        return List.of();
    }

    /**
     * Beyond the spec (Orrery's observers and messages): attaches this schedule to a world, as its first
     * run call on the world does. The schedule replaces the one of its lineage attached there (the
     * schedules sharing its {@link #state()} trait: those built with {@code adoptStateOf}, the results
     * of {@link #withoutPlugins}), so from now on:
     * <ul>
     *   <li>its observers fire in that world at every publish and, outside a run, at once after each
     *       change ({@link EcsObserver}); the replaced schedule's observers are never called again and
     *       the world keeps no reference to them;</li>
     *   <li>its message readers are the registered readers of the lineage ({@code readsMessages}): a
     *       system of the same name keeps its cursor, so it reads each message once across the
     *       replacement; the readers of systems it lacks are dropped and no longer hold messages back;</li>
     *   <li>the per-system contexts (change-detection windows) of systems and observers of its name that
     *       no schedule attached to the world has any more are dropped; those of the systems and
     *       observers it has, matched by name, are kept.</li>
     * </ul>
     * A run call of a schedule whose lineage another schedule took over since attaches it again. The
     * host attaches the schedules it puts in force at the frame boundary where it swaps them in, and
     * detaches them when it stops. Calling it again changes nothing. World thread, outside this
     * schedule's run calls on the world.
     *
     * @param world the world; not null
     * @throws NullPointerException if {@code world} is null
     * @throws IllegalStateException if this schedule is running on this world (SCH-043)
     */
    default void attach(World world) {
        java.util.Objects.requireNonNull(world, "Schedule.attach: world is null");
    }

    /**
     * Beyond the spec (Orrery's observers and messages): ends the attachment of this schedule's lineage
     * to a world ({@link #attach}): its observers are never called again, its message readers are
     * unregistered (they no longer hold messages back), and the per-system contexts of its name that no
     * attached schedule has are dropped; the world keeps no reference to its code. A later run call
     * attaches it again. The host detaches its schedules when it stops. World thread, outside this
     * schedule's run calls on the world.
     *
     * @param world the world; not null
     * @throws NullPointerException if {@code world} is null
     * @throws IllegalStateException if this schedule is running on this world (SCH-043)
     */
    default void detach(World world) {
        java.util.Objects.requireNonNull(world, "Schedule.detach: world is null");
    }

    /**
     * Beyond the spec (Orrery's own): the resolved ordering graph, with the provenance of every edge
     * (which system or set declared it, by which declaration, from which plugin), computed once, on the
     * first call (from what the build resolved; only tools read it, so {@code build()} does not pay for
     * it), on any thread. For a schedule derived by {@link #withoutPlugins}, the graph without the removed systems and
     * the edges they declared or that end at them (sets stay): two remaining systems ordered only through
     * a removed one keep their run order (nothing is re-sorted) but have no {@link OrderGraph#path} any
     * more, as in a rebuild without those plugins.
     *
     * @return the order graph; the same object on every call
     */
    OrderGraph orderGraph();

    /**
     * Beyond the spec (Orrery's own): what the systems' declared trait access
     * ({@link EcsSystem#reads()}, {@link EcsSystem#writes()}) says about the order: reads of traits
     * written earlier in the phase without an ordering path, and unordered conflicting pairs. Computed
     * once at build; for a schedule derived by {@link #withoutPlugins}, the build's report without the
     * entries naming a removed system (not analysed again: two remaining systems that were ordered only
     * through a removed one keep their run order and are reported by the next rebuild, not here).
     *
     * @return the report; the same object on every call
     */
    AccessReport accessReport();

    /**
     * Runs every enabled system whose conditions hold in every automatic phase, in order (SCH-030).
     *
     * <p>Beyond the spec: a fixed-step phase ({@link Phase#isFixed()}) runs once per whole step its
     * {@link FixedClock} accumulated in this call, with {@code dt} equal to the step ({@link FixedTime});
     * a world with {@link VirtualTime} gets its virtual dt instead of {@code dt}. A world with neither
     * gets {@code dt} unchanged (SCH-031).
     *
     * @param world the world
     * @param dt seconds since the last call; finite and {@code >= 0}
     * @throws NullPointerException if the world is null
     * @throws IllegalArgumentException if dt is NaN, infinite or negative (SCH-041)
     * @throws IllegalStateException if this schedule is already running on this world (SCH-043), or
     *     another thread is inside a run call on this world (see Threading above)
     */
    void run(World world, double dt);

    /**
     * Runs the enabled systems of one phase whose conditions hold (SCH-032, SCH-108).
     *
     * @param world the world
     * @param phase a phase of this schedule, automatic or manual
     * @param dt seconds; finite and {@code >= 0}
     * @throws NullPointerException if the world or the phase is null
     * @throws IllegalArgumentException if the phase is unknown (SCH-034) or dt is invalid (SCH-041)
     * @throws IllegalStateException if this schedule is already running on this world (SCH-043), or
     *     another thread is inside a run call on this world (see Threading above)
     */
    void runPhase(World world, Phase phase, double dt);

    /**
     * Runs the phases from {@code from} to {@code to} inclusive, in phase order: all automatic phases
     * between two automatic endpoints (SCH-033), or the phases of one manual component between two
     * manual endpoints (SCH-109).
     *
     * @param world the world
     * @param from first phase
     * @param to last phase
     * @param dt seconds; finite and {@code >= 0}
     * @throws NullPointerException if the world, {@code from} or {@code to} is null
     * @throws IllegalArgumentException if a phase is unknown, {@code from} comes after {@code to}
     *     (SCH-034), the endpoints mix manual and automatic (SCH-111) or lie in different manual
     *     components (SCH-110), or dt is invalid (SCH-041)
     * @throws IllegalStateException if this schedule is already running on this world (SCH-043), or
     *     another thread is inside a run call on this world (see Threading above)
     */
    void runPhases(World world, Phase from, Phase to, double dt);

    /**
     * Enables a system in a world; idempotent; applies immediately, also inside a running pass (SCH-052, SCH-056).
     *
     * @param world the world
     * @param system a system of this schedule
     * @throws NullPointerException if the world or the system is null
     * @throws IllegalArgumentException if the system is not in this schedule (SCH-055)
     */
    void enable(World world, EcsSystem system);

    /**
     * Disables a system in a world, by name in the state trait; idempotent; applies immediately (SCH-051, SCH-056).
     *
     * @param world the world
     * @param system a system of this schedule
     * @throws NullPointerException if the world or the system is null
     * @throws IllegalArgumentException if the system is not in this schedule (SCH-055)
     */
    void disable(World world, EcsSystem system);

    /**
     * @param world the world
     * @param system a system of this schedule
     * @return the system's enabled flag in that world; conditions are not evaluated (SCH-054, SCH-153).
     *     A query: it does not add the state trait to the world (true when the world lacks it)
     * @throws NullPointerException if the world or the system is null
     * @throws IllegalArgumentException if the system is not in this schedule (SCH-055)
     */
    boolean isEnabled(World world, EcsSystem system);

    /**
     * Beyond the spec (Orrery's phase toggle): enables a phase in a world, by name in the state trait;
     * idempotent; applies immediately, also inside a running pass. Systems' own flags are unchanged.
     *
     * @param world the world
     * @param phase a phase of this schedule, automatic or manual
     * @throws NullPointerException if the world or the phase is null; e.g.
     *     {@code schedule 'main': enablePhase: phase is null}
     * @throws IllegalArgumentException if the phase is not in this schedule; e.g.
     *     {@code schedule 'main': enablePhase: phase 'X' is not in this schedule}
     */
    void enablePhase(World world, Phase phase);

    /**
     * Beyond the spec (Orrery's phase toggle): disables a phase in a world, by name in the state trait
     * ({@link ScheduleState#disabledPhases()}); idempotent. Systems' own flags are unchanged.
     *
     * <ul>
     *   <li>The flag is kept by phase name, like the systems' flags: it lasts across rebuilds that
     *       adopt the state, applies to a phase of that name that comes back, and {@link World#reset()}
     *       clears it.</li>
     *   <li>No system of the phase runs until it is enabled again: the phase's flag is checked first,
     *       so no condition of its systems is evaluated. {@link #run}, {@link #runPhase} and
     *       {@link #runPhases} all respect it; stepping a disabled phase by hand runs none of its
     *       systems.</li>
     *   <li>The change applies at once, also inside a running pass (as SCH-056 for systems): a system
     *       that disables a later phase stops it in this pass, and one that disables its own phase
     *       stops the systems after it.</li>
     *   <li>Hooks see each system of a disabled phase as skipped, with
     *       {@link SkipReason#PHASE_DISABLED} (in place of {@link SkipReason#DISABLED} when the system's
     *       own flag is off too).</li>
     *   <li>OnStart: a pending OnStart system skipped because OnStart is disabled is not considered; it
     *       stays pending and runs once on the first pass with OnStart enabled, and OnStart is not done
     *       until then.</li>
     * </ul>
     *
     * @param world the world
     * @param phase a phase of this schedule, automatic or manual
     * @throws NullPointerException if the world or the phase is null
     * @throws IllegalArgumentException if the phase is not in this schedule
     */
    void disablePhase(World world, Phase phase);

    /**
     * Beyond the spec (Orrery's phase toggle).
     *
     * @param world the world
     * @param phase a phase of this schedule
     * @return the phase's enabled flag in that world. A query: it does not add the state trait to the
     *     world (true when the world lacks it)
     * @throws NullPointerException if the world or the phase is null
     * @throws IllegalArgumentException if the phase is not in this schedule
     */
    boolean isPhaseEnabled(World world, Phase phase);

    /**
     * Beyond the spec (Orrery's system lifecycle): disposes every system initialised in the world
     * (through this schedule or any schedule sharing its lifecycle record, see above) that is not a
     * system of this schedule (by identity), newest first, on the calling thread. Call it when this
     * schedule takes over from one that had systems it lacks; it is cheap when nothing is to be
     * disposed (no allocation when the world has no initialised system).
     *
     * @param world the world
     * @return how many systems were disposed (including those without a dispose function, which are only
     *     forgotten)
     * @throws NullPointerException if the world is null
     * @throws IllegalStateException if this schedule is running on this world (SCH-043)
     * @throws RuntimeException or {@link Error} as thrown by a dispose function, unchanged, after the
     *     systems before it were disposed; {@link RunFailure#of} names the system with
     *     {@link RunFailure.Stage#DISPOSE}; that system counts as disposed, so a second call disposes the
     *     rest
     */
    int disposeRemoved(World world);

    /**
     * Beyond the spec (Orrery's system lifecycle): disposes every system initialised in the world
     * (through this schedule or any schedule sharing its lifecycle record), newest first, on the calling
     * thread; for shutdown. A system that runs afterwards is initialised again.
     *
     * @param world the world
     * @return how many systems were disposed
     * @throws NullPointerException if the world is null
     * @throws IllegalStateException if this schedule is running on this world (SCH-043)
     * @throws RuntimeException or {@link Error} as thrown by a dispose function, as for
     *     {@link #disposeRemoved}
     */
    int disposeAll(World world);
}
