package dev.orrery.world.snapshot;

import dev.orrery.world.Tree;

/** Reads the fields of a snapshot's own trees (header, allocator, entries); throws with the path at fault. */
final class Fields {
    private Fields() {
    }

    static Tree.Obj obj(Tree t, String path) {
        if (t instanceof Tree.Obj o) {
            return o;
        }
        throw new IllegalArgumentException(path + " is not an object");
    }

    static Tree field(Tree.Obj o, String name, String path) {
        Tree t = o.get(name);
        if (t == null) {
            throw new IllegalArgumentException(path + " has no field '" + name + "'");
        }
        return t;
    }

    static java.util.List<Tree> array(Tree t, String path) {
        if (t instanceof Tree.Array a) {
            return a.items();
        }
        throw new IllegalArgumentException(path + " is not an array");
    }

    static long integer(Tree t, String path) {
        if (t instanceof Tree.Int i) {
            return i.value();
        }
        throw new IllegalArgumentException(path + " is not an integer");
    }

    static int intField(Tree.Obj o, String name, String path) {
        long v = integer(field(o, name, path), path + "." + name);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(path + "." + name + " is out of range: " + v);
        }
        return (int) v;
    }

    static String text(Tree t, String path) {
        if (t instanceof Tree.Text s) {
            return s.value();
        }
        throw new IllegalArgumentException(path + " is not a text");
    }
}
