package dev.orrery.schedule.internal;

import dev.orrery.schedule.RunProbe;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The mutable side of a {@link RunProbe} (issue 17, Orrery's own): where the run engine of every
 * schedule built with the probe publishes the system it is at.
 *
 * <p>Per system the engine stores its index ({@link #at}, called by {@link ScheduleRunner} and by the
 * generated dispatcher before the system's enabled check); per run call it stores the schedule's
 * layout and restores the outer one on the way out ({@link #enter}, {@link #exit}), so a system that
 * steps another schedule is published again once the inner call returns.
 *
 * <p>Implementation notes: written only by the thread that runs the schedules built with the probe
 * (the owner gives one probe to the schedules of one frame thread); read from any thread by
 * {@link #read}. The index is stored with opaque mode (on x86 and AArch64 a plain store: no fence on
 * the frame path, one store per system), the layout with release mode once per run call and read
 * with acquire mode. The two are not read atomically: a reader that races a run call's entry or exit
 * can pair an index with the other layout; {@link #read} then answers with whatever system that pair
 * names, or nothing when the index is out of range. Its one reader, a watchdog, asks about a frame
 * stuck for a long time, where nothing changes.
 */
public final class ProbeSlot {
    private static final VarHandle LAYOUT;
    private static final VarHandle INDEX;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            LAYOUT = lookup.findVarHandle(ProbeSlot.class, "layout", RunLayout.class);
            INDEX = lookup.findVarHandle(ProbeSlot.class, "index", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through LAYOUT
    private RunLayout layout;
    @SuppressWarnings("unused") // through INDEX
    private int index = -1;

    /**
     * The engine is at system {@code i} of the layout of the current run call (its enabled check, its
     * conditions, its hooks or its run function). Runner thread only.
     *
     * @param i the system index in the layout
     */
    public void at(int i) {
        INDEX.setOpaque(this, i);
    }

    /** A run call begins: keeps the outer call's layout and index in {@code rt}, publishes {@code inner}. */
    void enter(WorldRuntime rt, RunLayout inner) {
        rt.probeOuterLayout = (RunLayout) LAYOUT.getOpaque(this);
        rt.probeOuterIndex = (int) INDEX.getOpaque(this);
        INDEX.setOpaque(this, -1);
        LAYOUT.setRelease(this, inner);
    }

    /** A run call ends (normally or not): publishes the outer call's layout and index again. */
    void exit(WorldRuntime rt) {
        INDEX.setOpaque(this, -1);
        LAYOUT.setRelease(this, rt.probeOuterLayout);
        INDEX.setOpaque(this, rt.probeOuterIndex);
        rt.probeOuterLayout = null;
    }

    /** @return the system published last, or null when no run call is in progress; any thread */
    public RunProbe.Running read() {
        RunLayout l = (RunLayout) LAYOUT.getAcquire(this);
        int i = (int) INDEX.getOpaque(this);
        if (l == null || i < 0 || i >= l.systems.length) {
            return null;
        }
        return new RunProbe.Running(l.scheduleName, l.systems[i], l.sources[i]);
    }
}
