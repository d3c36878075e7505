package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;

/**
 * World trait: the battle's dice, a SplitMix64 generator whose whole state is one {@code long}, so a
 * seed gives the same rolls on every JVM. Mutable; confined to the frame thread. Persistent: a snapshot
 * holds the state, so a loaded battle rolls on exactly as the saved one would have.
 */
public final class BattleRng {
    /** The world trait; the setup system adds it with the battle's seed. */
    public static final Trait<BattleRng> TRAIT = Trait.<BattleRng>builder("dnd/rng").defaultFactory(() -> new BattleRng(0))
            .persistent(1, TraitCodec.of(rng -> Tree.of(rng.state), t -> new BattleRng(((Tree.Int) t).value()))).build();

    private long state;

    /** @param seed the seed */
    public BattleRng(long seed) {
        this.state = seed;
    }

    /** @return the whole state: a generator made with it as its seed rolls on as this one does */
    public long state() {
        return state;
    }

    /** @return the next 64 random bits */
    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * @param sides sides of the die, at least 1
     * @return a roll from 1 to {@code sides}
     */
    public int die(int sides) {
        if (sides < 1) {
            throw new IllegalArgumentException("BattleRng.die: sides must be >= 1, got " + sides);
        }
        return (int) Math.floorMod(nextLong(), (long) sides) + 1;
    }

    /**
     * @param dice the expression
     * @param times how many times the dice are rolled (2 on a critical hit); the bonus counts once
     * @return the total
     */
    public int roll(Dice dice, int times) {
        int sum = dice.bonus();
        for (int i = 0; i < dice.count() * times; i++) {
            sum += die(dice.sides());
        }
        return sum;
    }
}
