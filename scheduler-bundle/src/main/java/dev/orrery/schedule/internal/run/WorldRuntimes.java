package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The {@link WorldRuntime}s of one schedule, keyed weakly by world: a world that is no longer used
 * takes its runtime with it. Instance state of the schedule, never static (SCH-064).
 *
 * <p>Lookup costs no allocation: the last runtime used is cached and matched by world identity; a miss
 * goes to a {@link WeakHashMap} under a lock, so one schedule may serve worlds on different threads.
 * The cache field is read and written without a lock: a stale or racy value only causes a miss,
 * because a runtime is matched through its own weak reference to its world.
 */
final class WorldRuntimes {
    private final Schedule schedule;
    private final RunLayout layout;
    private final Trait<ScheduleState> stateTrait;
    private final boolean withHooks;
    private final Trait<InitialisedSystems> lifecycleTrait;
    private final Map<World, WorldRuntime> byWorld = new WeakHashMap<>();
    private WorldRuntime last;

    WorldRuntimes(Schedule schedule, RunLayout layout, Trait<ScheduleState> stateTrait,
                  Trait<InitialisedSystems> lifecycleTrait, boolean withHooks) {
        this.schedule = schedule;
        this.lifecycleTrait = lifecycleTrait;
        this.layout = layout;
        this.stateTrait = stateTrait;
        this.withHooks = withHooks;
    }

    /**
     * @param world the world; not null
     * @return its runtime, or null when none was created
     */
    WorldRuntime existing(World world) {
        synchronized (byWorld) {
            return byWorld.get(world);
        }
    }

    /**
     * @param world the world; not null
     * @return its runtime, created on first request
     */
    WorldRuntime of(World world) {
        WorldRuntime runtime = last;
        if (runtime != null && runtime.world() == world) {
            return runtime;
        }
        synchronized (byWorld) {
            runtime = byWorld.get(world);
            if (runtime == null) {
                runtime = new WorldRuntime(world, layout, world.ref(stateTrait), world.ref(lifecycleTrait),
                        withHooks ? new MutableHookContext(schedule) : null);
                byWorld.put(world, runtime);
            }
        }
        last = runtime;
        return runtime;
    }
}
