package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.FixedTime;
import dev.orrery.world.TraitRef;
import dev.orrery.world.World;

/**
 * Reused per-world arrays of the fixed-step clocks of one schedule ({@link FixedSteps}), so a fixed
 * step allocates nothing. Confined to the world's thread.
 */
final class FixedScratch {
    /** Per clock index: its state in the world, valid while the world's clocks are {@link #timesOf}. */
    final FixedTime[] times;
    /** Live view of the world's fixed clocks. */
    final TraitRef<FixedTime.Clocks> clocks;
    /** The clocks record {@link #times} were taken from (a reset world gets a new one), or null. */
    FixedTime.Clocks timesOf;
    /** Per clock index: steps left in the current group. */
    final int[] left;
    /** Per clock index: when its next step is due, nanoseconds from the frame's start. */
    final long[] due;
    /** The clock indexes of a {@code runPhase}/{@code runPhases} call's group, in order of their first phase. */
    final int[] groupClocks;
    /** The phase indexes of a {@code runPhase}/{@code runPhases} call's group. */
    final int[] phases;

    /** The last frame dt {@link #nanos} converted (NaN: none yet), and its nanoseconds. */
    private double nanosOf = Double.NaN;
    private long nanosValue;

    FixedScratch(RunLayout layout, World world) {
        this.clocks = world.ref(FixedTime.TRAIT);
        int n = layout.fixed.clocks.length;
        this.times = new FixedTime[n];
        this.left = new int[n];
        this.due = new long[n];
        this.groupClocks = new int[n];
        this.phases = new int[layout.phases.length];
    }

    /** @return {@link FixedSteps#nanos} of {@code seconds}, converted once while the frame dt stays the same */
    long nanos(double seconds) {
        if (seconds != nanosOf) {
            nanosValue = FixedSteps.nanos(seconds);
            nanosOf = seconds;
        }
        return nanosValue;
    }
}
