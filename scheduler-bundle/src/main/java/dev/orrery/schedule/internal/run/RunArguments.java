package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.NearestNames;
import dev.orrery.schedule.Phase;
import dev.orrery.world.World;
import java.util.Arrays;
import java.util.List;

/**
 * Argument checks of the run and enable APIs. Every message names the schedule (SCH-141), the API
 * called, and the phase or system at fault. Nothing here changes any state, so a failed check leaves
 * the world as it was (SCH-041, SCH-110, SCH-111).
 */
final class RunArguments {
    private final RunLayout layout;

    RunArguments(RunLayout layout) {
        this.layout = layout;
    }

    private String prefix(String api) {
        return "schedule '" + layout.scheduleName + "': " + api + ": ";
    }

    /** @throws NullPointerException naming the schedule if {@code world} is null */
    void requireWorld(World world, String api) {
        if (world == null) {
            throw new NullPointerException(prefix(api) + "world is null");
        }
    }

    /**
     * @throws IllegalArgumentException unless dt is finite and {@code >= 0} (SCH-041); 0 is valid (SCH-042)
     */
    void checkDt(double dt, String api) {
        if (!(dt >= 0.0) || dt == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(prefix(api) + "dt must be a finite number of seconds >= 0, got " + dt);
        }
    }

    /**
     * Null check of a phase argument alone, for APIs with several phase arguments: all of them are
     * checked for null before any is looked up, so a null argument is a {@link NullPointerException}
     * whatever the others are (the Javadoc's promise).
     *
     * @throws NullPointerException naming the schedule, the API and the role if {@code phase} is null
     */
    void requirePhase(Phase phase, String api, String role) {
        if (phase == null) {
            throw new NullPointerException(prefix(api) + role + " is null");
        }
    }

    /**
     * @return the phase's index
     * @throws IllegalArgumentException if the phase is not in the schedule (SCH-034); the message names the
     *     nearest phases of the schedule, if any ({@link NearestNames})
     * @throws NullPointerException if it is null
     */
    int phaseIndex(Phase phase, String api, String role) {
        requirePhase(phase, api, role);
        int p = layout.indexOf(phase);
        if (p < 0) {
            List<String> names = Arrays.stream(layout.phases).map(Phase::name).toList();
            throw new IllegalArgumentException(prefix(api) + role + " '" + phase.name() + "' is not in this schedule"
                    + NearestNames.didYouMean(phase.name(), names));
        }
        return p;
    }

    /**
     * Checks the endpoints of a range, in the order: mixed manual and automatic (SCH-111), manual
     * endpoints in different components (SCH-110), {@code from} after {@code to} (SCH-034).
     *
     * @throws IllegalArgumentException naming both phases
     */
    void checkRange(int from, int to) {
        String api = "runPhases";
        Phase a = layout.phases[from];
        Phase b = layout.phases[to];
        boolean manualFrom = layout.phaseManual[from];
        boolean manualTo = layout.phaseManual[to];
        if (manualFrom != manualTo) {
            throw new IllegalArgumentException(prefix(api) + "from phase '" + a.name() + "' is "
                    + (manualFrom ? "manual" : "automatic") + " but to phase '" + b.name() + "' is "
                    + (manualTo ? "manual" : "automatic") + "; a range cannot mix manual and automatic phases");
        }
        if (manualFrom && layout.phaseComponent[from] != layout.phaseComponent[to]) {
            throw new IllegalArgumentException(prefix(api) + "manual phases '" + a.name() + "' and '" + b.name()
                    + "' are in different components; a manual range must stay within one component");
        }
        if (from > to) {
            throw new IllegalArgumentException(prefix(api) + "from phase '" + a.name() + "' comes after to phase '"
                    + b.name() + "' in phase order");
        }
    }

    /**
     * @return the system's index
     * @throws IllegalArgumentException if the system is not in the schedule (SCH-055)
     * @throws NullPointerException if it is null
     */
    int systemIndex(EcsSystem system, String api) {
        if (system == null) {
            throw new NullPointerException(prefix(api) + "system is null");
        }
        int i = layout.indexOf(system);
        if (i < 0) {
            throw new IllegalArgumentException(prefix(api) + "system '" + system.name() + "' is not in this schedule");
        }
        return i;
    }

    /** @return the exception for a nested call of the schedule on a world it is running on (SCH-043) */
    IllegalStateException reentered(String api) {
        return new IllegalStateException(prefix(api) + "already running on this world; a schedule cannot be "
                + "called on a world from inside its own run on that world (another schedule or another world is fine)");
    }
}
