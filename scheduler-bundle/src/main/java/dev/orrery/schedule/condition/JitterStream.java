package dev.orrery.schedule.condition;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.LateDefinitions;

/**
 * The per-world random stream the run-condition library draws jitter from ({@link RunIf#every}),
 * held in a persistent world trait: seeded with {@link #DEFAULT_SEED} when first used, or with the
 * seed given to {@link RunIf#seed}; removed by {@code world.reset()}; saved in snapshots, so a
 * restored world draws the same next intervals. The same seed and the same sequence of passes give
 * the same intervals. Confined to the world's thread.
 *
 * <p>Implementation notes. The stream is SplitMix64 with the golden gamma, the generator of
 * {@link java.util.SplittableRandom}, whose draws it reproduces for the same seed (so seeded worlds
 * keep their intervals); it is written out here because {@code SplittableRandom} does not expose its
 * state, and the whole state is the one {@code long} a snapshot stores.
 */
final class JitterStream {
    /** The seed of a world whose stream was not seeded explicitly. */
    static final long DEFAULT_SEED = 0x0_5EED_0F_0E4E4EL;
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    static final Trait<JitterStream> TRAIT = Trait.<JitterStream>builder("runIf jitter stream")
            .defaultFactory(() -> new JitterStream(DEFAULT_SEED))
            .persistent(1, TraitCodec.of(JitterStream::toTree, JitterStream::fromTree)).build();

    private long state;

    JitterStream(long seed) {
        this.state = seed;
    }

    static JitterStream of(World world) {
        JitterStream stream = world.get(TRAIT);
        if (stream == null) {
            stream = LateDefinitions.worldValue(world, TRAIT);
        }
        return stream != null ? stream : world.add(TRAIT);
    }

    /** @return a uniform value in [0, 1); allocation-free */
    double nextDouble() {
        long z = state += GOLDEN_GAMMA;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z = z ^ (z >>> 31);
        return (z >>> 11) * 0x1.0p-53;
    }

    private static Tree toTree(JitterStream s) {
        return Tree.obj("state", Tree.of(s.state));
    }

    private static JitterStream fromTree(Tree t) {
        if (!(t instanceof Tree.Obj o) || !(o.get("state") instanceof Tree.Int state)) {
            throw new IllegalArgumentException("runIf jitter stream: expected an object with an integer state, got " + t);
        }
        return new JitterStream(state.value());
    }
}
