package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A phase of a schedule: a named step that systems are assigned to (SCH-100).
 *
 * <p>Immutable; compared by identity. The builtin phases run in the order {@link #ON_START},
 * {@link #ON_LOAD}, {@link #POST_LOAD}, {@link #PRE_UPDATE}, {@link #ON_UPDATE}, {@link #ON_VALIDATE},
 * {@link #POST_UPDATE}, {@link #PRE_STORE}, {@link #ON_STORE} (SCH-001). A custom phase lists the
 * phases it runs after ({@link #dependsOn()}, the flecs name) and before ({@link #before()}); where it
 * is placed is defined by SCH-102. A custom phase that is not connected to a builtin phase, or is
 * marked {@link #manual()}, is manual: {@code run} skips it and only {@code runPhase}/{@code runPhases}
 * step it (SCH-104, SCH-107).
 *
 * <p><b>OnStart and the phases after it (SCH-036; differences from flecs).</b> OnStart runs once per
 * world, on its first execution by any run API (flecs: on the first {@code progress()}). Only the
 * OnStart systems run once: the other phases are unaffected, and that includes a custom phase that
 * {@code dependsOn(ON_START)}. Such a phase is placed right after OnStart (SCH-102) but, being automatic,
 * runs on every pass, every frame; it is not a "once" phase. Put one-time setup in OnStart itself.
 *
 * <p>Phase names must be unique within a schedule (SCH-138); extension packages should prefix them
 * ({@code prefab/Spawn}).
 *
 * @since 0.1
 */
public final class Phase {
    /**
     * Runs once per world, on the first execution of OnStart (SCH-036). Phases that depend on it run on
     * every pass (see the class comment).
     */
    public static final Phase ON_START = new Phase("OnStart", List.of(), List.of(), false, true);
    /** Builtin phase 2 of 9. */
    public static final Phase ON_LOAD = new Phase("OnLoad", List.of(), List.of(), false, true);
    /** Builtin phase 3 of 9. */
    public static final Phase POST_LOAD = new Phase("PostLoad", List.of(), List.of(), false, true);
    /** Builtin phase 4 of 9. */
    public static final Phase PRE_UPDATE = new Phase("PreUpdate", List.of(), List.of(), false, true);
    /** Builtin phase 5 of 9; the default phase of a system (SCH-010). */
    public static final Phase ON_UPDATE = new Phase("OnUpdate", List.of(), List.of(), false, true);
    /** Builtin phase 6 of 9. */
    public static final Phase ON_VALIDATE = new Phase("OnValidate", List.of(), List.of(), false, true);
    /** Builtin phase 7 of 9. */
    public static final Phase POST_UPDATE = new Phase("PostUpdate", List.of(), List.of(), false, true);
    /** Builtin phase 8 of 9. */
    public static final Phase PRE_STORE = new Phase("PreStore", List.of(), List.of(), false, true);
    /** Builtin phase 9 of 9. */
    public static final Phase ON_STORE = new Phase("OnStore", List.of(), List.of(), false, true);

    /** The builtin phases in their fixed order (SCH-001); unmodifiable. */
    public static final List<Phase> BUILTIN = List.of(
            ON_START, ON_LOAD, POST_LOAD, PRE_UPDATE, ON_UPDATE, ON_VALIDATE, POST_UPDATE, PRE_STORE, ON_STORE);

    private final String name;
    private final List<Phase> dependsOn;
    private final List<Phase> before;
    private final boolean manual;
    private final boolean builtin;
    private final FixedClock clock;

    private Phase(String name, List<Phase> dependsOn, List<Phase> before, boolean manual, boolean builtin) {
        this(name, dependsOn, before, manual, builtin, null);
    }

    private Phase(String name, List<Phase> dependsOn, List<Phase> before, boolean manual, boolean builtin,
                  FixedClock clock) {
        this.name = name;
        this.dependsOn = dependsOn;
        this.before = before;
        this.manual = manual;
        this.builtin = builtin;
        this.clock = clock;
    }

    /**
     * Defines a custom phase with no edges and {@code manual = false}: a detached, hence manual,
     * phase (SCH-104).
     *
     * @param name the phase name; required
     * @return the phase
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-100)
     */
    public static Phase define(String name) {
        return builder(name).build();
    }

    /**
     * Starts defining a custom phase (the spec's {@code definePhase}).
     *
     * @param name the phase name; required
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-100); the message names
     *     definePhase and says that name is missing or empty (or blank); or if it contains a control character or a
     *     line or paragraph separator ({@link ItemNames}); the message shows it escaped
     */
    public static Builder builder(String name) {
        RequiredName.check(name, "definePhase (Phase.builder)");
        return new Builder(name);
    }

    /** @return the name */
    public String name() {
        return name;
    }

    /** @return the phases this phase runs after (unmodifiable, default empty) */
    public List<Phase> dependsOn() {
        return dependsOn;
    }

    /** @return the phases this phase runs before (unmodifiable, default empty) */
    public List<Phase> before() {
        return before;
    }

    /**
     * @return the explicit manual flag (default false; always false for builtin phases). Detached
     *     phases are manual too: ask {@link Schedule#isManual(Phase)} for the effective value.
     */
    public boolean manual() {
        return manual;
    }

    /** @return whether this is one of the nine {@link #BUILTIN} phases */
    public boolean isBuiltin() {
        return builtin;
    }

    /**
     * @return the clock of a fixed-step phase ({@link Builder#fixed(FixedClock)}), or empty for a
     *     variable phase (every builtin phase is variable)
     */
    public Optional<FixedClock> clock() {
        return Optional.ofNullable(clock);
    }

    /** @return whether this is a fixed-step phase: it runs once per step of its {@link #clock()} */
    public boolean isFixed() {
        return clock != null;
    }

    @Override
    public String toString() {
        return name;
    }

    /** Builds a custom {@link Phase}. Not thread-safe; each {@link #build()} returns a new phase. */
    public static final class Builder {
        private final String name;
        private final List<Phase> dependsOn = new ArrayList<>();
        private final List<Phase> before = new ArrayList<>();
        private boolean manual;
        private FixedClock clock;

        private Builder(String name) {
            this.name = name;
        }

        /**
         * Adds phases this phase runs after.
         *
         * @param phases builtin or custom phases; no nulls
         * @return this builder
         */
        public Builder dependsOn(Phase... phases) {
            return dependsOn(Arrays.asList(phases));
        }

        /**
         * Adds phases this phase runs after.
         *
         * @param phases builtin or custom phases; no nulls
         * @return this builder
         */
        public Builder dependsOn(List<Phase> phases) {
            for (Phase p : phases) {
                dependsOn.add(Objects.requireNonNull(p, () -> "definePhase '" + name + "': null in dependsOn"));
            }
            return this;
        }

        /**
         * Adds phases this phase runs before.
         *
         * @param phases builtin or custom phases; no nulls
         * @return this builder
         */
        public Builder before(Phase... phases) {
            return before(Arrays.asList(phases));
        }

        /**
         * Adds phases this phase runs before.
         *
         * @param phases builtin or custom phases; no nulls
         * @return this builder
         */
        public Builder before(List<Phase> phases) {
            for (Phase p : phases) {
                before.add(Objects.requireNonNull(p, () -> "definePhase '" + name + "': null in before"));
            }
            return this;
        }

        /**
         * Marks the phase manual: {@code run} skips it (SCH-104). Propagates to no other phase (SCH-105).
         *
         * @param manual the flag
         * @return this builder
         */
        public Builder manual(boolean manual) {
            this.manual = manual;
            return this;
        }

        /**
         * Makes the phase a fixed-step phase of {@code clock}: {@code run} runs it once per whole step
         * the clock accumulated in that call (possibly zero or several times), with {@code dt} equal to
         * the clock's step in seconds; between steps of several clocks the order is (due time,
         * declaration order). Placement is unchanged: the phase order rules (SCH-101..SCH-104) apply to
         * fixed phases as to any other, and a manual or detached fixed phase is stepped by
         * {@code runPhase}/{@code runPhases}, which accumulate their dt the same way. Automatic fixed
         * phases that are adjacent in phase order form a group, stepped at the group's place in the pass;
         * all automatic phases of one clock must be in one group (a build error otherwise).
         *
         * @param clock the clock; not null
         * @return this builder
         */
        public Builder fixed(FixedClock clock) {
            this.clock = Objects.requireNonNull(clock, () -> "definePhase '" + name + "': fixed clock is null");
            return this;
        }

        /** @return a new immutable phase */
        public Phase build() {
            return new Phase(name, List.copyOf(dependsOn), List.copyOf(before), manual, false, clock);
        }
    }
}
