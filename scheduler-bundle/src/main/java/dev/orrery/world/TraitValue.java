package dev.orrery.world;

import java.util.Objects;

/**
 * A trait paired with a value, to spawn an entity with values in one call
 * ({@link World#spawn(TraitValue...)}) or to pass overrides. Created with {@link Trait#with(Object)}.
 *
 * @param trait the trait; not null
 * @param value the value; not null
 * @param <T> the value type
 *
 * @since 0.1
 */
public record TraitValue<T>(Trait<T> trait, T value) {
    /**
     * @param trait the trait; not null
     * @param value the value; not null
     * @throws NullPointerException if {@code trait} or {@code value} is null; the message names the
     *     trait
     */
    public TraitValue {
        Objects.requireNonNull(trait, "TraitValue: trait is null");
        Objects.requireNonNull(value, () -> "TraitValue: value of trait '" + trait.name() + "' is null");
    }

    @Override
    public String toString() {
        return trait.name() + "=" + value;
    }
}
