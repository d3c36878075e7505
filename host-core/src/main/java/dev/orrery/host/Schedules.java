package dev.orrery.host;

import dev.orrery.schedule.Schedule;
import dev.orrery.world.Trait;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The host's schedules by name, as a world trait ({@link #TRAIT}), so that a system can step another
 * schedule: a frame system of the main schedule runs the {@code turn} schedule when a turn ends (the
 * spec's turn-schedule example). A system must not run its own schedule (SCH-043).
 *
 * <pre>{@code
 * Schedules schedules = world.get(Schedules.TRAIT);
 * schedules.require("turn").run(world, dt);
 * }</pre>
 *
 * <p>The host replaces the value at every frame boundary where a rebuilt schedule is swapped in; a
 * value is immutable, so read it afresh in each run rather than keeping it.
 *
 * @since 0.1
 */
public final class Schedules {
    /** A host with no schedule yet. */
    public static final Schedules EMPTY = new Schedules(Map.of());

    /** The world trait through which systems reach the host's schedules; default {@link #EMPTY}. */
    public static final Trait<Schedules> TRAIT = Trait.withDefault("orrery.host/schedules", EMPTY);

    private final Map<String, Schedule> byName;

    private Schedules(Map<String, Schedule> byName) {
        this.byName = byName;
    }

    /**
     * @param schedules schedules by name; copied
     * @return an immutable snapshot
     */
    public static Schedules of(Map<String, Schedule> schedules) {
        return new Schedules(Map.copyOf(schedules));
    }

    /** @return the names of the schedules, sorted */
    public Set<String> names() {
        return new TreeMap<>(byName).keySet();
    }

    /**
     * @param name a schedule name
     * @return the schedule of that name, if the host has one
     */
    public Optional<Schedule> get(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * @param name a schedule name
     * @return the schedule of that name
     * @throws IllegalArgumentException if the host has no schedule of that name; the message names it
     *     and the schedules there are
     */
    public Schedule require(String name) {
        Schedule s = byName.get(Objects.requireNonNull(name, "name"));
        if (s == null) {
            throw new IllegalArgumentException("no schedule '" + name + "' in the host; schedules: " + names());
        }
        return s;
    }

    @Override
    public String toString() {
        return "Schedules" + names();
    }
}
