package dev.orrery.schedule;

import dev.orrery.world.Tree;

/**
 * Reads the fields of the schedule's own state trees in snapshots (fixed-step clocks); throws an
 * {@link IllegalArgumentException} naming the trait and the field at fault.
 */
final class StateTrees {
    private StateTrees() {
    }

    static Tree.Obj obj(Tree t, String path) {
        if (t instanceof Tree.Obj o) {
            return o;
        }
        throw new IllegalArgumentException(path + ": expected an object, got " + t);
    }

    static long integer(Tree.Obj o, String field, String path) {
        if (o.get(field) instanceof Tree.Int i) {
            return i.value();
        }
        throw new IllegalArgumentException(path + "." + field + ": expected an integer, got " + o.get(field));
    }

    static int intField(Tree.Obj o, String field, String path) {
        long v = integer(o, field, path);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(path + "." + field + ": out of range: " + v);
        }
        return (int) v;
    }

    /** @return the text, or null for a {@link Tree.Null} */
    static String textOrNull(Tree.Obj o, String field, String path) {
        Tree t = o.get(field);
        if (t instanceof Tree.Text s) {
            return s.value();
        }
        if (t instanceof Tree.Null) {
            return null;
        }
        throw new IllegalArgumentException(path + "." + field + ": expected a text or null, got " + t);
    }

    static Tree textOrNil(String s) {
        return s == null ? Tree.nil() : Tree.of(s);
    }
}
