package dev.orrery.host.itest.support;

import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * World trait shared by the test plugins and the tests (exported by the support bundle, so the test
 * probe and every plugin bundle see the same {@link #TRAIT}): systems append what they did; tests read
 * it on the frame thread through {@code GameHost.submit}. Also carries switches a test flips to make
 * a system throw. Confined to the frame thread like the world.
 */
public final class Trace {
    /** The trait; a fresh, empty trace per world. */
    public static final Trait<Trace> TRAIT = Trait.of("itest/trace", Trace::new);

    private final List<String> events = new ArrayList<>();
    private final Set<String> failing = new HashSet<>();

    /** @param event what happened, e.g. a system name */
    public void record(String event) {
        events.add(event);
    }

    /** @return a copy of the events, oldest first */
    public List<String> events() {
        return List.copyOf(events);
    }

    /**
     * @param event an event
     * @return how often it was recorded
     */
    public long count(String event) {
        return events.stream().filter(event::equals).count();
    }

    /** Forgets the events. */
    public void clear() {
        events.clear();
    }

    /**
     * @param system a system name
     * @param fail whether that system throws from now on
     */
    public void setFailing(String system, boolean fail) {
        if (fail) {
            failing.add(system);
        } else {
            failing.remove(system);
        }
    }

    /**
     * @param system a system name
     * @return whether that system should throw
     */
    public boolean isFailing(String system) {
        return failing.contains(system);
    }
}
