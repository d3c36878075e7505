package dev.orrery.host.internal.frame;

import dev.orrery.host.SystemFault;
import dev.orrery.schedule.RunFailure;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Names the culprit of a throwable that escaped a frame: the scheduler's own record of where it was
 * thrown ({@link RunFailure}: schedule, system, plugin, stage; the innermost schedule when a system
 * steps another), else the system the host's {@link RunProbe} names while the throwable is handled (a
 * system still running, in its run function), else only the schedule that ran.
 */
final class FaultAttribution {
    private FaultAttribution() {
    }

    /**
     * @param thrown what escaped
     * @param world the world the frame ran on
     * @param main the main schedule that was running, or null when none was installed
     * @param probe the host's probe (the system it names, if any, is the one running)
     * @param frame the frame number
     * @param frameThreadDied whether the frame thread is ending because of it
     * @return the fault, naming what is known
     */
    static SystemFault of(Throwable thrown, World world, Schedule main, RunProbe probe, long frame,
                          boolean frameThreadDied) {
        SystemFault.Builder fault = SystemFault.builder(frameThreadDied ? SystemFault.Kind.FRAME_THREAD
                : SystemFault.Kind.SYSTEM).schedule(main == null ? null : main.name()).frame(frame);
        RunFailure failure = world == null ? null : RunFailure.of(world, thrown).orElse(null);
        RunProbe.Running running = failure == null ? probe.running().orElse(null) : null;
        if (failure != null) {
            fault.schedule(failure.schedule()).system(failure.systemName(), failure.plugin())
                    .stage(failure.stage(), failure.set());
        } else if (running != null) {
            fault.schedule(running.schedule()).system(running.system().name(), running.plugin())
                    .stage(RunFailure.Stage.RUN, null);
        }
        StringWriter trace = new StringWriter();
        try {
            thrown.printStackTrace(new PrintWriter(trace));
        } catch (RuntimeException | StackOverflowError e) {
            trace.write(String.valueOf(thrown));
        }
        return fault.error(thrown.getClass().getName(), thrown.getMessage(), trace.toString()).build();
    }
}
