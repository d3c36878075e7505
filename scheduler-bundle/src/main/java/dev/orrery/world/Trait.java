package dev.orrery.world;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A typed key for data kept in a {@link World}: as a world trait (one value per world) or, on
 * entities, as a component (one value per entity).
 *
 * <p>Traits are compared by identity: two traits with the same name are different keys. The name
 * is for diagnostics, devtools and error messages only. A trait carries a default factory, called
 * each time the trait is added without a value ({@link World#add(Trait)}), so mutable defaults (a
 * fresh list) are never shared between worlds.
 *
 * <p>A trait remembers its {@linkplain #origin() origin}, the class whose code created it. With the
 * class of its default factory (or default value) this tells which code a trait belongs to, so that a
 * host can drop the traits of code that is unloaded ({@link #defaultSource()}).
 *
 * <p>Instances are immutable and thread-safe; the values they key are not (see {@link World}).
 *
 * @param <T> the type of the value
 *
 * @since 0.1
 */
public final class Trait<T> {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private final String name;
    private final Supplier<? extends T> defaultFactory;
    /** The default value of {@link #withDefault}, or null. */
    private final T constantDefault;
    private final Class<?> origin;
    /**
     * The id of this trait in the first entity store that used it, so that store finds it without a
     * hash lookup ({@code EntityStore.traitId}); other stores use their map. Written racily by the
     * threads of different worlds: the value is immutable, so a reader sees a whole one or null, and
     * its owner check makes a stale one harmless.
     */
    TraitId cachedId;

    private Trait(String name, Supplier<? extends T> defaultFactory, T constantDefault) {
        this.name = name;
        this.defaultFactory = defaultFactory;
        this.constantDefault = constantDefault;
        this.origin = WALKER.walk(frames -> frames.<Class<?>>map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> c != Trait.class).findFirst().orElse(Trait.class));
    }

    /**
     * Creates a trait.
     *
     * @param name a non-blank name, for diagnostics
     * @param defaultFactory called once per {@link World#add(Trait)}; must not return {@code null}
     * @param <T> the value type
     * @return a new trait, distinct from every other trait
     * @throws IllegalArgumentException if {@code name} is null, empty or blank (only white space), like
     *     the names of phases, systems, sets and plugins
     * @throws NullPointerException if {@code defaultFactory} is null
     */
    public static <T> Trait<T> of(String name, Supplier<? extends T> defaultFactory) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("Trait.of: name is missing or empty (or blank)");
        }
        Objects.requireNonNull(defaultFactory, () -> "Trait.of: defaultFactory of trait '" + name + "' is null");
        return new Trait<>(name, defaultFactory, null);
    }

    /**
     * Creates a trait whose default is always the same value. Use it for immutable values only.
     *
     * @param name a non-blank name, for diagnostics
     * @param defaultValue the default value; not null
     * @param <T> the value type
     * @return a new trait
     * @throws IllegalArgumentException if {@code name} is null, empty or blank
     * @throws NullPointerException if {@code defaultValue} is null
     */
    public static <T> Trait<T> withDefault(String name, T defaultValue) {
        Objects.requireNonNull(defaultValue, () -> "Trait.withDefault: default value of trait '" + name + "' is null");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("Trait.withDefault: name is missing or empty (or blank)");
        }
        return new Trait<>(name, () -> defaultValue, defaultValue);
    }

    /** @return the name given at creation */
    public String name() {
        return name;
    }

    /**
     * The class whose code created this trait: the caller of {@link #of} or {@link #withDefault}
     * (found once, at creation, with a {@link StackWalker}). For diagnostics, and to tell which code a
     * trait belongs to when that code is unloaded.
     *
     * @return the creating class
     */
    public Class<?> origin() {
        return origin;
    }

    /**
     * What makes this trait's defaults: the default value given to {@link #withDefault}, else the
     * factory given to {@link #of}. Its class tells, like {@link #origin()}, which code the trait
     * belongs to; a cold path for hosts that drop the traits of unloaded code.
     *
     * @return the default value or the factory
     */
    public Object defaultSource() {
        return constantDefault != null ? constantDefault : defaultFactory;
    }

    /**
     * Creates a default value by calling the factory.
     *
     * @return the new default value
     * @throws IllegalStateException if the factory returned {@code null}
     */
    public T createDefault() {
        T value = defaultFactory.get();
        if (value == null) {
            throw new IllegalStateException("default factory of trait '" + name + "' returned null");
        }
        return value;
    }

    /**
     * Pairs this trait with a value, for {@link World#spawn(TraitValue...)} and overrides.
     *
     * @param value the value; not null
     * @return the pair
     * @throws NullPointerException if {@code value} is null; the message names this trait
     */
    public TraitValue<T> with(T value) {
        return new TraitValue<>(this, value);
    }

    @Override
    public String toString() {
        return "Trait[" + name + "]";
    }
}
