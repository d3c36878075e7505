package dev.orrery.schedule;

import dev.orrery.world.MessageType;
import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A system: a named run function assigned to a phase, with ordering, set membership and run
 * conditions (SCH-010); beyond the spec, optional {@link #init() init} and {@link #dispose() dispose}
 * functions (Orrery's system lifecycle, see {@link Schedule}) and declared trait access
 * ({@link #reads()}, {@link #writes()}). Named {@code EcsSystem} so it does not shadow
 * {@code java.lang.System}.
 *
 * <p>Immutable; compared by identity. Its ordering and run conditions are a {@link NodeConfig}, the
 * same type a {@link SystemSet} has: {@link #before()}/{@link #after()} hold systems or sets (a set
 * expands to its members, SCH-128). Names are unique within a schedule (SCH-023), because the disabled
 * state is stored by name. The system can be called directly in tests:
 * {@code system.run().run(world, dt)}.
 *
 * @since 0.1
 */
public final class EcsSystem implements OrderTarget {
    private final String name;
    private final Phase phase;
    private final NodeConfig<OrderTarget> config;
    private final List<SystemSet> sets;
    private final RunFunction run;
    private final InitFunction init;
    private final DisposeFunction dispose;
    private final List<Trait<?>> reads;
    private final List<Trait<?>> writes;
    private final boolean commitBefore;
    private final boolean commitAfter;
    private final List<MessageType<?>> readsMessages;

    private EcsSystem(Builder b) {
        this.name = b.name;
        this.phase = b.phase;
        this.config = b.config();
        this.sets = List.copyOf(b.sets);
        this.run = b.run;
        this.init = b.init;
        this.dispose = b.dispose;
        this.reads = List.copyOf(b.reads);
        this.writes = List.copyOf(b.writes);
        this.commitBefore = b.commitBefore;
        this.commitAfter = b.commitAfter;
        this.readsMessages = List.copyOf(b.readsMessages);
    }

    /**
     * Defines a system in {@link Phase#ON_UPDATE} with no edges, sets or condition.
     *
     * @param name required
     * @param run the run function; not null
     * @return the system
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-010)
     * @throws NullPointerException if {@code run} is null
     */
    public static EcsSystem define(String name, RunFunction run) {
        return builder(name).run(run).build();
    }

    /**
     * Defines a system in the given phase with no edges, sets or condition.
     *
     * @param name required
     * @param phase the phase; not null
     * @param run the run function; not null
     * @return the system
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-010)
     * @throws NullPointerException if {@code phase} or {@code run} is null
     */
    public static EcsSystem define(String name, Phase phase, RunFunction run) {
        return builder(name).phase(phase).run(run).build();
    }

    /**
     * Starts defining a system (the spec's {@code defineSystem}).
     *
     * @param name required
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (SCH-010); the message names
     *     defineSystem and says that name is missing or empty (or blank); or if it contains a control character or a
     *     line or paragraph separator ({@link ItemNames}); the message shows it escaped
     */
    public static Builder builder(String name) {
        RequiredName.check(name, "defineSystem (EcsSystem.builder)");
        return new Builder(name);
    }

    @Override
    public String name() {
        return name;
    }

    /** @return the phase this system runs in (default {@link Phase#ON_UPDATE}) */
    public Phase phase() {
        return phase;
    }

    /** @return the system's ordering and own run conditions */
    public NodeConfig<OrderTarget> config() {
        return config;
    }

    /** @return systems and sets this system runs before (unmodifiable); {@code config().before()} */
    public List<OrderTarget> before() {
        return config.before();
    }

    /** @return systems and sets this system runs after (unmodifiable); {@code config().after()} */
    public List<OrderTarget> after() {
        return config.after();
    }

    /** @return the sets this system belongs to, in declared order (unmodifiable, SCH-127) */
    public List<SystemSet> sets() {
        return sets;
    }

    /**
     * The system's own run conditions, in declaration order: one per {@link Builder#runIf} call. All
     * must hold (AND), tested in this order and short-circuiting, after the conditions of its sets
     * (SCH-118); {@code config().conditions()}.
     *
     * @return the conditions (unmodifiable; empty when none)
     */
    public List<Condition> conditions() {
        return config.conditions();
    }

    /** @return the run function */
    public RunFunction run() {
        return run;
    }

    /**
     * Beyond the spec (Orrery's system lifecycle).
     *
     * @return the set-up function run once per world before the system's phase first executes there
     *     (see {@link Schedule}), if any
     */
    public Optional<InitFunction> init() {
        return Optional.ofNullable(init);
    }

    /**
     * Beyond the spec (Orrery's system lifecycle).
     *
     * @return the clean-up function run when an initialised system leaves a world's schedule or at
     *     {@link Schedule#disposeAll} (see {@link Schedule}), if any
     */
    public Optional<DisposeFunction> dispose() {
        return Optional.ofNullable(dispose);
    }

    /**
     * Beyond the spec (Orrery's optional ordering): names of systems or sets this system runs before
     * when they are present; {@code config().beforeIfPresent()}.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> beforeIfPresent() {
        return config.beforeIfPresent();
    }

    /**
     * Beyond the spec (Orrery's optional ordering): names of systems or sets this system runs after
     * when they are present; {@code config().afterIfPresent()}.
     *
     * @return the names, in declared order (unmodifiable)
     */
    public List<String> afterIfPresent() {
        return config.afterIfPresent();
    }

    /**
     * Beyond the spec (Orrery's access declarations, after the DAG reference): the traits this system
     * declares it reads.
     * Metadata only: never checked at run time; {@link Schedule#accessReport()} analyses it at build.
     *
     * @return the traits, in declared order (unmodifiable)
     */
    public List<Trait<?>> reads() {
        return reads;
    }

    /**
     * Beyond the spec (Orrery's access declarations): the traits this system declares it writes (metadata only, see
     * {@link #reads()}).
     *
     * @return the traits, in declared order (unmodifiable)
     */
    public List<Trait<?>> writes() {
        return writes;
    }

    /**
     * A structural barrier before this system ({@link Builder#commitBefore()}).
     *
     * @return whether the structural changes staged earlier in the phase are published before this
     *     system's turn
     */
    public boolean commitBefore() {
        return commitBefore;
    }

    /**
     * A structural barrier after this system ({@link Builder#commitAfter()}).
     *
     * @return whether the structural changes staged so far in the phase are published when this
     *     system's turn ends
     */
    public boolean commitAfter() {
        return commitAfter;
    }

    /**
     * The message types this system reads ({@link Builder#readsMessages}): inside its run function,
     * {@code world.messages(type)} gives it every message of such a type sent since its previous read.
     *
     * @return the types, in declared order, each once (unmodifiable; empty when it reads none)
     */
    public List<MessageType<?>> readsMessages() {
        return readsMessages;
    }

    @Override
    public String toString() {
        return "system " + name;
    }

    /**
     * Builds an {@link EcsSystem}. The ordering and run conditions ({@link #before}, {@link #after},
     * {@link #beforeIfPresent}, {@link #afterIfPresent}, {@link #runIf}) are those every node of the
     * order graph has ({@link NodeBuilder}); {@code before}/{@code after} take systems or sets. Not
     * thread-safe; each {@link #build()} returns a new system.
     */
    public static final class Builder extends NodeBuilder<OrderTarget, Builder> {
        private final String name;
        private Phase phase = Phase.ON_UPDATE;
        private final List<SystemSet> sets = new ArrayList<>();
        private RunFunction run;
        private InitFunction init;
        private DisposeFunction dispose;
        private final List<Trait<?>> reads = new ArrayList<>();
        private final List<Trait<?>> writes = new ArrayList<>();
        private boolean commitBefore;
        private boolean commitAfter;
        private final List<MessageType<?>> readsMessages = new ArrayList<>();

        private Builder(String name) {
            super("defineSystem '" + name + "'");
            this.name = name;
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * @param phase the phase; not null
         * @return this builder
         */
        public Builder phase(Phase phase) {
            this.phase = Objects.requireNonNull(phase, () -> "defineSystem '" + name + "': phase is null");
            return this;
        }

        /**
         * @param memberOf sets this system joins (SCH-127); no nulls
         * @return this builder
         */
        public Builder sets(SystemSet... memberOf) {
            for (SystemSet s : memberOf) {
                sets.add(Objects.requireNonNull(s, () -> "defineSystem '" + name + "': null in sets"));
            }
            return this;
        }

        /**
         * Beyond the spec (Orrery's own access declarations): traits this system reads. Metadata only,
         * no run-time cost; see {@link Schedule#accessReport()}.
         *
         * @param traits the traits; no nulls
         * @return this builder
         */
        public Builder reads(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                reads.add(Objects.requireNonNull(t, () -> "defineSystem '" + name + "': null in reads"));
            }
            return this;
        }

        /**
         * Beyond the spec (Orrery's own access declarations): traits this system writes. Metadata only,
         * no run-time cost; see {@link Schedule#accessReport()}.
         *
         * @param traits the traits; no nulls
         * @return this builder
         */
        public Builder writes(Trait<?>... traits) {
            for (Trait<?> t : traits) {
                writes.add(Objects.requireNonNull(t, () -> "defineSystem '" + name + "': null in writes"));
            }
            return this;
        }

        /**
         * Declares a structural barrier before this system: when its turn comes (whether it then runs,
         * is disabled or skipped by a condition), the structural changes staged earlier in the phase
         * are published, so its conditions and run function see the output of the systems before it
         * in the same phase (see {@code World}, "Structural transactions"). For an unconditional
         * dependency; {@code World.enqueueCommit()} is the conditional form, and a consumer in a later
         * phase needs neither. Every barrier reduces batching: more table moves become visible within
         * the phase and the entities touched on both sides of it move twice.
         *
         * @return this builder
         */
        public Builder commitBefore() {
            this.commitBefore = true;
            return this;
        }

        /**
         * Declares a structural barrier after this system: when its turn ends (it returned, or was
         * disabled or skipped), what is staged so far in the phase is published, so the systems after
         * it in the same phase see its structural output. Costs as {@link #commitBefore()}.
         *
         * @return this builder
         */
        public Builder commitAfter() {
            this.commitAfter = true;
            return this;
        }

        /**
         * Declares message types this system reads: inside its run function,
         * {@code world.messages(type)} then gives it every message of the type sent since its previous
         * read, in send order, each exactly once, whether it runs 0, 1 or several times per frame (see
         * {@code World}, "Messages"). The system becomes a registered reader of each type in every world
         * its schedule runs on, so the messages wait for it (at most the type's maximum age). Reading
         * an undeclared type throws. Calls accumulate; a type given twice counts once.
         *
         * @param types the types; no nulls
         * @return this builder
         * @throws NullPointerException if a type is null; the message names the system
         */
        public Builder readsMessages(MessageType<?>... types) {
            for (MessageType<?> t : types) {
                Objects.requireNonNull(t, () -> "defineSystem '" + name + "': null in readsMessages");
                if (!readsMessages.contains(t)) {
                    readsMessages.add(t);
                }
            }
            return this;
        }

        /**
         * @param run the run function; not null
         * @return this builder
         */
        public Builder run(RunFunction run) {
            this.run = Objects.requireNonNull(run, () -> "defineSystem '" + name + "': run is null");
            return this;
        }

        /**
         * Beyond the spec (Orrery's system lifecycle): set-up work run once per world, on the thread
         * that runs the schedule, right before the system's phase first executes in that world, even
         * when the system is then skipped (see {@link Schedule}). A system has at most one: a second
         * call is an error rather than a silent replacement (unlike the accumulating ordering methods,
         * two set-up functions have no natural order or combination).
         *
         * @param init the init function; not null
         * @return this builder
         * @throws NullPointerException if {@code init} is null
         * @throws IllegalStateException if an init function was already given; the message names the system
         */
        public Builder init(InitFunction init) {
            Objects.requireNonNull(init, () -> "defineSystem '" + name + "': init is null");
            if (this.init != null) {
                throw new IllegalStateException("defineSystem '" + name + "': init is already set; a system has one init function");
            }
            this.init = init;
            return this;
        }

        /**
         * Beyond the spec (Orrery's system lifecycle): clean-up work run for a world in which the
         * system was initialised, when it leaves that world's schedule ({@link Schedule#disposeRemoved})
         * or on {@link Schedule#disposeAll} (see {@link Schedule}). A system has at most one: a second
         * call is an error rather than a silent replacement.
         *
         * @param dispose the dispose function; not null
         * @return this builder
         * @throws NullPointerException if {@code dispose} is null
         * @throws IllegalStateException if a dispose function was already given; the message names the system
         */
        public Builder dispose(DisposeFunction dispose) {
            Objects.requireNonNull(dispose, () -> "defineSystem '" + name + "': dispose is null");
            if (this.dispose != null) {
                throw new IllegalStateException("defineSystem '" + name + "': dispose is already set; a system has one dispose function");
            }
            this.dispose = dispose;
            return this;
        }

        /**
         * @return a new immutable system
         * @throws IllegalStateException if no run function was given
         */
        public EcsSystem build() {
            if (run == null) {
                throw new IllegalStateException("defineSystem '" + name + "': run is missing");
            }
            return new EcsSystem(this);
        }
    }
}
