package dev.orrery.world;

import java.util.Objects;
import java.util.function.Function;

/**
 * Turns a persistent trait's values into neutral {@link Tree}s and back, for snapshots.
 *
 * <p>Records and enums need no code: {@link #of(Class)} derives a codec from the record components
 * (an {@link Tree.Obj} with one field per component, in declaration order) or the enum constant names
 * (a {@link Tree.Text}). Other types write one with {@link #of(Function, Function)}.
 *
 * <p>A codec is called on the world's thread when a snapshot is taken or restored; it must be
 * thread-safe if the same codec serves several worlds on different threads (the derived ones are).
 *
 * @param <T> the value type
 *
 * @since 0.4
 */
public interface TraitCodec<T> {

    /**
     * @param value a value of the trait; not null
     * @return its tree
     */
    Tree encode(T value);

    /**
     * @param tree a tree this codec's {@link #encode} made (after any migrations); not null
     * @return the value
     * @throws IllegalArgumentException if the tree does not have the expected shape; the message says
     *     which field is at fault
     */
    T decode(Tree tree);

    /**
     * Derives a codec for a record or an enum by reflection.
     *
     * <p>Record components may be: the primitive types and their wrappers, {@code String}, enums,
     * records (nested), {@link java.util.List}, {@link java.util.Set} (written in iteration order) and
     * {@link java.util.Map} with {@code String} keys of these, and {@link Tree}. A wrapper, string,
     * record, enum or tree component may be {@code null} (a {@link Tree.Null}). Decoding requires every
     * component's field and no other.
     *
     * @param type a record or enum class, of any visibility; on the module path its package must be
     *     open to {@code dev.orrery.scheduler} unless the record and its package are public and exported
     *     (bundles and the class path need nothing)
     * @param <T> the type
     * @return the codec
     * @throws IllegalArgumentException if {@code type} is neither a record nor an enum, or a component
     *     has a type the codec cannot write; the message names the component
     * @throws NullPointerException if {@code type} is null
     */
    static <T> TraitCodec<T> of(Class<T> type) {
        Objects.requireNonNull(type, "TraitCodec.of: type is null");
        return ReflectiveCodec.of(type);
    }

    /**
     * A codec from two functions.
     *
     * @param encode value to tree; not null
     * @param decode tree to value; not null
     * @param <T> the value type
     * @return the codec
     * @throws NullPointerException if a function is null
     */
    static <T> TraitCodec<T> of(Function<? super T, ? extends Tree> encode, Function<? super Tree, ? extends T> decode) {
        Objects.requireNonNull(encode, "TraitCodec.of: encode is null");
        Objects.requireNonNull(decode, "TraitCodec.of: decode is null");
        return new TraitCodec<>() {
            @Override
            public Tree encode(T value) {
                return encode.apply(value);
            }

            @Override
            public T decode(Tree tree) {
                return decode.apply(tree);
            }
        };
    }
}
