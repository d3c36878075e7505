package dev.orrery.schedule.condition;

import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.SplittableRandom;

/**
 * The per-world random stream the run-condition library draws jitter from ({@link RunIf#every}),
 * held in a world trait: seeded with {@link #DEFAULT_SEED} when first used, or with the seed given to
 * {@link RunIf#seed}; removed by {@code world.reset()}. The same seed and the same sequence of passes
 * give the same intervals. Confined to the world's thread.
 */
final class JitterStream {
    /** The seed of a world whose stream was not seeded explicitly. */
    static final long DEFAULT_SEED = 0x0_5EED_0F_0E4E4EL;

    static final Trait<JitterStream> TRAIT = Trait.of("runIf jitter stream", () -> new JitterStream(DEFAULT_SEED));

    private final SplittableRandom random;

    JitterStream(long seed) {
        this.random = new SplittableRandom(seed);
    }

    static JitterStream of(World world) {
        JitterStream stream = world.get(TRAIT);
        return stream != null ? stream : world.add(TRAIT);
    }

    /** @return a uniform value in [0, 1); allocation-free */
    double nextDouble() {
        return random.nextDouble();
    }
}
