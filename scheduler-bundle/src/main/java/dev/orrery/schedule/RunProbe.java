package dev.orrery.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
 * @since 0.1
 */
public final class RunProbe {
    private final Slot slot = new Slot();

    /** A probe no schedule publishes to yet. */
    public RunProbe() {
    }

    /** @return the system the probe's schedules are at, or empty when none is running; any thread */
    public Optional<Running> running() {
        return Optional.ofNullable(slot.read());
    }

    /** For {@link ScheduleBuilder}: the slot its schedules write to. */
    Slot slot() {
        return slot;
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

        @SuppressWarnings("unused") // through TABLE
        private List<Running> table;
        @SuppressWarnings("unused") // through INDEX
        private int index = -1;

        private Slot() {
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
