package dev.orrery.world;

import java.io.IOException;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Turns a persistent trait's values into neutral {@link Tree}s and back, for snapshots.
 *
 * <p>Records and enums need no code: {@link #of(Class)} derives a codec from the record components
 * (an {@link Tree.Obj} with one field per component, in declaration order) or the enum constant names
 * (a {@link Tree.Text}). Other types write one with {@link #of(Function, Function)}.
 *
 * <p><b>Threads and copies.</b> A snapshot is taken in two steps: the capture, on the world's thread,
 * keeps each value, and the encoding, on any thread (a host's worker), calls {@link #encode}. So that
 * a value changed in place after the capture does not change the file, the capture keeps a value as
 * it is only when {@link #canCopy()} says the codec can {@link #copy} it (an immutable value's copy is
 * the value itself); otherwise it encodes the value on the world's thread at once, which is correct
 * for every value but makes the frame-thread pause grow with the encoding. The derived codecs of
 * records whose components are all immutable (primitives, wrappers, {@code String}, enums, such
 * records, {@link Tree}) and of enums copy by sharing; give a codec for mutable values a copy
 * function with {@link #of(Function, Function, UnaryOperator)}. Decoding runs on the world's thread.
 * A codec must be thread-safe (the derived ones are): its {@code encode} may run on a worker while
 * the world's thread uses the codec too.
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
     * Writes a value's tree to a sink as its events, the streaming form of {@link #encode}: the events
     * are those {@link TreeSink#tree} makes for {@code encode(value)}, so the snapshot bytes are the
     * same either way. A snapshot calls this for every value it encodes off the world's thread; the
     * derived codecs ({@link #of(Class)}) write records straight to the sink without building the
     * tree, which saves most of a save's allocation. May run on any thread, like {@link #encode}.
     *
     * @param value a value of the trait; not null
     * @param sink where the events go; not null
     * @throws IOException if the sink fails
     * @throws NullPointerException from {@link TreeSink#tree} if {@link #encode} returns null (the
     *     default)
     * @since 0.6
     */
    default void encodeTo(T value, TreeSink sink) throws IOException {
        sink.tree(encode(value));
    }

    /**
     * @param tree a tree this codec's {@link #encode} made (after any migrations); not null
     * @return the value
     * @throws IllegalArgumentException if the tree does not have the expected shape; the message says
     *     which field is at fault
     */
    T decode(Tree tree);

    /**
     * Whether {@link #copy} is supported: a capture then keeps values (or their copies) and encodes
     * them later, off the world's thread.
     *
     * @return {@code false} unless the codec says otherwise; the derived codecs say {@code true} for
     *     enums and records whose components are all immutable
     * @since 0.5
     */
    default boolean canCopy() {
        return false;
    }

    /**
     * A copy of a value that later changes to the value do not affect, taken on the world's thread by
     * a capture and encoded later on another thread: the value itself if it is immutable.
     *
     * @param value a value of the trait; not null
     * @return the copy; not null; {@link #encode} of it gives the tree {@code encode(value)} gives now
     * @throws UnsupportedOperationException if {@link #canCopy()} is {@code false} (the default)
     * @since 0.5
     */
    default T copy(T value) {
        throw new UnsupportedOperationException("TraitCodec.copy: " + this + " has no copy function");
    }

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

    /**
     * A codec from two functions and a copy function, so that a capture copies values on the world's
     * thread and encodes the copies later on another thread ({@link #canCopy()} is {@code true}).
     * For an immutable type pass {@code v -> v}.
     *
     * @param encode value to tree; not null; may run on any thread
     * @param decode tree to value; not null
     * @param copy value to an independent copy (see {@link #copy}); not null
     * @param <T> the value type
     * @return the codec
     * @throws NullPointerException if a function is null
     * @since 0.5
     */
    static <T> TraitCodec<T> of(Function<? super T, ? extends Tree> encode, Function<? super Tree, ? extends T> decode,
            UnaryOperator<T> copy) {
        Objects.requireNonNull(encode, "TraitCodec.of: encode is null");
        Objects.requireNonNull(decode, "TraitCodec.of: decode is null");
        Objects.requireNonNull(copy, "TraitCodec.of: copy is null");
        return new TraitCodec<>() {
            @Override
            public Tree encode(T value) {
                return encode.apply(value);
            }

            @Override
            public T decode(Tree tree) {
                return decode.apply(tree);
            }

            @Override
            public boolean canCopy() {
                return true;
            }

            @Override
            public T copy(T value) {
                return copy.apply(value);
            }
        };
    }
}
