package dev.orrery.benchmarks;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitValue;

/** Orrery's traits for the {@link SuiteComponents} types, shared by the world benchmarks. */
final class SuiteTraits {
    static final Trait<SuiteComponents.Transform> TRANSFORM = Trait.of("Transform", SuiteComponents::transform);
    static final Trait<SuiteComponents.Position> POSITION = Trait.of("Position", SuiteComponents::position);
    static final Trait<SuiteComponents.Rotation> ROTATION = Trait.of("Rotation", SuiteComponents::rotation);
    static final Trait<SuiteComponents.Velocity> VELOCITY = Trait.of("Velocity", SuiteComponents::velocity);
    static final Trait<SuiteComponents.A> A = Trait.of("A", SuiteComponents.A::new);
    static final Trait<SuiteComponents.B> B = Trait.of("B", SuiteComponents.B::new);

    private SuiteTraits() {
    }

    /**
     * @return a new prebuilt spawn of the four simple_insert traits (Transform, Position, Rotation,
     *     Velocity), with new values; reusing it makes every entity share these value objects, which
     *     is fine where only the structure is measured
     */
    static TraitValue<?>[] spawnOfFour() {
        return new TraitValue<?>[] {
            TRANSFORM.with(SuiteComponents.transform()), POSITION.with(SuiteComponents.position()),
            ROTATION.with(SuiteComponents.rotation()), VELOCITY.with(SuiteComponents.velocity())};
    }
}
