package dev.orrery.host.itest.support;

import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * World trait of the "throws after staging" fault cases: the entity traits a staging fault plugin
 * spawns, moves and destroys with, and what it saw before it staged and then threw (the world's
 * structure at the last publish, and the handles its staged spawns reserved). Confined to the frame
 * thread like the world.
 */
public final class StagingProbe {
    /** The trait; a fresh probe per world. */
    public static final Trait<StagingProbe> TRAIT = Trait.of("itest/staging-probe", StagingProbe::new);
    /** Entity trait of what the staging plugins spawn; the value is the case. */
    public static final Trait<String> MARK = Trait.withDefault("itest/staged-mark", "mark");
    /** Entity trait the staging plugins add to entities they spawned before, to move them. */
    public static final Trait<String> MOVED = Trait.withDefault("itest/staged-moved", "moved");

    private final Map<String, Staged> staged = new HashMap<>();

    /**
     * What one case staged before it threw.
     *
     * @param lastPublish the world's structure as the thrower saw it (committed: the last publish)
     * @param reserved the handles its staged spawns returned
     */
    public record Staged(WorldStructure lastPublish, long[] reserved) {
    }

    /**
     * Stages spawns (one with traits added after it), adds to and removes from entities spawned earlier,
     * and destroys one of them, after recording the world's committed structure; the caller throws
     * next.
     *
     * @param world the world, inside dispatch (the calls are staged)
     * @param name the case, recorded as the value of {@link #MARK}
     */
    public void stage(World world, String name) {
        WorldStructure before = WorldStructure.of(world);
        long[] earlier = world.query(Query.of(MARK)).entities();
        long plain = world.spawn();
        long marked = world.spawn(MARK.with(name));
        long moved = world.spawn(MARK.with(name), MOVED.with(name));
        world.add(plain, MARK, name);
        world.add(plain, MOVED, name);
        world.destroy(moved);
        for (long e : earlier) {
            world.add(e, MOVED, name);
        }
        if (earlier.length > 1) {
            world.remove(earlier[1], MARK);
        }
        if (earlier.length > 0) {
            world.destroy(earlier[0]);
        }
        staged.put(name, new Staged(before, new long[] {plain, marked, moved}));
    }

    /**
     * @param name a case
     * @return what it staged before it threw, if it did
     */
    public Optional<Staged> staged(String name) {
        return Optional.ofNullable(staged.get(name));
    }
}
