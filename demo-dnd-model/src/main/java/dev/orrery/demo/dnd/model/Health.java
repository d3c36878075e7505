package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;

/**
 * Entity trait: current hit points.
 *
 * @param hp current hit points, 0 when fallen
 */
public record Health(int hp) {
    /** The entity trait; prefabs set it to the combatant's maximum. */
    public static final Trait<Health> TRAIT = Trait.<Health>builder("dnd/health")
            .defaultValue(new Health(1))
            .persistent(1, TraitCodec.of(Health.class)).build();
}
