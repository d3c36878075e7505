package dev.orrery.host.internal.frame;

import dev.orrery.host.SystemFault;
import dev.orrery.host.SystemFaultException;
import dev.orrery.host.internal.plugins.Containment;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.WaitCancelledException;
import dev.orrery.world.World;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * What the frame thread does with a {@link Throwable} it contains or dies of: names the culprit
 * ({@link FaultAttribution}), keeps it as the last fault (reported by the host's status), logs one
 * line with the cause, and acts on it:
 * <ul>
 *   <li>a frame fault ({@link #frameFailed}) pauses the simulation and fails every waiting step request
 *       with a {@link SystemFaultException}; the host keeps running; except when the host interrupted the
 *       system because its plugin left ({@link DepartureInterrupts}): that is only kept and logged;</li>
 *   <li>a dispose fault ({@link #disposeFailed}) is only kept and logged: the simulation is not paused;</li>
 *   <li>the frame thread's death ({@link #died}; a {@link VirtualMachineError} other than
 *       {@link StackOverflowError}) stops the run state, a fault of kind {@code FRAME_THREAD},
 *       then tells the loop's owner ({@link FrameLoop.Ended#died}).</li>
 * </ul>
 * Which throwables are contained is {@link Containment}'s concern; callers rethrow the others.
 *
 * <p>Invariant: the last fault is set before its log line is written and before anyone waiting is
 * told (step requests, {@code onEnded}), so whoever learns of a fault finds it in the status.
 *
 * <p>Implementation notes: every method runs on the frame thread; {@code last} is volatile, written by
 * the frame thread only and read by any thread ({@link #last()}).
 */
final class FrameFaults {
    private final World world;
    private final RunProbe probe;
    private final Logger log;
    private final RunControl run;
    private final InstalledSchedules installed;
    private final FrameLoop.Ended onEnded;
    private final Runnable changed;
    private final DepartureInterrupts interrupts;
    private volatile SystemFault last;

    /**
     * @param world the world frames run on
     * @param probe the host's probe (names the system running when nothing else does)
     * @param log where faults are logged
     * @param run paused by a frame fault, stopped by the frame thread's death
     * @param installed the schedules in force (the main one is blamed when the frame thread dies)
     * @param onEnded told when the frame thread dies
     * @param changed told when the last fault changes
     */
    FrameFaults(World world, RunProbe probe, Logger log, RunControl run, InstalledSchedules installed,
                FrameLoop.Ended onEnded, Runnable changed) {
        this(world, probe, log, run, installed, onEnded, changed, new DepartureInterrupts());
    }

    /**
     * As the other constructor, and:
     *
     * @param interrupts which departing plugins' systems the host interrupted: what they throw does not
     *     pause the simulation
     */
    FrameFaults(World world, RunProbe probe, Logger log, RunControl run, InstalledSchedules installed,
                FrameLoop.Ended onEnded, Runnable changed, DepartureInterrupts interrupts) {
        this.world = world;
        this.probe = probe;
        this.log = log;
        this.run = run;
        this.installed = installed;
        this.onEnded = onEnded;
        this.changed = changed;
        this.interrupts = interrupts;
    }

    private void record(SystemFault f) {
        last = f;
        changed.run();
    }

    /** @return the last fault, or null when there was none; any thread */
    SystemFault last() {
        return last;
    }

    /**
     * A contained throwable escaped a frame: the simulation pauses, waiting step requests fail.
     *
     * @param main the main schedule that ran
     * @param t what escaped
     * @param frameNo the frame's number
     */
    void frameFailed(Schedule main, Throwable t, long frameNo) {
        SystemFault f = FaultAttribution.of(t, world, main, probe, frameNo, false);
        if (t instanceof WaitCancelledException && interrupts.interrupted(f.plugin().orElse(null))) {
            log.log(Level.INFO, "plugin '" + f.plugin().get() + "' left while its system '" + f.system().orElse("?")
                    + "' was parked: the wait was cancelled and the frame ended; the simulation goes on without the plugin");
            return; // the departure's doing, not a fault of the plugin
        }
        record(f);
        if (interrupts.interrupted(f.plugin().orElse(null))) {
            log.log(Level.WARNING, "the host interrupted a system of departing plugin '" + f.plugin().get() + "', which"
                    + " then ended its frame: " + f.describe() + "; the simulation goes on without the plugin");
            return;
        }
        run.pauseForFault();
        log.log(Level.ERROR, "simulation paused: " + f.describe() + "; the host keeps running, resume when fixed", t);
        run.failSteps(new SystemFaultException(f));
    }

    /**
     * A dispose function threw a contained throwable: kept and logged; the simulation is not paused.
     *
     * @param schedule the schedule whose systems were being disposed
     * @param t what was thrown
     * @param why why systems were disposed, for the log line
     */
    void disposeFailed(Schedule schedule, Throwable t, String why) {
        SystemFault f = FaultAttribution.of(t, world, schedule, probe, run.frames(), false);
        record(f);
        log.log(Level.ERROR, "disposing systems (" + why + "): " + f.describe() + "; the host keeps running", t);
    }

    /**
     * The frame thread is ending because of {@code t}: one log line with the cause, the fault kept, the
     * owner told. When even naming or logging the fault fails (out of memory), one line goes to
     * {@code System.err} and the owner is not told; a {@link RuntimeException} from the owner is logged.
     *
     * @param t what ends the thread
     */
    void died(Throwable t) {
        SystemFault f = null;
        try {
            f = FaultAttribution.of(t, world, installed.main(), probe, run.frames() + 1, true);
            record(f);
            run.stopped();
            log.log(Level.ERROR, "the Orrery host stopped: " + f.describe()
                    + "; the simulation cannot go on (restart the host)", t);
        } catch (Throwable again) {
            // Out of memory or worse: say the least that can be said.
            java.lang.System.err.println("orrery: the frame thread died: " + t);
        }
        if (f != null) {
            try {
                onEnded.died(f);
            } catch (RuntimeException e) {
                log.log(Level.ERROR, "stopping after the frame thread died failed: " + e);
            }
        }
    }
}
