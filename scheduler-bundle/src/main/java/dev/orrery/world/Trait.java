package dev.orrery.world;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
 * <p>A trait built with {@link #builder(String)} may be <em>persistent</em>
 * ({@link Builder#persistent(int, TraitCodec)}): snapshots of a world save its values, under its name
 * as the stable id, with its version and codec ({@link #persistence()}). Other traits are transient:
 * snapshots skip them. The name of a persistent trait must then be unique among the persistent
 * traits a world holds.
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
    /** How snapshots save this trait, or null for a transient trait. */
    private final Persistence<T> persistence;
    /**
     * The id of this trait in the first entity store that used it, so that store finds it without a
     * hash lookup ({@code EntityStore.traitId}); other stores use their map. Written racily by the
     * threads of different worlds: the value is immutable, so a reader sees a whole one or null, and
     * its owner check makes a stale one harmless.
     */
    TraitId cachedId;

    private Trait(String name, Supplier<? extends T> defaultFactory, T constantDefault) {
        this(name, defaultFactory, constantDefault, null);
    }

    private Trait(String name, Supplier<? extends T> defaultFactory, T constantDefault, Persistence<T> persistence) {
        this.name = name;
        this.defaultFactory = defaultFactory;
        this.constantDefault = constantDefault;
        this.persistence = persistence;
        this.origin = WALKER.walk(frames -> frames.<Class<?>>map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> c != Trait.class && c != Builder.class).findFirst().orElse(Trait.class));
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

    /**
     * Starts a trait that may be persistent. Call the builder from the code that owns the trait: it
     * becomes the trait's {@link #origin()}.
     *
     * @param name a non-blank name; for a persistent trait, its stable id in snapshots (keep it when
     *     classes or bundles change, e.g. {@code "mygame/health"})
     * @param <T> the value type
     * @return a builder; set a default with {@link Builder#defaultValue} or {@link Builder#defaultFactory}
     * @throws IllegalArgumentException if {@code name} is null, empty or blank
     */
    public static <T> Builder<T> builder(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("Trait.builder: name is missing or empty (or blank)");
        }
        return new Builder<>(name);
    }

    /**
     * @return how snapshots save this trait, or empty for a transient trait (one made by {@link #of},
     *     {@link #withDefault} or a builder without {@link Builder#persistent})
     */
    public Optional<Persistence<T>> persistence() {
        return Optional.ofNullable(persistence);
    }

    /** @return whether snapshots save this trait ({@link #persistence()} is present) */
    public boolean isPersistent() {
        return persistence != null;
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

    /**
     * Builds a {@link Trait}: its default and, for a persistent trait, version, codec and migrations.
     * Not thread-safe; {@link #build()} may be called more than once, each call a distinct trait.
     *
     * @param <T> the value type
     */
    public static final class Builder<T> {
        private final String name;
        private Supplier<? extends T> defaultFactory;
        private T constantDefault;
        private int version;
        private TraitCodec<T> codec;
        private final Map<Integer, TraitMigration> migrations = new HashMap<>();

        private Builder(String name) {
            this.name = name;
        }

        /**
         * @param value the default, always the same value (use it for immutable values only); not null
         * @return this builder
         * @throws NullPointerException if {@code value} is null
         */
        public Builder<T> defaultValue(T value) {
            this.constantDefault = Objects.requireNonNull(value, () -> "Trait.builder: default value of trait '" + name + "' is null");
            this.defaultFactory = null;
            return this;
        }

        /**
         * @param factory called once per {@link World#add(Trait)}; must not return {@code null}
         * @return this builder
         * @throws NullPointerException if {@code factory} is null
         */
        public Builder<T> defaultFactory(Supplier<? extends T> factory) {
            this.defaultFactory = Objects.requireNonNull(factory, () -> "Trait.builder: default factory of trait '" + name + "' is null");
            this.constantDefault = null;
            return this;
        }

        /**
         * Makes the trait persistent: snapshots save its values under its name.
         *
         * @param version the version of the data the running code writes, {@code >= 1}; raise it when
         *     the shape changes, and add a {@link #migration} from the previous one
         * @param codec the codec; {@link TraitCodec#of(Class)} for records and enums
         * @return this builder
         * @throws IllegalArgumentException if {@code version < 1}
         * @throws NullPointerException if {@code codec} is null
         */
        public Builder<T> persistent(int version, TraitCodec<T> codec) {
            if (version < 1) {
                throw new IllegalArgumentException("Trait.builder: version of trait '" + name + "' must be >= 1, was " + version);
            }
            this.codec = Objects.requireNonNull(codec, () -> "Trait.builder: codec of trait '" + name + "' is null");
            this.version = version;
            return this;
        }

        /**
         * Adds the step that rewrites data of version {@code fromVersion} into data of
         * {@code fromVersion + 1}.
         *
         * @param fromVersion the older version, {@code >= 1}
         * @param step a pure function on the tree; not null
         * @return this builder
         * @throws IllegalArgumentException if {@code fromVersion < 1} or a step from it was already given
         * @throws NullPointerException if {@code step} is null
         */
        public Builder<T> migration(int fromVersion, TraitMigration step) {
            Objects.requireNonNull(step, () -> "Trait.builder: migration of trait '" + name + "' is null");
            if (fromVersion < 1) {
                throw new IllegalArgumentException("Trait.builder: migration of trait '" + name + "' from version "
                        + fromVersion + ": versions start at 1");
            }
            if (migrations.putIfAbsent(fromVersion, step) != null) {
                throw new IllegalArgumentException("Trait.builder: trait '" + name + "' has two migrations from version " + fromVersion);
            }
            return this;
        }

        /**
         * @return the trait
         * @throws IllegalStateException if no default was given, migrations were given without
         *     {@link #persistent}, or a migration starts at or above the version; the message names the trait
         */
        public Trait<T> build() {
            if (defaultFactory == null && constantDefault == null) {
                throw new IllegalStateException("Trait.builder: trait '" + name + "' has no default (defaultValue or defaultFactory)");
            }
            if (codec == null && !migrations.isEmpty()) {
                throw new IllegalStateException("Trait.builder: trait '" + name + "' has migrations but is not persistent");
            }
            for (int from : migrations.keySet()) {
                if (from >= version) {
                    throw new IllegalStateException("Trait.builder: trait '" + name + "' has a migration from version " + from
                            + " but its version is " + version);
                }
            }
            Persistence<T> p = codec == null ? null : new Persistence<>(version, codec, migrations);
            T constant = constantDefault;
            return constant != null ? new Trait<>(name, () -> constant, constant, p) : new Trait<>(name, defaultFactory, null, p);
        }
    }
}
