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
 * system still running, when what threw was not a system's turn), else nothing ({@code "?"}).
 */
final class FaultAttribution {
    private FaultAttribution() {
    }

    /**
     * @param thrown what escaped
     * @param world the world the frame ran on
     * @param main the main schedule that was running
     * @param probe the host's probe (the system it names, if any, is the one running)
     * @param frame the frame number
     * @param frameThreadDied whether the frame thread is ending because of it
     * @return the fault, naming what is known
     */
    static SystemFault of(Throwable thrown, World world, Schedule main, RunProbe probe, long frame,
                          boolean frameThreadDied) {
        String schedule = main == null ? "?" : main.name();
        String system = "?";
        String plugin = "?";
        String stage = SystemFault.STAGE_RUN;
        RunFailure failure = world == null ? null : RunFailure.of(world, thrown).orElse(null);
        RunProbe.Running running = failure == null ? probe.running().orElse(null) : null;
        if (failure != null) {
            schedule = failure.schedule();
            system = failure.systemName();
            plugin = failure.plugin();
            stage = stageOf(failure);
        } else if (running != null) {
            schedule = running.schedule();
            system = running.system().name();
            plugin = running.plugin();
        }
        if (frameThreadDied) {
            stage = SystemFault.STAGE_FRAME_THREAD;
        }
        StringWriter trace = new StringWriter();
        try {
            thrown.printStackTrace(new PrintWriter(trace));
        } catch (RuntimeException | StackOverflowError e) {
            trace.write(String.valueOf(thrown));
        }
        return new SystemFault(schedule, system, plugin, stage, frame, thrown.getClass().getName(),
                thrown.getMessage() == null ? "" : thrown.getMessage(), trace.toString());
    }

    private static String stageOf(RunFailure failure) {
        return switch (failure.stage()) {
            case RUN -> SystemFault.STAGE_RUN;
            case CONDITION -> SystemFault.STAGE_CONDITION;
            default -> failure.stageText(); // "set condition 'X'", or a hook outside the host's fuses
        };
    }
}
