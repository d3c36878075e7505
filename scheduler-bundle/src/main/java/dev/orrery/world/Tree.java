package dev.orrery.world;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A neutral data tree: what a persistent trait's value becomes in a snapshot, independent of Java
 * classes (which change with every bundle update) and of the file format. Codecs
 * ({@link TraitCodec}) turn values into trees and back; migrations ({@link TraitMigration}) rewrite
 * the trees of older trait versions.
 *
 * <p>Seven shapes: {@link Null}, {@link Bool}, {@link Int} (a 64-bit integer), {@link Real} (a
 * {@code double}), {@link Text}, {@link Array} (an ordered list) and {@link Obj} (fields by name, in
 * insertion order: a snapshot writes them in that order, so equal trees give equal bytes).
 *
 * <p>Every tree is immutable and thread-safe.
 *
 * @since 0.4
 */
public sealed interface Tree permits Tree.Null, Tree.Bool, Tree.Int, Tree.Real, Tree.Text, Tree.Array, Tree.Obj {

    /** The absent value. */
    enum Null implements Tree {
        /** The only instance. */
        NULL
    }

    /**
     * A boolean.
     *
     * @param value the value
     */
    record Bool(boolean value) implements Tree {
    }

    /**
     * A 64-bit signed integer (also entity handles, which stay valid across a restore).
     *
     * @param value the value
     */
    record Int(long value) implements Tree {
    }

    /**
     * A double-precision number (also NaN and the infinities).
     *
     * @param value the value
     */
    record Real(double value) implements Tree {
    }

    /**
     * A string.
     *
     * @param value the value; not null
     */
    record Text(String value) implements Tree {
        /** @throws NullPointerException if {@code value} is null */
        public Text {
            Objects.requireNonNull(value, "Tree.Text: value is null");
        }
    }

    /**
     * An ordered list of trees.
     *
     * @param items the items; copied, unmodifiable, no nulls
     */
    record Array(java.util.List<Tree> items) implements Tree {
        /** @throws NullPointerException if {@code items} or an item is null */
        public Array {
            items = java.util.List.copyOf(items);
        }
    }

    /**
     * Named fields, in insertion order.
     *
     * @param fields the fields; copied, unmodifiable, no null keys or values
     */
    record Obj(Map<String, Tree> fields) implements Tree {
        /** @throws NullPointerException if {@code fields}, a name or a value is null */
        public Obj {
            Map<String, Tree> copy = new LinkedHashMap<>();
            for (Map.Entry<String, Tree> e : fields.entrySet()) {
                copy.put(Objects.requireNonNull(e.getKey(), "Tree.Obj: a field name is null"),
                        Objects.requireNonNull(e.getValue(), () -> "Tree.Obj: field '" + e.getKey() + "' is null"));
            }
            fields = Collections.unmodifiableMap(copy);
        }

        /**
         * @param name a field name
         * @return the field, or {@code null} if there is none
         */
        public Tree get(String name) {
            return fields.get(name);
        }

        /**
         * @param name a field name; not null
         * @param value its value; not null
         * @return a copy with the field set: replaced in place if present, else added last
         */
        public Obj with(String name, Tree value) {
            Map<String, Tree> copy = new LinkedHashMap<>(fields);
            copy.put(name, value);
            return new Obj(copy);
        }

        /**
         * @param name a field name
         * @return a copy without the field ({@code this} if there is none)
         */
        public Obj without(String name) {
            if (!fields.containsKey(name)) {
                return this;
            }
            Map<String, Tree> copy = new LinkedHashMap<>(fields);
            copy.remove(name);
            return new Obj(copy);
        }

        /**
         * @param from the current field name
         * @param to the new name
         * @return a copy with the field renamed in place ({@code this} if there is no field {@code from})
         */
        public Obj renamed(String from, String to) {
            if (!fields.containsKey(from)) {
                return this;
            }
            Map<String, Tree> copy = new LinkedHashMap<>();
            fields.forEach((k, v) -> copy.put(k.equals(from) ? to : k, v));
            return new Obj(copy);
        }
    }

    /** @return {@link Null#NULL} */
    static Tree nil() {
        return Null.NULL;
    }

    /** @return a {@link Bool} */
    static Tree of(boolean value) {
        return new Bool(value);
    }

    /** @return an {@link Int} */
    static Tree of(long value) {
        return new Int(value);
    }

    /** @return a {@link Real} */
    static Tree of(double value) {
        return new Real(value);
    }

    /** @return a {@link Text}; throws NullPointerException for null */
    static Tree of(String value) {
        return new Text(value);
    }

    /**
     * Starts an {@link Obj} from pairs of names and trees.
     *
     * @param nameAndValue alternating names ({@code String}) and values ({@code Tree})
     * @return the object
     * @throws IllegalArgumentException if the arguments are not name, tree pairs
     */
    static Obj obj(Object... nameAndValue) {
        if (nameAndValue.length % 2 != 0) {
            throw new IllegalArgumentException("Tree.obj: expected name, value pairs, got " + nameAndValue.length + " arguments");
        }
        Map<String, Tree> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameAndValue.length; i += 2) {
            if (!(nameAndValue[i] instanceof String name) || !(nameAndValue[i + 1] instanceof Tree value)) {
                throw new IllegalArgumentException("Tree.obj: argument " + i + " must be a String name followed by a Tree");
            }
            fields.put(name, value);
        }
        return new Obj(fields);
    }
}
