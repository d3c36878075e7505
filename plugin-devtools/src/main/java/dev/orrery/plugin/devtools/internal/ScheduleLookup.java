package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the schedule and the system a command names, in the schedules the host has in force, with a
 * one-line reason naming what is missing. Stateless; any thread (the host's schedules are immutable).
 */
final class ScheduleLookup {
    private ScheduleLookup() {
    }

    /**
     * @param host the host
     * @param schedule a schedule name as typed, or null or blank for the main schedule
     * @return the name, trimmed, or the host's main schedule
     */
    static String nameOf(GameHost host, String schedule) {
        return schedule == null || schedule.isBlank() ? host.mainSchedule() : schedule.trim();
    }

    /**
     * @return the schedule of that name in force
     * @throws CommandException naming the schedule and listing the host's schedules, if there is none
     */
    static Schedule require(GameHost host, String name) {
        return host.schedule(name).orElseThrow(() -> new CommandException(
                "no schedule '" + name + "' in the host; schedules: " + host.schedules().names()));
    }

    /** @return the schedules in force, the main schedule first, then the others by name */
    static List<Schedule> mainFirst(GameHost host) {
        List<Schedule> out = new ArrayList<>();
        host.schedule(host.mainSchedule()).ifPresent(out::add);
        for (String name : new java.util.TreeSet<>(host.schedules().names())) {
            if (!name.equals(host.mainSchedule())) {
                host.schedule(name).ifPresent(out::add);
            }
        }
        return out;
    }

    /** @return the system of that name in the schedule, or null */
    static EcsSystem find(Schedule s, String system) {
        for (EcsSystem sys : s.systems()) {
            if (sys.name().equals(system)) {
                return sys;
            }
        }
        return null;
    }

    /** @return why a system name is unknown in a schedule, and which other schedules have one */
    static String unknownSystem(GameHost host, String system, String schedule) {
        List<String> elsewhere = new ArrayList<>();
        for (String other : host.schedules().names()) {
            if (!other.equals(schedule) && host.schedule(other).map(s -> find(s, system) != null).orElse(false)) {
                elsewhere.add(other);
            }
        }
        return "no system '" + system + "' in schedule " + schedule
                + (elsewhere.isEmpty() ? "" : " (schedule " + String.join(", ", elsewhere) + " has one)");
    }
}
