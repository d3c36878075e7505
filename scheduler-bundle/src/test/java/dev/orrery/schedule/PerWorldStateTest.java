package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Per-world isolation and the state trait: SCH-060, 062..065, 151. */
class PerWorldStateTest {
    private final Trace trace = new Trace();
    private final EcsSystem start = trace.system("start", Phase.ON_START);
    private final EcsSystem a = trace.system("a");
    private final EcsSystem b = trace.system("b");

    @Test
    @DisplayName("SCH-060 one schedule on two worlds keeps enabled/disabled separately, in each world's state trait")
    void SCH_060_enabled_state_per_world() {
        Schedule schedule = Schedule.builder("s060").systems(a, b).build();
        World one = new World();
        World two = new World();

        schedule.disable(one, a);
        schedule.disable(two, b);

        assertEquals(List.of("a"), one.get(schedule.state()).disabled());
        assertEquals(List.of("b"), two.get(schedule.state()).disabled());
        schedule.run(one, 0);
        schedule.run(two, 0);
        assertEquals(List.of("b", "a"), trace.take());
        assertFalse(schedule.isEnabled(one, a));
        assertTrue(schedule.isEnabled(two, a));
    }

    @Test
    @DisplayName("SCH-062 two schedules with different names on one world share no enabled or OnStart state")
    void SCH_062_schedules_do_not_share_state() {
        Schedule first = Schedule.builder("first").systems(start, a).build();
        Schedule second = Schedule.builder("second").systems(start, a).build();
        World world = new World();

        assertNotSame(first.state(), second.state(), "each build creates its own state trait");
        first.disable(world, a);
        assertFalse(first.isEnabled(world, a));
        assertTrue(second.isEnabled(world, a));
        first.run(world, 0);
        second.run(world, 0);
        assertEquals(List.of("start", "start", "a"), trace.take(), "OnStart ran once for each schedule");
        assertEquals("first", world.get(first.state()).name());
        assertEquals("second", world.get(second.state()).name());
    }

    @Test
    @DisplayName("SCH-063 state lives in a world trait added lazily; fields name, disabled, onStartDone (+ onStartConsidered); no marker in it; name never read back")
    void SCH_063_state_trait_shape_and_laziness() {
        // Orrery adds onStartConsidered (docs/architecture.md, beyond the spec 2) and disabledPhases (phase
        // toggle, Schedule Javadoc) to the spec's three fields; each has an accessor of its name.
        Map<String, Class<?>> fields = new LinkedHashMap<>();
        for (Field f : ScheduleState.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                fields.put(f.getName(), f.getType());
            }
        }
        Map<String, Class<?>> expected = new LinkedHashMap<>();
        expected.put("name", String.class);
        expected.put("disabled", List.class);
        expected.put("onStartDone", boolean.class);
        expected.put("onStartConsidered", List.class);
        expected.put("disabledPhases", List.class);
        assertEquals(expected, fields);
        for (Map.Entry<String, Class<?>> e : expected.entrySet()) {
            assertEquals(e.getValue(), assertDoesNotThrow(() -> ScheduleState.class.getMethod(e.getKey())).getReturnType(),
                    e.getKey());
        }

        ScheduleState[] seenInside = new ScheduleState[1];
        Schedule[] self = new Schedule[1];
        self[0] = Schedule.builder("s063").systems(
                EcsSystem.define("peek", (w, dt) -> seenInside[0] = w.get(self[0].state()))).build();
        World world = new World();
        assertFalse(world.has(self[0].state()), "not added before first use");
        self[0].run(world, 0);
        assertTrue(world.has(self[0].state()));
        ScheduleState after = world.get(self[0].state());
        assertEquals(ScheduleState.builder("s063").onStartDone(true).build(), after);
        assertSame(after, seenInside[0],
                "during the call (OnStart already completed) the record is the one left after it: the executing marker is not in it");

        // the schedule does not read name back: a foreign name changes nothing
        world.set(self[0].state(), ScheduleState.builder("renamed").disabled(List.of("peek")).onStartDone(true).build());
        seenInside[0] = null;
        self[0].run(world, 0);
        assertEquals(null, seenInside[0], "disabled is still honoured");
        assertEquals("s063", self[0].name());
    }

    @Test
    @DisplayName("SCH-063 the run-time data per world (re-entrancy marker, hook context) is keyed weakly: a dropped world can be collected")
    void SCH_063_runtime_data_does_not_keep_worlds_alive() throws InterruptedException {
        ScheduleHooks hooks = new ScheduleHooks() {
            @Override
            public void beforeSystem(HookContext ctx) {
                trace.events.add("hook");
            }
        };
        Schedule schedule = Schedule.builder("s063-weak").hooks(hooks).systems(a).build();
        World world = new World();
        schedule.run(world, 0);
        schedule.disable(world, a);
        assertFalse(schedule.isEnabled(world, a));
        WeakReference<World> dropped = new WeakReference<>(world);
        world = null;

        assertTrue(Reachability.awaitCleared(dropped), "the schedule kept the world reachable");
        schedule.run(new World(), 0); // the schedule still works
        assertEquals(List.of("hook", "a", "hook", "a"), trace.take());
    }

    @Test
    @DisplayName("SCH-064 no module-level mutable state: every static field of the scheduler is final and immutable; worlds do not affect each other")
    void SCH_064_no_static_mutable_state() throws IOException, URISyntaxException {
        Path root = Path.of(Schedule.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> offending;
        try (Stream<Path> files = Files.walk(root)) {
            List<Class<?>> classes = files.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> root.relativize(p).toString().replace('/', '.').replace('\\', '.').replaceAll("\\.class$", ""))
                    .filter(n -> n.startsWith("dev.orrery.schedule"))
                    .filter(n -> !n.endsWith("package-info"))
                    .map(PerWorldStateTest::load)
                    .collect(Collectors.toList());
            assertTrue(classes.size() > 15, "scanned the scheduler classes: " + classes.size());
            offending = classes.stream().flatMap(c -> Arrays.stream(c.getDeclaredFields()))
                    .filter(f -> Modifier.isStatic(f.getModifiers()) && !f.isSynthetic())
                    .filter(f -> !Modifier.isFinal(f.getModifiers()) || !isImmutableType(f))
                    .map(f -> f.getDeclaringClass().getName() + "." + f.getName())
                    .collect(Collectors.toList());
        }
        // The one per-thread exception: which world update the calling thread is inside, for the static
        // Cooperative.await; each thread's seat names its own world, so worlds still do not share it.
        assertTrue(offending.remove(Cooperative.class.getName() + ".SEATS"), "the seats: " + offending);
        assertEquals(List.of(), offending);

        // behaviour: using a schedule in one world leaves another world untouched
        Schedule schedule = Schedule.builder("s064").systems(start, a).build();
        World one = new World();
        World two = new World();
        schedule.disable(one, a);
        schedule.run(one, 0);
        assertFalse(two.has(schedule.state()));
        schedule.run(two, 0);
        assertEquals(List.of("start", "start", "a"), trace.take());
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, PerWorldStateTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Primitives, strings, enums, phases (immutable), lists that {@code List.copyOf} returns as they are,
     * empty arrays (nothing to mutate), trait keys whose default factory makes a new value per world
     * (a {@code Trait} is an immutable, identity-compared key; its values live in worlds: the
     * run-condition library's pass clock, state stack and jitter stream), var handles (immutable
     * descriptors of an instance field; the run probe's slot), and stateless objects, whose classes
     * declare no instance field (the scheduler's {@code ScheduleCompiler}, looked up once).
     */
    private static boolean isImmutableType(Field f) {
        Class<?> t = f.getType();
        if (t.isPrimitive() || t == String.class || t.isEnum() || t == Phase.class || t == FixedClock.class
                || t == java.time.Duration.class || t == java.lang.invoke.VarHandle.class) {
            return true;
        }
        if (t == Trait.class) {
            try {
                f.setAccessible(true);
                Trait<?> trait = (Trait<?>) f.get(null);
                return trait.createDefault() != trait.createDefault();
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        if (t.isArray()) {
            try {
                f.setAccessible(true);
                return java.lang.reflect.Array.getLength(f.get(null)) == 0;
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        if (t == List.class) {
            try {
                f.setAccessible(true);
                List<?> value = (List<?>) f.get(null);
                return List.copyOf(value) == value;
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        if (t.isInterface()) {
            try {
                f.setAccessible(true);
                return isStateless(f.get(null).getClass());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return false;
    }

    /** @return whether the class and its superclasses declare no instance field */
    private static boolean isStateless(Class<?> c) {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field field : k.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    @DisplayName("SCH-065 after world.reset() the state is back to defaults: all enabled, OnStart runs again, trait re-added with the name")
    void SCH_065_reset_restores_defaults() {
        Schedule schedule = Schedule.builder("s065").systems(start, a, b).build();
        World world = new World();
        schedule.disable(world, a);
        schedule.run(world, 0);
        assertEquals(List.of("start", "b"), trace.take());

        world.reset();
        assertFalse(world.has(schedule.state()));
        assertTrue(schedule.isEnabled(world, a));
        assertDoesNotThrow(() -> schedule.run(world, 0));

        assertEquals(List.of("start", "a", "b"), trace.take());
        assertEquals(ScheduleState.builder("s065").onStartDone(true).onStartConsidered(List.of("start")).build(), world.get(schedule.state()));
    }

    @Test
    @DisplayName("SCH-151 schedule.state() is the world trait: same identity, distinct per schedule, lazy, works with the world API, name kept")
    void SCH_151_state_is_the_world_trait() {
        Schedule schedule = Schedule.builder("s151").systems(a).build();
        Schedule other = Schedule.builder("s151").systems(a).build();
        World world = new World();

        assertSame(schedule.state(), schedule.state());
        assertNotSame(schedule.state(), other.state(), "another build, even with the same name, has its own trait");
        assertFalse(world.has(schedule.state()), "lazy");
        assertTrue(schedule.isEnabled(world, a));
        assertFalse(world.has(schedule.state()), "isEnabled is a query: it does not add the trait");

        schedule.run(world, 0);
        assertEquals("s151", world.get(schedule.state()).name());

        world.set(schedule.state(), world.get(schedule.state()).withDisabled(List.of("a")));
        assertFalse(schedule.isEnabled(world, a));

        world.reset();
        schedule.runPhase(world, Phase.ON_UPDATE, 0);
        assertEquals("s151", world.get(schedule.state()).name(), "re-added lazily after reset");

        World byCaller = new World();
        ScheduleState added = byCaller.add(schedule.state());
        assertEquals(ScheduleState.initial("s151"), added, "a caller's add gets the same defaults, name included");
        schedule.run(byCaller, 0);
        assertEquals("s151", byCaller.get(schedule.state()).name());
    }
}
