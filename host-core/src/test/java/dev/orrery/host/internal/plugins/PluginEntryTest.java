package dev.orrery.host.internal.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A plugin's data is read once per service registration, and a broken plugin is contained. */
class PluginEntryTest {
    private static PluginEntry of(Plugin p) {
        return PluginEntry.of(p, "main", "test/1.0.0", 7);
    }

    /** A plugin whose every accessor is given by the test. */
    private static Plugin plugin(Supplier<String> name, Supplier<List<Phase>> phases, Supplier<List<SystemSet>> sets,
                                 Supplier<List<EcsSystem>> systems) {
        return new Plugin() {
            @Override
            public String name() {
                return name.get();
            }

            @Override
            public List<Phase> phases() {
                return phases.get();
            }

            @Override
            public List<SystemSet> sets() {
                return sets.get();
            }

            @Override
            public List<EcsSystem> systems() {
                return systems.get();
            }
        };
    }

    private static <T> Supplier<T> throwing(Throwable t) {
        return () -> {
            if (t instanceof RuntimeException r) {
                throw r;
            }
            throw (Error) t;
        };
    }

    @Test
    void theSnapshotHoldsTheSameObjectsInImmutableLists() {
        Phase phase = Phase.builder("p/Stage").dependsOn(Phase.ON_UPDATE).build();
        SystemSet set = SystemSet.define("p/Set");
        EcsSystem system = EcsSystem.builder("p/s").sets(set).run((w, dt) -> { }).build();
        Plugin service = plugin(() -> "p", () -> new ArrayList<>(List.of(phase)), () -> new ArrayList<>(List.of(set)),
                () -> new ArrayList<>(List.of(system)));
        PluginEntry e = of(service);
        assertTrue(e.usable());
        assertNull(e.error());
        assertSame(service, e.plugin());
        assertEquals("p", e.data().name());
        assertSame(phase, e.data().phases().get(0));
        assertSame(set, e.data().sets().get(0));
        assertSame(system, e.data().systems().get(0));
        assertThrows(UnsupportedOperationException.class, () -> e.data().systems().add(system));
    }

    @Test
    void dataThatDiffersFromCallToCallIsReadOnce() {
        int[] calls = new int[1];
        Plugin varying = plugin(() -> "v" + calls[0]++, List::of, List::of,
                () -> List.of(EcsSystem.define("v/s" + calls[0]++, (w, dt) -> { })));
        PluginEntry e = of(varying);
        assertEquals(2, calls[0]);
        assertEquals("v0", e.name());
        assertEquals("v0", e.data().name());
        assertEquals("v/s1", e.data().systems().get(0).name());
        assertEquals("v/s1", e.data().systems().get(0).name(), "the snapshot does not call the plugin again");
        assertEquals(2, calls[0]);
    }

    @Test
    void eachAccessorsThrowableMakesTheEntryUnusableWithTheAccessorAndTheError() {
        assertEquals("its name() threw java.lang.IllegalStateException: no name",
                of(plugin(throwing(new IllegalStateException("no name")), List::of, List::of, List::of)).error());
        assertEquals("its phases() threw java.lang.AssertionError: boom",
                of(plugin(() -> "p", throwing(new AssertionError("boom")), List::of, List::of)).error());
        assertEquals("its sets() threw java.lang.StackOverflowError",
                of(plugin(() -> "p", List::of, throwing(new StackOverflowError()), List::of)).error());
        assertEquals("its systems() threw java.lang.NoClassDefFoundError: gone/Type",
                of(plugin(() -> "p", List::of, List::of, throwing(new NoClassDefFoundError("gone/Type")))).error());
    }

    @Test
    void anUnusableEntryKeepsWhatItKnows() {
        PluginEntry noName = of(plugin(throwing(new IllegalStateException("x")), List::of, List::of, List::of));
        assertFalse(noName.usable());
        assertNull(noName.data());
        assertEquals("test/1.0.0#7", noName.name());
        PluginEntry named = of(plugin(() -> "p", List::of, List::of, throwing(new AssertionError("boom"))));
        assertEquals("p", named.name());
        assertEquals(7, named.serviceId());
    }

    @Test
    void aVirtualMachineErrorOtherThanStackOverflowIsRethrown() {
        OutOfMemoryError oom = new OutOfMemoryError("test: not a real one");
        assertSame(oom, assertThrows(OutOfMemoryError.class,
                () -> of(plugin(() -> "p", List::of, List::of, throwing(oom)))));
    }

    @Test
    void missingNamesAndNullDataAreNamed() {
        assertEquals("its name() is missing or blank", of(plugin(() -> " ", List::of, List::of, List::of)).error());
        assertEquals("its name() is missing or blank", of(plugin(() -> null, List::of, List::of, List::of)).error());
        assertEquals("its sets() returned null", of(plugin(() -> "p", List::of, () -> null, List::of)).error());
        EcsSystem s = EcsSystem.define("p/s", (w, dt) -> { });
        assertEquals("its systems() returned a list holding null at index 1",
                of(plugin(() -> "p", List::of, List::of, () -> Arrays.asList(s, null))).error());
    }

    @Test
    void anErrorWhoseMessageThrowsIsNamedByItsClass() {
        RuntimeException weird = new RuntimeException() {
            @Override
            public String getMessage() {
                throw new IllegalStateException("nested");
            }
        };
        String error = of(plugin(() -> "p", throwing(weird), List::of, List::of)).error();
        assertEquals("its phases() threw " + weird.getClass().getName(), error);
    }

    @Test
    void equalityRunsNoPluginCode() {
        Plugin hostile = new Plugin() {
            @Override
            public String name() {
                return "hostile";
            }

            @Override
            public List<Phase> phases() {
                return List.of();
            }

            @Override
            public List<SystemSet> sets() {
                return List.of();
            }

            @Override
            public List<EcsSystem> systems() {
                return List.of();
            }

            @Override
            public boolean equals(Object o) {
                throw new AssertionError("equals called");
            }

            @Override
            public int hashCode() {
                throw new AssertionError("hashCode called");
            }
        };
        PluginEntry e = of(hostile);
        assertEquals(e, e.inSchedule("main"));
        assertEquals(e.hashCode(), e.inSchedule("main").hashCode());
        assertFalse(e.equals(of(hostile)), "another snapshot of the same service is another entry");
        assertFalse(e.equals(e.inSchedule("game")));
    }

    @Test
    void inScheduleKeepsTheServiceAndItsSnapshot() {
        PluginEntry e = of(Plugin.builder("p").build());
        PluginEntry moved = e.inSchedule("game");
        assertEquals("game", moved.schedule());
        assertSame(e.plugin(), moved.plugin());
        assertSame(e.data(), moved.data());
    }
}
