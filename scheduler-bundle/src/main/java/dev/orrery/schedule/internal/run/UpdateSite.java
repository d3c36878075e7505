package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunProbe;
import dev.orrery.world.World;

/**
 * Where a world update of one schedule on one world is, for {@link Cooperative}: seated on the world's
 * thread while a run call of the schedule on that world is inside a world update ({@link ScheduleRunner}
 * seats it). One per world runtime, reused by every run call.
 *
 * <p>Implementation notes: the world is held only while seated (the runtime holds it weakly); the phase
 * index is written once per phase. The seat of the thread is cached with the thread it belongs to, so a
 * run call on the same thread as the last one reads no thread-local. World thread only.
 */
final class UpdateSite implements Cooperative.Site {
    private final RunLayout layout;
    private final RunProbe probe;
    World world;
    int phase;
    private Thread seatThread;
    private Cooperative.Seat seat;
    /** What was seated before this site's current run call: given back when it ends. */
    Cooperative.Site outer;
    /** Whether this site's current run call seated it. */
    boolean seated;

    UpdateSite(RunLayout layout, RunProbe probe) {
        this.layout = layout;
        this.probe = probe;
    }

    /** @return the seat of the calling thread */
    Cooperative.Seat seat() {
        Thread t = Thread.currentThread();
        if (t != seatThread) {
            seat = Cooperative.Seat.ofCurrentThread();
            seatThread = t;
        }
        return seat;
    }

    @Override
    public World world() {
        return world;
    }

    @Override
    public String schedule() {
        return layout.scheduleName;
    }

    @Override
    public Phase phase() {
        return layout.phases[phase];
    }

    @Override
    public RunProbe probe() {
        return probe;
    }
}
