package dev.orrery.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Beyond the spec (Orrery's own): tells any thread which system the schedules built with this probe
 * ({@link ScheduleBuilder#probe}) are at, without {@link ScheduleHooks}. A frame watchdog uses it to
 * name a system that is stuck in a loop or a blocking call while it is stuck.
 *
 * <p><b>Why not hooks.</b> Hooks are called twice per system and make a schedule leave its generated
 * dispatcher for the hooked path on every run call they observe; a probe costs one store per system
 * and two per run call, and keeps the generated dispatcher.
 *
 * <p><b>What is published.</b> Before a system's enabled check the engine publishes that system, so
 * while its set conditions, its own condition, its hooks or its run function execute, {@link #running()}
 * names it; a system skipped by its flag or a condition stays published until the next system is
 * reached. Init functions (Orrery's system lifecycle) publish their system too. A run call publishes
 * nothing until its first system and, when it returns or throws, publishes again whatever the call
 * around it had published (a system that stepped another schedule), or nothing. Between run calls the
 * answer is empty.
 *
 * <p><b>Threads.</b> Give one probe to the schedules that one thread runs (the host's frame thread);
 * schedules running on several threads at once would overwrite each other's entries. {@link #running()}
 * may be called from any thread at any time; it is exact on the running thread and best effort
 * elsewhere: it may lag behind a little, and across the entry or exit of a run call it may name a
 * system of the other schedule. It never throws.
 *
 * <p><b>Parked world updates.</b> While a system of these schedules waits in {@link Cooperative#await}
 * (the world update is parked), {@link #parked()} says where and on what, {@link #cancelWait} ends the
 * wait, and the probe's {@link ParkListener} is told when the park begins and ends. The probe also
 * holds what such waits use: the clock that dates them and the executor of {@link Cooperative#supply}
 * ({@link #builder()}).
 *
 * @since 0.1
 */
public final class RunProbe {
    private final Slot slot = new Slot(this);
    private final InstantSource clock;
    private final Executor workers;
    private final ParkListener listener;
    private final AtomicReference<Park> park = new AtomicReference<>();

    /** The wait published now: the update and its wait. */
    private record Park(ParkedUpdate update, ParkedWait<?> pending) {
    }

    /**
     * A probe no schedule publishes to yet, with the system clock, the common fork-join pool for
     * {@link Cooperative#supply} and no park listener.
     */
    public RunProbe() {
        this(builder());
    }

    private RunProbe(Builder b) {
        this.clock = b.clock;
        this.workers = b.workers;
        this.listener = b.listener;
    }

    /** @return a builder of a probe with the defaults of {@link #RunProbe()} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @return the world update of these schedules parked in {@link Cooperative#await} now, or empty;
     *     any thread
     */
    public Optional<ParkedUpdate> parked() {
        Park p = park.get();
        return p == null ? Optional.empty() : Optional.of(p.update());
    }

    /**
     * Cancels the wait of the world update parked now: its {@link Cooperative#await} throws a
     * {@link WaitCancelledException} with {@code reason}, and the stage is cancelled. Any thread.
     *
     * @param reason why, for the exception, e.g. {@code the host stops}
     * @return whether a wait was parked and this call ended it
     * @throws NullPointerException if reason is null
     */
    public boolean cancelWait(String reason) {
        Objects.requireNonNull(reason, "RunProbe.cancelWait: reason is null");
        Park p = park.get();
        return p != null && p.pending().cancel(reason);
    }

    /**
     * Cancels a wait only if it is still the one parked now: as {@link #cancelWait(String)}, for a
     * caller that decided from {@link #parked()} whose wait to end, so that a wait which ended in
     * between, and another update that parked since, are left alone. Any thread.
     *
     * @param which the parked update, as {@link #parked()} gave it
     * @param reason why, for the exception
     * @return whether that wait was still parked and this call ended it
     * @throws NullPointerException if an argument is null
     */
    public boolean cancelWait(ParkedUpdate which, String reason) {
        Objects.requireNonNull(which, "RunProbe.cancelWait: parked update is null");
        Objects.requireNonNull(reason, "RunProbe.cancelWait: reason is null");
        Park p = park.get();
        return p != null && p.update() == which && p.pending().cancel(reason);
    }

    /** @return the clock that dates parked updates ({@link ParkedUpdate#since()}) */
    public InstantSource clock() {
        return clock;
    }

    /** @return where {@link Cooperative#supply} runs its work for these schedules */
    public Executor workers() {
        return workers;
    }

    /** For {@link Cooperative}: a world update parks (on its thread). */
    void park(ParkedUpdate update, ParkedWait<?> wait) {
        park.set(new Park(update, wait));
        if (listener != null) {
            try {
                listener.parked(update);
            } catch (RuntimeException e) {
                // a listener must not break the wait (documented: ignored)
            }
        }
    }

    /** For {@link Cooperative}: the wait ended (on the parked thread). */
    void unpark(ParkedUpdate update, ParkedWait<?> wait) {
        Park p = park.get();
        if (p != null && p.pending() == wait) {
            park.compareAndSet(p, null);
        }
        if (listener != null) {
            try {
                listener.resumed(update);
            } catch (RuntimeException e) {
                // ignored, as documented
            }
        }
    }

    /** @return the system the probe's schedules are at, or empty when none is running; any thread */
    public Optional<Running> running() {
        return Optional.ofNullable(slot.read());
    }

    /** For {@link ScheduleBuilder} and {@link Cooperative}: the slot its schedules write to. */
    Slot slot() {
        return slot;
    }

    /**
     * Makes a {@link RunProbe}; not thread-safe.
     *
     * @since 0.4
     */
    public static final class Builder {
        private InstantSource clock = InstantSource.system();
        private Executor workers = ForkJoinPool.commonPool();
        private ParkListener listener;

        private Builder() {
        }

        /**
         * @param source dates parked updates; the system clock by default (tests give their own)
         * @return this builder
         * @throws NullPointerException if source is null
         */
        public Builder clock(InstantSource source) {
            this.clock = Objects.requireNonNull(source, "RunProbe.Builder.clock: source is null");
            return this;
        }

        /**
         * @param executor runs the work of {@link Cooperative#supply}; the common fork-join pool by
         *     default (a host gives a bounded executor it owns)
         * @return this builder
         * @throws NullPointerException if executor is null
         */
        public Builder workers(Executor executor) {
            this.workers = Objects.requireNonNull(executor, "RunProbe.Builder.workers: executor is null");
            return this;
        }

        /**
         * @param parkListener told when a world update parks and resumes; null (the default) for none
         * @return this builder
         */
        public Builder listener(ParkListener parkListener) {
            this.listener = parkListener;
            return this;
        }

        /** @return the probe */
        public RunProbe build() {
            return new RunProbe(this);
        }
    }

    /**
     * A system a schedule is at.
     *
     * @param schedule the name of the schedule running it
     * @param system the system
     * @param plugin the name of the plugin that declared it, or the schedule's name when the schedule
     *     declared it (as {@link Schedule#sourceOf})
     */
    public record Running(String schedule, EcsSystem system, String plugin) {
        /**
         * @throws NullPointerException if an argument is null
         */
        public Running {
            Objects.requireNonNull(schedule, "schedule");
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /**
     * The write side of a probe: where the run engine of every schedule built with it publishes the
     * system it is at. A schedule's run engine gets it through its build ({@link ScheduleCompiler.Input#probe()});
     * nothing else can, so no other code can write to a probe.
     *
     * <p>Per system the engine stores the system's index in the schedule's table ({@link #at}); per run
     * call it publishes its table ({@link #publish}) after keeping what was published before
     * ({@link #table()}, {@link #index()}), and publishes that again when the call returns or throws.
     * Runner thread only, except {@link RunProbe#running()}.
     *
     * <p>Implementation notes: the index is stored with opaque mode (on x86 and AArch64 a plain store:
     * no fence on the frame path), the table with release mode once per run call and read with acquire
     * mode. The two are not read atomically: a reader that races a run call's entry or exit can pair an
     * index with the other table; it then answers with whatever system that pair names, or nothing when
     * the index is out of range. Its one reader, a watchdog, asks about a frame stuck for a long time,
     * where nothing changes.
     */
    public static final class Slot {
        private static final VarHandle TABLE;
        private static final VarHandle INDEX;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                TABLE = lookup.findVarHandle(Slot.class, "table", List.class);
                INDEX = lookup.findVarHandle(Slot.class, "index", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final RunProbe owner;
        @SuppressWarnings("unused") // through TABLE
        private List<Running> table;
        @SuppressWarnings("unused") // through INDEX
        private int index = -1;

        private Slot(RunProbe owner) {
            this.owner = owner;
        }

        /** @return the probe this slot belongs to */
        public RunProbe probe() {
            return owner;
        }

        /**
         * The engine is at system {@code i} of the table of the current run call (its enabled check, its
         * conditions, its hooks or its run function).
         *
         * @param i the system's index in the published table
         */
        public void at(int i) {
            INDEX.setOpaque(this, i);
        }

        /** @return the table published now, or null; for the engine to restore it later */
        @SuppressWarnings("unchecked")
        public List<Running> table() {
            return (List<Running>) TABLE.getOpaque(this);
        }

        /** @return the index published now, or -1; for the engine to restore it later */
        public int index() {
            return (int) INDEX.getOpaque(this);
        }

        /**
         * Publishes a table and an index in it: a run call's table with -1 when it begins, the outer
         * call's table and index when it ends.
         *
         * @param table the schedule's systems in execution order, as {@link Running} entries; or null
         * @param i the index in it, or -1 for none yet
         */
        public void publish(List<Running> table, int i) {
            INDEX.setOpaque(this, -1);
            TABLE.setRelease(this, table);
            INDEX.setOpaque(this, i);
        }

        /** @return the system published last, or null when no run call is in progress; any thread */
        @SuppressWarnings("unchecked")
        Running read() {
            List<Running> t = (List<Running>) TABLE.getAcquire(this);
            int i = (int) INDEX.getOpaque(this);
            if (t == null || i < 0 || i >= t.size()) {
                return null;
            }
            return t.get(i);
        }
    }
}
