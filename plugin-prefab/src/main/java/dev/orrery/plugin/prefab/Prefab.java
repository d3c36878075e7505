package dev.orrery.plugin.prefab;

import dev.orrery.world.Trait;
import dev.orrery.world.unload.Unloading;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A named, immutable entity template: traits with a value or a value factory, and optionally the
 * name of one parent prefab whose traits it inherits and may override.
 *
 * <p>When spawned (resolution: {@link PrefabRegistry}), the entity gets every trait of the parent
 * chain, root first; a child's entry for a trait replaces its ancestors'. Values given with
 * {@link Builder#with(Trait, Object)} are shared by every spawned entity, so use them for immutable
 * values only; {@link Builder#withFactory(Trait, Supplier)} and {@link Builder#withDefault(Trait)}
 * create a fresh value per spawn. The parent is named, not referenced, so a prefab can inherit from
 * one registered by another content bundle; unknown parents and cycles are reported when it is
 * spawned.
 *
 * <p>A prefab remembers its {@linkplain #origin() origin}, the class that called {@link #builder}, so
 * that a registry can forget the prefabs of code that is unloaded ({@link #belongsTo(Unloading)}).
 */
public final class Prefab {
    /**
     * Entity trait set by {@code prefab/spawn} on every entity it spawns: the name of the prefab the
     * entity came from (the one requested, not its ancestors). Its default, {@code ""}, means "not from
     * a prefab". A prefab may not declare it.
     */
    public static final Trait<String> SOURCE = Trait.withDefault("prefab/source", "");

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private final String name;
    private final String parent;
    private final Map<Trait<?>, Supplier<?>> entries;
    private final Class<?> origin;

    private Prefab(Builder b) {
        this.name = b.name;
        this.parent = b.parent;
        this.entries = Collections.unmodifiableMap(new LinkedHashMap<>(b.entries));
        this.origin = b.origin;
    }

    /** A constant value as a factory, visible to {@link #belongsTo(Unloading)}. */
    private record Constant<T>(T value) implements Supplier<T> {
        @Override
        public T get() {
            return value;
        }
    }

    /**
     * Starts defining a prefab.
     *
     * @param name the unique prefab name (content should prefix it, e.g. {@code dungeon/orc})
     * @return a builder
     * @throws IllegalArgumentException if {@code name} is null or empty
     */
    public static Builder builder(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("Prefab.builder: name is missing or empty");
        }
        return new Builder(name);
    }

    /** @return the prefab name */
    public String name() {
        return name;
    }

    /** @return the name of the parent prefab, if any */
    public Optional<String> parent() {
        return Optional.ofNullable(parent);
    }

    /**
     * @return this prefab's own entries (not inherited ones), in declaration order: trait to the
     *     factory that makes its value (a constant value is a factory that returns it); unmodifiable
     */
    public Map<Trait<?>, Supplier<?>> entries() {
        return entries;
    }

    /**
     * @return the class whose code called {@link #builder(String)} for this prefab (found with a
     *     {@link StackWalker}); for diagnostics and {@link #belongsTo(Unloading)}
     */
    public Class<?> origin() {
        return origin;
    }

    /**
     * Whether this prefab belongs to code that is being unloaded: its {@linkplain #origin() origin},
     * one of its traits, value factories or constant values is of that code
     * ({@link Unloading#isUnloaded(Object)}). Such a prefab could not be spawned once the code is gone.
     *
     * @param unloading what is being unloaded
     * @return the verdict
     */
    public boolean belongsTo(Unloading unloading) {
        if (unloading.isUnloaded(origin)) {
            return true;
        }
        for (Map.Entry<Trait<?>, Supplier<?>> e : entries.entrySet()) {
            Supplier<?> f = e.getValue();
            if (unloading.isUnloaded(e.getKey()) || unloading.isUnloaded(f)
                    || (f instanceof Constant<?> c && unloading.isUnloaded(c.value()))) {
                return true;
            }
        }
        return false;
    }

    /** @return this prefab's own traits, in declaration order (unmodifiable) */
    public List<Trait<?>> traits() {
        return List.copyOf(entries.keySet());
    }

    @Override
    public String toString() {
        return "prefab " + name + (parent == null ? "" : " : " + parent) + " " + traitNames(entries.keySet());
    }

    static String traitNames(Iterable<Trait<?>> traits) {
        StringBuilder sb = new StringBuilder("[");
        for (Trait<?> t : traits) {
            sb.append(sb.length() == 1 ? "" : ", ").append(t.name());
        }
        return sb.append(']').toString();
    }

    /** Builds a {@link Prefab}. Not thread-safe; each {@link #build()} returns a new prefab. */
    public static final class Builder {
        private final String name;
        private String parent;
        private final Map<Trait<?>, Supplier<?>> entries = new LinkedHashMap<>();
        private final Class<?> origin;

        private Builder(String name) {
            this.name = name;
            this.origin = WALKER.walk(frames -> frames.<Class<?>>map(StackWalker.StackFrame::getDeclaringClass)
                    .filter(c -> c != Prefab.class && c != Builder.class).findFirst().orElse(Prefab.class));
        }

        /**
         * @param parentName the prefab to inherit from; not empty
         * @return this builder
         * @throws IllegalArgumentException if the name is null, empty, or this prefab's own name; the
         *     message names this prefab
         */
        public Builder parent(String parentName) {
            if (parentName == null || parentName.isEmpty()) {
                throw new IllegalArgumentException("prefab '" + name + "': parent name is missing or empty");
            }
            if (parentName.equals(name)) {
                throw new IllegalArgumentException("prefab '" + name + "': inheritance cycle " + name + " -> " + name);
            }
            this.parent = parentName;
            return this;
        }

        /**
         * Adds a trait with a constant value, shared by every entity spawned (use for immutable values).
         *
         * @param trait the trait; not null
         * @param value the value; not null
         * @param <T> the value type
         * @return this builder
         * @throws IllegalArgumentException if the trait is already in this prefab or is {@link #SOURCE};
         *     the message names the prefab and the trait
         * @throws NullPointerException if {@code value} is null; the message names both
         */
        public <T> Builder with(Trait<T> trait, T value) {
            Objects.requireNonNull(value, () -> "prefab '" + name + "': value of trait '" + trait.name() + "' is null");
            return put(trait, new Constant<>(value));
        }

        /**
         * Adds a trait whose value is made by {@code factory} once per spawned entity.
         *
         * @param trait the trait; not null
         * @param factory makes the value; not null; must not return null
         * @param <T> the value type
         * @return this builder
         * @throws IllegalArgumentException if the trait is already in this prefab or is {@link #SOURCE}
         */
        public <T> Builder withFactory(Trait<T> trait, Supplier<? extends T> factory) {
            Objects.requireNonNull(factory, () -> "prefab '" + name + "': factory of trait '" + trait.name() + "' is null");
            return put(trait, factory);
        }

        /**
         * Adds a trait with its own default ({@link Trait#createDefault()}, once per spawned entity).
         *
         * @param trait the trait; not null
         * @return this builder
         * @throws IllegalArgumentException if the trait is already in this prefab or is {@link #SOURCE}
         */
        public Builder withDefault(Trait<?> trait) {
            Objects.requireNonNull(trait, () -> "prefab '" + name + "': null trait");
            return put(trait, trait::createDefault);
        }

        private Builder put(Trait<?> trait, Supplier<?> factory) {
            Objects.requireNonNull(trait, () -> "prefab '" + name + "': null trait");
            if (trait == SOURCE) {
                throw new IllegalArgumentException("prefab '" + name + "': trait '" + SOURCE.name()
                        + "' is set by prefab/spawn and may not be declared");
            }
            if (entries.putIfAbsent(trait, factory) != null) {
                throw new IllegalArgumentException("prefab '" + name + "': trait '" + trait.name() + "' is given twice");
            }
            return this;
        }

        /** @return the immutable prefab */
        public Prefab build() {
            return new Prefab(this);
        }
    }
}
