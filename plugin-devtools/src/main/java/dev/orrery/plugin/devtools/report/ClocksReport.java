package dev.orrery.plugin.devtools.report;

import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The host world's time: virtual time (paused, scale) and each fixed-step clock's rate, last frame's
 * steps, interpolation alpha and dropped steps ({@link FixedTime}). What {@code orrery:clocks} shows.
 *
 * @param paused whether virtual time is paused (false for a world without virtual time)
 * @param scale the time scale (1 for a world without virtual time)
 * @param clocks the fixed clocks that have state in the world, by name
 * @since 0.1
 */
public record ClocksReport(boolean paused, double scale, List<Clock> clocks) implements Report {
    /** Copies the list and checks for nulls. */
    public ClocksReport {
        clocks = List.copyOf(clocks);
    }

    /**
     * One fixed clock in the world.
     *
     * @param name the clock's name
     * @param hz steps per second
     * @param maxStepsPerFrame its cap of steps per frame
     * @param tick steps begun so far
     * @param stepsLastFrame steps the last frame ran
     * @param alpha accumulator over step, in {@code [0, 1)} between frames
     * @param droppedSteps whole steps dropped by the catch-up limits
     * @param timeDebtNanos frame time never simulated, nanoseconds
     */
    public record Clock(String name, double hz, int maxStepsPerFrame, long tick, int stepsLastFrame, double alpha,
                        long droppedSteps, long timeDebtNanos) {
        /** Checks the name. */
        public Clock {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * Reads the world's time. Call it on the thread that owns the world (in a host, the frame thread:
     * inside {@code GameHost.submit}).
     *
     * @param world the world; not null
     * @return the report
     */
    public static ClocksReport read(World world) {
        VirtualTime vt = world.get(VirtualTime.TRAIT);
        FixedTime.Clocks fixed = world.get(FixedTime.TRAIT);
        List<Clock> clocks = new ArrayList<>();
        if (fixed != null) {
            for (FixedTime t : fixed.byName().values()) {
                clocks.add(new Clock(t.clock().name(), t.clock().hz(), t.clock().maxStepsPerFrame(), t.tick(),
                        t.stepsLastFrame(), t.alpha(), t.droppedSteps(), t.timeDebt().toNanos()));
            }
        }
        clocks.sort(Comparator.comparing(Clock::name));
        return new ClocksReport(vt != null && vt.isPaused(), vt == null ? 1 : vt.scale(), clocks);
    }
}
