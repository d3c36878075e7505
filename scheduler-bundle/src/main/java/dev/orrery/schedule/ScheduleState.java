package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The per-world state of a schedule, held in the world trait {@link Schedule#state()} (SCH-063).
 *
 * <p>Fields:
 * <ul>
 *   <li>{@code name}: the schedule's name, its stable identity for serialization and devtools
 *       (SCH-140, SCH-151). The schedule writes it and never reads it back.</li>
 *   <li>{@code disabled}: names of disabled systems, the source of truth for the enabled state
 *       (SCH-123). Names that match no system are ignored (SCH-125), so they take effect again when a
 *       system of that name comes back in a rebuilt schedule.</li>
 *   <li>{@code onStartDone}: true once OnStart has completed in this world for every OnStart system
 *       of the schedule (SCH-036, SCH-112..114): "done" means every OnStart system of the schedule is
 *       recorded in {@code onStartConsidered}. A schedule keeps this truthful from its first call on a
 *       world (a run API, {@code enable} or {@code disable}): when the record says done although one
 *       of its OnStart systems is pending (a schedule built with {@code adoptStateOf} that brought a
 *       new OnStart system, or a hand-built record), it writes {@code onStartDone=false} before
 *       anything else, and only a completed OnStart phase sets it again; so it stays false while a
 *       newly added OnStart system throws (SCH-112). Between the build of such a schedule and its
 *       first call the stored flag may still say true: {@link #isOnStartDoneFor(Schedule)} is
 *       truthful at any time (beyond the spec). Informational: which OnStart systems still
 *       run is decided by {@code onStartConsidered}, so setting it to true alone does not stop OnStart
 *       systems from running (see below).</li>
 *   <li>{@code onStartConsidered}: beyond the spec (Orrery's OnStart for late joiners): names of the
 *       OnStart systems that were considered (run, or skipped as disabled or by a condition) when
 *       OnStart last completed in this world. An OnStart system whose name is absent runs on the next
 *       pass that includes OnStart, once. Which systems a pass considers is fixed when the OnStart
 *       phase begins, from the record in the world then: a record written by one of its systems
 *       (or a toggle it calls) changes the flags the later systems see, at once, but adds no
 *       system to the pass and removes none; its {@code onStartConsidered} counts from the next
 *       pass. When the phase completes, the systems it considered are added to the record in the
 *       world at that time.</li>
 *   <li>{@code disabledPhases}: beyond the spec (Orrery's phase toggle, after the DAG reference's
 *       {@code setPhaseEnabled} and flecs' {@code disable_phase}): names of the phases disabled in this
 *       world ({@link Schedule#disablePhase}). No system of such a phase runs; each system's own
 *       flag in {@code disabled} is kept as it is. Like {@code disabled}, names that match no phase
 *       are ignored and take effect again when a phase of that name comes back in a rebuilt
 *       schedule.</li>
 * </ul>
 *
 * <p><b>Immutable, and why that matters (SCH-152).</b> The record and its lists are immutable: the
 * lists are unmodifiable copies, so {@code state.disabled().add(name)} throws
 * {@link UnsupportedOperationException} instead of silently going stale. Because nothing can mutate
 * the disabled list in place, the schedule's enabled cache, keyed on the identity of the record it was
 * built from (SCH-123), can never be stale. The supported ways to change the state are
 * {@link Schedule#enable}/{@link Schedule#disable}, or replacing the record:
 * {@code world.set(schedule.state(), state.withDisabled(List.of("a")))}. Replacing it takes effect at
 * once, even inside a running pass (SCH-153).
 *
 * <p><b>Derive records, do not build them by hand.</b> Which OnStart systems still run in a world is
 * decided by {@code onStartConsidered} alone; {@code onStartDone} is informational (and gates only the
 * skip of an OnStart phase with nothing pending). So a record built from scratch, such as
 * {@code ScheduleState.builder(name).onStartDone(true).build()}, says "done" but considers no system,
 * and <em>every OnStart system runs again</em> on the next pass that includes OnStart. To change a
 * world's state, take its current record ({@code world.get(schedule.state())}, or {@link #initial} for
 * a world that has none) and derive the new one with {@link #withDisabled}, {@link #withOnStartReset},
 * {@link #withOnStartDone}, {@link #withDisabledPhases} or, for a schedule of another name,
 * {@link #renamedTo}. A save format must store all five fields, {@code onStartConsidered} included,
 * and restore them as they were ({@link #builder}); a format that keeps only the spec's three fields
 * ({@code name}, {@code disabled}, {@code onStartDone}) must rebuild the record with
 * {@code ScheduleState.initial(name).withDisabled(disabled)} (and {@link #withDisabledPhases} when it
 * kept the phase flags) followed, when {@code onStartDone} was true, by
 * {@link #withOnStartDone(Schedule)} for the schedule it is loaded into. Such a format should save
 * {@link #isOnStartDoneFor(Schedule)} of the running schedule as {@code onStartDone}: it is false while
 * an OnStart system of that schedule is pending, so the restored world runs the pending system (with
 * every other OnStart system: three fields cannot say which ones already ran).
 *
 * <p>A value: {@link #equals} compares the five fields. New fields get a default in {@link #builder}
 * and a wither, so code that builds or derives records keeps compiling.
 *
 * @since 0.1
 */
public final class ScheduleState {
    private final String name;
    private final List<String> disabled;
    private final boolean onStartDone;
    private final List<String> onStartConsidered;
    private final List<String> disabledPhases;

    private ScheduleState(Builder b) {
        this.name = b.name;
        this.disabled = copyOf(b.disabled, "disabled");
        this.onStartDone = b.onStartDone;
        this.onStartConsidered = copyOf(b.onStartConsidered, "onStartConsidered");
        this.disabledPhases = copyOf(b.disabledPhases, "disabledPhases");
    }

    private static List<String> copyOf(List<String> names, String field) {
        for (String n : names) {
            Objects.requireNonNull(n, () -> "ScheduleState: " + field + " contains a null name");
        }
        return List.copyOf(names);
    }

    /**
     * @param name the schedule name; not null
     * @return the default state: nothing disabled, OnStart not done (SCH-050, SCH-065)
     * @throws NullPointerException if {@code name} is null ({@code ScheduleState: name is null})
     */
    public static ScheduleState initial(String name) {
        return builder(name).build();
    }

    /**
     * Starts a record from its fields, for restoring a saved one; derive a running world's records
     * instead (see above). Defaults: nothing disabled, OnStart not done, nothing considered.
     *
     * @param name the schedule name; not null
     * @return a builder
     * @throws NullPointerException if {@code name} is null ({@code ScheduleState: name is null})
     */
    public static Builder builder(String name) {
        return new Builder(Objects.requireNonNull(name, "ScheduleState: name is null"));
    }

    /** @return a builder holding this record's fields */
    public Builder toBuilder() {
        return new Builder(name).disabled(disabled).onStartDone(onStartDone).onStartConsidered(onStartConsidered)
                .disabledPhases(disabledPhases);
    }

    /** @return the schedule name (SCH-140, SCH-151) */
    public String name() {
        return name;
    }

    /** @return the names of the disabled systems (unmodifiable, SCH-123) */
    public List<String> disabled() {
        return disabled;
    }

    /** @return whether OnStart is done for every OnStart system (informational, see above) */
    public boolean onStartDone() {
        return onStartDone;
    }

    /** @return the names of the OnStart systems already considered (unmodifiable) */
    public List<String> onStartConsidered() {
        return onStartConsidered;
    }

    /** @return the names of the phases disabled in this world (unmodifiable; Orrery's phase toggle) */
    public List<String> disabledPhases() {
        return disabledPhases;
    }

    /**
     * @param names the new disabled names; not null, no null name
     * @return a copy with {@code disabled} replaced
     * @throws NullPointerException if {@code names} or a name in it is null; the message names the field
     */
    public ScheduleState withDisabled(List<String> names) {
        return toBuilder().disabled(names).build();
    }

    /**
     * Beyond the spec (Orrery's phase toggle).
     *
     * @param names the new disabled phase names
     * @return a copy with {@code disabledPhases} replaced
     * @throws NullPointerException if {@code names} or a name in it is null
     */
    public ScheduleState withDisabledPhases(List<String> names) {
        return toBuilder().disabledPhases(names).build();
    }

    /**
     * Beyond the spec (Orrery's live rename of a schedule): a copy of this record for a schedule of
     * another name, keeping {@code disabled}, {@code onStartDone} and {@code onStartConsidered} as they
     * are (and {@code disabledPhases}). The host uses it when its main schedule is renamed while the
     * game runs, so the schedule built under the new name, whose state trait is new, starts from this world's state (disabled
     * systems stay disabled, OnStart systems already considered do not run again) instead of from
     * {@link #initial}. Write the result into the new schedule's trait:
     * {@code world.set(renamed.state(), world.get(old.state()).renamedTo(renamed.name()))}.
     *
     * @param name the other schedule's name; not null, not empty or blank (SCH-140)
     * @return the copy; {@code this} when {@code name} equals this record's name
     * @throws NullPointerException if {@code name} is null
     * @throws IllegalArgumentException if {@code name} is empty or blank, or contains a character
     *     {@link ItemNames} forbids
     */
    public ScheduleState renamedTo(String name) {
        Objects.requireNonNull(name, () -> "ScheduleState.renamedTo: name is null (state of schedule '"
                + this.name + "')");
        if (name.isBlank()) {
            throw new IllegalArgumentException("ScheduleState.renamedTo: name is empty or blank (state of schedule '"
                    + this.name + "'); a schedule name is required (SCH-140)");
        }
        int bad = ItemNames.firstForbidden(name);
        if (bad >= 0) {
            throw new IllegalArgumentException("ScheduleState.renamedTo (state of schedule '" + this.name + "'): "
                    + ItemNames.refusal(name, bad));
        }
        if (name.equals(this.name)) {
            return this;
        }
        return toBuilder().name(name).build();
    }

    /** @return a copy in which OnStart is not done and no OnStart system is considered, so all run again */
    public ScheduleState withOnStartReset() {
        return toBuilder().onStartDone(false).onStartConsidered(List.of()).build();
    }

    /**
     * Beyond the spec: whether OnStart is done in this record for
     * {@code schedule}, i.e. every OnStart system of the schedule is in {@code onStartConsidered}.
     * Unlike the stored {@link #onStartDone()}, this is truthful at any time, also between the build of
     * a schedule with a new OnStart system ({@code adoptStateOf}) and its first call on the world. A
     * schedule without OnStart systems is done (SCH-113).
     *
     * @param schedule the schedule; its name must be this record's name
     * @return whether no OnStart system of {@code schedule} is pending under this record
     * @throws NullPointerException if {@code schedule} is null
     * @throws IllegalArgumentException if the schedule's name differs from this record's name; the
     *     message names both
     */
    public boolean isOnStartDoneFor(Schedule schedule) {
        Objects.requireNonNull(schedule, "ScheduleState.isOnStartDoneFor: schedule is null");
        requireSameName(schedule, "isOnStartDoneFor");
        for (EcsSystem system : schedule.systemsOf(Phase.ON_START)) {
            if (!onStartConsidered.contains(system.name())) {
                return false;
            }
        }
        return true;
    }

    private void requireSameName(Schedule schedule, String api) {
        if (!schedule.name().equals(name)) {
            throw new IllegalArgumentException("ScheduleState." + api + ": this state belongs to schedule '"
                    + name + "', not to schedule '" + schedule.name() + "'");
        }
    }

    /**
     * Marks OnStart as done for every OnStart system of {@code schedule}, as if it had completed in this
     * world: a copy with {@code onStartDone} true and the names of the schedule's OnStart systems added
     * to {@code onStartConsidered} (after the names already there, in execution order). Use it to
     * restore a save that recorded only {@code onStartDone}, or to skip OnStart in a world on purpose.
     * {@code disabled} and {@code disabledPhases} are kept.
     *
     * @param schedule the schedule whose OnStart systems count as considered; its name must be this
     *     record's name
     * @return the new record
     * @throws NullPointerException if {@code schedule} is null
     * @throws IllegalArgumentException if the schedule's name differs from this record's name; the
     *     message names both
     */
    public ScheduleState withOnStartDone(Schedule schedule) {
        Objects.requireNonNull(schedule, "ScheduleState.withOnStartDone: schedule is null");
        requireSameName(schedule, "withOnStartDone");
        List<String> considered = new ArrayList<>(onStartConsidered);
        for (EcsSystem system : schedule.systemsOf(Phase.ON_START)) {
            if (!considered.contains(system.name())) {
                considered.add(system.name());
            }
        }
        return toBuilder().onStartDone(true).onStartConsidered(considered).build();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScheduleState other && other.name.equals(name) && other.disabled.equals(disabled)
                && other.onStartDone == onStartDone && other.onStartConsidered.equals(onStartConsidered)
                && other.disabledPhases.equals(disabledPhases);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, disabled, onStartDone, onStartConsidered, disabledPhases);
    }

    /** @return e.g. {@code ScheduleState[name=main, disabled=[a], onStartDone=true, onStartConsidered=[boot], disabledPhases=[]]} */
    @Override
    public String toString() {
        return "ScheduleState[name=" + name + ", disabled=" + disabled + ", onStartDone=" + onStartDone
                + ", onStartConsidered=" + onStartConsidered + ", disabledPhases=" + disabledPhases + "]";
    }

    /**
     * Builds a {@link ScheduleState} field by field. Not thread-safe.
     */
    public static final class Builder {
        private String name;
        private List<String> disabled = List.of();
        private boolean onStartDone;
        private List<String> onStartConsidered = List.of();
        private List<String> disabledPhases = List.of();

        private Builder(String name) {
            this.name = name;
        }

        private Builder name(String name) {
            this.name = name;
            return this;
        }

        /**
         * @param names names of the disabled systems; copied at {@link #build()}
         * @return this builder
         * @throws NullPointerException if {@code names} is null ({@code ScheduleState: disabled is null})
         */
        public Builder disabled(List<String> names) {
            this.disabled = Objects.requireNonNull(names, "ScheduleState: disabled is null");
            return this;
        }

        /**
         * @param done whether OnStart is done for every OnStart system
         * @return this builder
         */
        public Builder onStartDone(boolean done) {
            this.onStartDone = done;
            return this;
        }

        /**
         * @param names names of the OnStart systems already considered; copied at {@link #build()}
         * @return this builder
         * @throws NullPointerException if {@code names} is null
         *     ({@code ScheduleState: onStartConsidered is null})
         */
        public Builder onStartConsidered(List<String> names) {
            this.onStartConsidered = Objects.requireNonNull(names, "ScheduleState: onStartConsidered is null");
            return this;
        }

        /**
         * @param names names of the disabled phases (Orrery's phase toggle); copied at {@link #build()}
         * @return this builder
         * @throws NullPointerException if {@code names} is null ({@code ScheduleState: disabledPhases is null})
         */
        public Builder disabledPhases(List<String> names) {
            this.disabledPhases = Objects.requireNonNull(names, "ScheduleState: disabledPhases is null");
            return this;
        }

        /**
         * @return the record
         * @throws NullPointerException if a list holds a null name; the message names the field
         */
        public ScheduleState build() {
            return new ScheduleState(this);
        }
    }
}
