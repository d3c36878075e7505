package dev.orrery.host.internal.frame;

import dev.orrery.host.internal.rebuild.Swap;
import dev.orrery.schedule.Schedule;
import java.util.List;
import java.util.Map;

/** Swaps for frame-side tests: rebuilt schedules, no rebuild records. */
final class Swaps {
    private Swaps() {
    }

    static Swap of(String main, Map<String, Schedule> rebuilt) {
        return carrying(main, rebuilt, Map.of());
    }

    static Swap at(long generation, String main, Map<String, Schedule> rebuilt) {
        return new Swap(generation, main, rebuilt, List.of(), List.of(), Map.of());
    }

    static Swap carrying(String main, Map<String, Schedule> rebuilt, Map<String, String> carryState) {
        return new Swap(0, main, rebuilt, List.of(), List.of(), carryState);
    }
}
