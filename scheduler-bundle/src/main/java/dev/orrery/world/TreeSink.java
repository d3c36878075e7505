package dev.orrery.world;

import java.io.IOException;
import java.util.Map;

/**
 * Receives a {@link Tree} as a stream of events, depth first, without the tree being built: what a
 * snapshot writer gives {@link TraitCodec#encodeTo} so that a codec can write a value straight to the
 * file. The events of one tree are those {@link #tree(Tree)} makes for it: an {@link Tree.Obj} is
 * {@link #startObject()}, per field in order {@link #field(String)} and the field's events, then
 * {@link #endObject()}; an {@link Tree.Array} is {@link #startArray()}, its items' events,
 * {@link #endArray()}; an {@link Tree.Int}, {@link Tree.Real}, {@link Tree.Text} or {@link Tree.Bool}
 * is one {@code value} call with its value; {@link Tree.Null} is {@link #nil()}.
 *
 * <p>A sink is used on one thread, by one writer at a time; it does not check that the events form a
 * tree (a codec that writes an unbalanced or otherwise malformed sequence makes a damaged file or an
 * {@link IOException}).
 *
 * @since 0.6
 */
public interface TreeSink {

    /**
     * Starts an object ({@link Tree.Obj}); its fields follow, each a {@link #field} and one value.
     *
     * @throws IOException if the output fails
     */
    void startObject() throws IOException;

    /**
     * Names the next field of the current object; its value follows.
     *
     * @param name the field name; not null, not given twice in one object
     * @throws IOException if the output fails
     * @throws NullPointerException if {@code name} is null
     */
    void field(String name) throws IOException;

    /**
     * Ends the current object.
     *
     * @throws IOException if the output fails
     */
    void endObject() throws IOException;

    /**
     * Starts an array ({@link Tree.Array}); its items follow.
     *
     * @throws IOException if the output fails
     */
    void startArray() throws IOException;

    /**
     * Ends the current array.
     *
     * @throws IOException if the output fails
     */
    void endArray() throws IOException;

    /**
     * An integer: what {@link Tree.Int} of the value gives.
     *
     * @param value the value
     * @throws IOException if the output fails
     */
    void value(long value) throws IOException;

    /**
     * A number: what {@link Tree.Real} of the value gives (also NaN and the infinities).
     *
     * @param value the value
     * @throws IOException if the output fails
     */
    void value(double value) throws IOException;

    /**
     * A text: what {@link Tree.Text} of the value gives.
     *
     * @param value the value; not null
     * @throws IOException if the output fails
     * @throws NullPointerException if {@code value} is null
     */
    void value(String value) throws IOException;

    /**
     * A boolean: what {@link Tree.Bool} of the value gives.
     *
     * @param value the value
     * @throws IOException if the output fails
     */
    void value(boolean value) throws IOException;

    /**
     * The absent value: what {@link Tree.Null} gives.
     *
     * @throws IOException if the output fails
     */
    void nil() throws IOException;

    /**
     * Writes a whole tree as its events (class Javadoc).
     *
     * @param tree the tree; not null
     * @throws IOException if the output fails
     * @throws NullPointerException if {@code tree} is null
     */
    default void tree(Tree tree) throws IOException {
        if (tree instanceof Tree.Obj o) {
            startObject();
            for (Map.Entry<String, Tree> e : o.fields().entrySet()) {
                field(e.getKey());
                tree(e.getValue());
            }
            endObject();
        } else if (tree instanceof Tree.Array a) {
            startArray();
            for (Tree item : a.items()) {
                tree(item);
            }
            endArray();
        } else if (tree instanceof Tree.Int i) {
            value(i.value());
        } else if (tree instanceof Tree.Real r) {
            value(r.value());
        } else if (tree instanceof Tree.Text t) {
            value(t.value());
        } else if (tree instanceof Tree.Bool b) {
            value(b.value());
        } else if (tree == Tree.Null.NULL) {
            nil();
        } else {
            throw new NullPointerException("TreeSink.tree: tree is null");
        }
    }
}
