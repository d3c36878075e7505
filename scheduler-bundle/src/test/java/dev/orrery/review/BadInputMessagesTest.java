package dev.orrery.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleHooks;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Review findings: bad input that used to pass silently or fail with a message naming nothing.
 * (HELPERS rule: bad input gives a clear error naming the thing at fault.)
 */
class BadInputMessagesTest {
    /** A plugin implemented directly, as a third-party OSGi component might, bypassing Plugin.builder. */
    private record RawPlugin(String name, List<Phase> phases, List<SystemSet> sets, List<EcsSystem> systems)
            implements Plugin {
    }

    @Test
    @DisplayName("SCH-135 a plugin implementation returning an empty name is rejected at build, naming the schedule and the class")
    void SCH_135_emptyPluginNameFromRawImplementationIsRejected() {
        Plugin raw = new RawPlugin("", List.of(), List.of(), List.of(EcsSystem.define("a", (w, dt) -> { })));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Schedule.builder("main").plugins(raw).build());
        assertEquals("schedule 'main': a plugin returned an empty or blank name (" + RawPlugin.class.getName()
                + "); definePlugin (Plugin.builder) requires a name", e.getMessage());
    }

    @Test
    @DisplayName("ScheduleState rejects null lists and null names with a message naming the field")
    void scheduleStateNullsNameTheField() {
        NullPointerException disabled = assertThrows(NullPointerException.class,
                () -> ScheduleState.builder("main").disabled(null));
        assertEquals("ScheduleState: disabled is null", disabled.getMessage());
        NullPointerException considered = assertThrows(NullPointerException.class,
                () -> ScheduleState.builder("main").onStartConsidered(null));
        assertEquals("ScheduleState: onStartConsidered is null", considered.getMessage());
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> ScheduleState.initial("main").withDisabled(Arrays.asList("a", null)));
        assertEquals("ScheduleState: disabled contains a null name", element.getMessage());
        NullPointerException name = assertThrows(NullPointerException.class,
                () -> ScheduleState.builder(null));
        assertEquals("ScheduleState: name is null", name.getMessage());
    }

    @Test
    @DisplayName("ScheduleHooks.all names the index of a null observer and still copies the list")
    void hooksAllNamesNullObserver() {
        ScheduleHooks ok = new ScheduleHooks() { };
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> ScheduleHooks.all(Arrays.asList(ok, null)));
        assertEquals("ScheduleHooks.all: observer #1 is null", e.getMessage());

        List<String> calls = new ArrayList<>();
        List<ScheduleHooks> observers = new ArrayList<>();
        observers.add(new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                calls.add("first " + ctx.system().name());
            }
        });
        observers.add(new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                calls.add("second " + ctx.system().name());
            }
        });
        ScheduleHooks all = ScheduleHooks.all(observers);
        observers.clear(); // the combined observer keeps its own copy
        Schedule s = Schedule.builder("hooks").systems(EcsSystem.define("a", (w, dt) -> { })).hooks(all).build();
        s.run(new dev.orrery.world.World(), 0);
        assertEquals(List.of("first a", "second a"), calls);
    }
}
