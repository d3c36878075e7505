package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;

/**
 * Entity trait of a projectile in flight, an arrow or a fire bolt: the demo's stand-in for real-time
 * physics next to its turn pipeline. It flies from the shooter's square to the target's in whole fixed
 * steps ({@link #flown()} of {@link #steps()}) and is drawn every frame between its last two steps
 * ({@link #drawn(double)}, with the fixed clock's interpolation alpha). It is cosmetic: the rules resolved
 * the attack before it left, so it never changes the outcome.
 *
 * @param weapon what flies: the shooter's weapon ("shortbow", "fire bolt")
 * @param shooter the shooter's name
 * @param target the target's name
 * @param from the shooter's square
 * @param to the target's square
 * @param steps the fixed steps the whole flight takes, at least 1
 * @param flown the fixed steps flown so far, {@code 0..steps}
 * @param frames the frames it was drawn in so far
 * @param drawnX the column it was last drawn at, in squares (fractional)
 * @param drawnY the row it was last drawn at, in squares (fractional)
 */
public record Projectile(String weapon, String shooter, String target, Position from, Position to, int steps,
                         int flown, int frames, double drawnX, double drawnY) {
    /** The entity trait. */
    public static final Trait<Projectile> TRAIT = Trait.<Projectile>builder("dnd/projectile")
            .defaultValue(new Projectile("?", "?", "?", new Position(0, 0), new Position(0, 0), 1, 0, 0, 0, 0))
            .persistent(1, TraitCodec.of(Projectile.class)).build();
    /** Entity trait on an effect entity whose shot was looked at (launched, or melee: nothing flies). */
    public static final Trait<Boolean> LAUNCHED = Trait.<Boolean>builder("dnd/launched")
            .defaultValue(Boolean.TRUE)
            .persistent(1, TraitCodec.of(Tree::of, t -> ((Tree.Bool) t).value())).build();

    /**
     * @param weapon what flies
     * @param shooter the shooter's name
     * @param target the target's name
     * @param from the shooter's square
     * @param to the target's square
     * @param steps the fixed steps of the flight, at least 1
     * @return a projectile that has not flown yet, drawn at {@code from}
     */
    public static Projectile launched(String weapon, String shooter, String target, Position from, Position to, int steps) {
        return new Projectile(weapon, shooter, target, from, to, Math.max(1, steps), 0, 0, from.x(), from.y());
    }

    /** @return this projectile one fixed step further (never past the target) */
    public Projectile stepped() {
        return new Projectile(weapon, shooter, target, from, to, steps, Math.min(steps, flown + 1), frames, drawnX, drawnY);
    }

    /**
     * @param alpha the fixed clock's interpolation alpha, {@code [0, 1)}
     * @return this projectile drawn in one more frame, at the point {@code flown - 1 + alpha} steps into the flight: between its
     *     last two steps ({@code flown == 0}: where it starts)
     */
    public Projectile drawn(double alpha) {
        double progress = flown == 0 ? 0 : flown - 1 + alpha;
        return new Projectile(weapon, shooter, target, from, to, steps, flown, frames + 1, x(progress), y(progress));
    }

    /** @return whether it has flown all its steps */
    public boolean landed() {
        return flown >= steps;
    }

    /** @return the grid distance of the flight, in squares */
    public int squares() {
        return from.distanceTo(to);
    }

    /**
     * @param progress steps flown, fractional, {@code 0..steps}
     * @return the column at that point of the straight flight
     */
    public double x(double progress) {
        return from.x() + (to.x() - from.x()) * progress / steps;
    }

    /**
     * @param progress steps flown, fractional, {@code 0..steps}
     * @return the row at that point of the straight flight
     */
    public double y(double progress) {
        return from.y() + (to.y() - from.y()) * progress / steps;
    }
}
