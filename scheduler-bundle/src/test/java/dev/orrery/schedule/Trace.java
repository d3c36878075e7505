package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.List;

/** Test helper: records what systems, conditions and hooks did, in order. */
final class Trace {
    final List<String> events = new ArrayList<>();

    /** @return a run function that records {@code name} */
    RunFunction records(String name) {
        return (world, dt) -> events.add(name);
    }

    /** @return a system in OnUpdate that records its name */
    EcsSystem system(String name) {
        return EcsSystem.define(name, records(name));
    }

    /** @return a system in {@code phase} that records its name */
    EcsSystem system(String name, Phase phase) {
        return EcsSystem.define(name, phase, records(name));
    }

    /** @return a condition that records {@code "?" + name} and returns {@code result} */
    Condition condition(String name, boolean result) {
        return world -> {
            events.add("?" + name);
            return result;
        };
    }

    /** @return the events so far, as a copy, and forgets them */
    List<String> take() {
        List<String> copy = List.copyOf(events);
        events.clear();
        return copy;
    }
}
