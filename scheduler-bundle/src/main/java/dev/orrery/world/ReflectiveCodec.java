package dev.orrery.world;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The codecs {@link TraitCodec#of(Class)} derives for records and enums.
 *
 * <p>Implementation notes. One converter per Java type, built once per codec from the record
 * components' generic types; a record becomes an {@link Tree.Obj} with one field per component in
 * declaration order, so equal values give equal trees (and equal snapshot bytes). Each converter
 * also writes its value straight to a {@link TreeSink} ({@link #encodeTo}) with the events of the tree
 * it would build, so a snapshot of records allocates no trees. Decoding is strict
 * (every field, no extra one): data that does not match the running code's shape is a missing
 * migration, and is reported as such rather than silently filled with defaults.
 */
final class ReflectiveCodec<T> implements TraitCodec<T> {
    private final Class<T> type;
    private final Converter converter;
    private final boolean immutable;

    private ReflectiveCodec(Class<T> type, Converter converter) {
        this.type = type;
        this.converter = converter;
        this.immutable = immutable(type);
    }

    /**
     * @return whether values of the type cannot change: an enum, or a record whose components are all
     *     primitives, wrappers, strings, enums, {@link Tree}s or such records (collections may be
     *     mutable, so a record with one is not)
     */
    private static boolean immutable(Class<?> c) {
        if (c.isPrimitive() || c.isEnum() || c == String.class || c == Tree.class || c == Integer.class
                || c == Long.class || c == Short.class || c == Byte.class || c == Double.class || c == Float.class
                || c == Boolean.class || c == Character.class) {
            return true;
        }
        if (!c.isRecord()) {
            return false;
        }
        for (RecordComponent rc : c.getRecordComponents()) {
            if (!immutable(rc.getType())) {
                return false;
            }
        }
        return true;
    }

    static <T> TraitCodec<T> of(Class<T> type) {
        if (!type.isRecord() && !type.isEnum()) {
            throw new IllegalArgumentException("TraitCodec.of: " + type.getName()
                    + " is neither a record nor an enum; write a codec with TraitCodec.of(encode, decode)");
        }
        return new ReflectiveCodec<>(type, converter(type, type.getSimpleName()));
    }

    @Override
    public Tree encode(T value) {
        return converter.encode(value);
    }

    @Override
    public void encodeTo(T value, TreeSink sink) throws IOException {
        converter.write(value, sink);
    }

    @Override
    public T decode(Tree tree) {
        return type.cast(converter.decode(tree, type.getSimpleName()));
    }

    @Override
    public boolean canCopy() {
        return immutable;
    }

    @Override
    public T copy(T value) {
        if (!immutable) {
            return TraitCodec.super.copy(value);
        }
        return value; // immutable: the value is its own copy
    }

    @Override
    public String toString() {
        return "TraitCodec.of(" + type.getName() + ")";
    }

    /** Encodes and decodes the values of one Java type. */
    private interface Converter {
        Tree encode(Object value);

        /** Writes the events of {@code encode(value)} without building the tree. */
        void write(Object value, TreeSink sink) throws IOException;

        /** @param path where the tree sits, for messages ({@code Hp.max}) */
        Object decode(Tree tree, String path);
    }

    private static Converter converter(Type type, String where) {
        if (type instanceof Class<?> c) {
            return classConverter(c, where);
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (raw == List.class || raw == java.util.Collection.class) {
                return listConverter(converter(args[0], where + "[]"), false);
            }
            if (raw == Set.class) {
                return listConverter(converter(args[0], where + "[]"), true);
            }
            if (raw == Map.class && args[0] == String.class) {
                return mapConverter(converter(args[1], where + "{}"));
            }
        }
        throw unsupported(type, where);
    }

    private static IllegalArgumentException unsupported(Type type, String where) {
        return new IllegalArgumentException("TraitCodec.of: component " + where + " has type " + type.getTypeName()
                + ", which the derived codec cannot write (supported: primitives, wrappers, String, enums, records,"
                + " List, Set, Map<String, …>, Tree)");
    }

    private static Converter classConverter(Class<?> c, String where) {
        if (c == int.class || c == Integer.class) {
            return number(c.isPrimitive(), v -> Tree.of(((Integer) v).longValue()),
                    (v, s) -> s.value(((Integer) v).longValue()), (t, p) -> Math.toIntExact(integer(t, p)));
        }
        if (c == long.class || c == Long.class) {
            return number(c.isPrimitive(), v -> Tree.of((Long) v), (v, s) -> s.value(((Long) v).longValue()),
                    ReflectiveCodec::integer);
        }
        if (c == short.class || c == Short.class) {
            return number(c.isPrimitive(), v -> Tree.of(((Short) v).longValue()),
                    (v, s) -> s.value(((Short) v).longValue()), (t, p) -> (short) integer(t, p));
        }
        if (c == byte.class || c == Byte.class) {
            return number(c.isPrimitive(), v -> Tree.of(((Byte) v).longValue()),
                    (v, s) -> s.value(((Byte) v).longValue()), (t, p) -> (byte) integer(t, p));
        }
        if (c == double.class || c == Double.class) {
            return number(c.isPrimitive(), v -> Tree.of((Double) v), (v, s) -> s.value(((Double) v).doubleValue()),
                    ReflectiveCodec::real);
        }
        if (c == float.class || c == Float.class) {
            return number(c.isPrimitive(), v -> Tree.of(((Float) v).doubleValue()),
                    (v, s) -> s.value(((Float) v).doubleValue()), (t, p) -> (float) real(t, p));
        }
        if (c == boolean.class || c == Boolean.class) {
            return number(c.isPrimitive(), v -> Tree.of((Boolean) v), (v, s) -> s.value(((Boolean) v).booleanValue()), (t, p) -> {
                if (t instanceof Tree.Bool b) {
                    return b.value();
                }
                throw shape(p, "a boolean", t);
            });
        }
        if (c == char.class || c == Character.class) {
            return number(c.isPrimitive(), v -> Tree.of(String.valueOf((char) (Character) v)),
                    (v, s) -> s.value(String.valueOf((char) (Character) v)), (t, p) -> {
                if (t instanceof Tree.Text s && s.value().length() == 1) {
                    return s.value().charAt(0);
                }
                throw shape(p, "a one-character text", t);
            });
        }
        if (c == String.class) {
            return nullable(v -> Tree.of((String) v), (v, s) -> s.value((String) v), (t, p) -> {
                if (t instanceof Tree.Text s) {
                    return s.value();
                }
                throw shape(p, "a text", t);
            });
        }
        if (c == Tree.class) {
            return nullable(v -> (Tree) v, (v, s) -> s.tree((Tree) v), (t, p) -> t);
        }
        if (c.isEnum()) {
            return enumConverter(c);
        }
        if (c.isRecord()) {
            return recordConverter(c);
        }
        throw unsupported(c, where);
    }

    /** The streaming form of a converter's encode function. */
    private interface Writer {
        void write(Object value, TreeSink sink) throws IOException;
    }

    private static Converter number(boolean primitive, java.util.function.Function<Object, Tree> encode, Writer write,
            java.util.function.BiFunction<Tree, String, Object> decode) {
        return primitive ? new Converter() {
            @Override
            public Tree encode(Object value) {
                return encode.apply(value);
            }

            @Override
            public void write(Object value, TreeSink sink) throws IOException {
                write.write(value, sink);
            }

            @Override
            public Object decode(Tree tree, String path) {
                return decode.apply(tree, path);
            }
        } : nullable(encode, write, decode);
    }

    private static Converter nullable(java.util.function.Function<Object, Tree> encode, Writer write,
            java.util.function.BiFunction<Tree, String, Object> decode) {
        return new Converter() {
            @Override
            public Tree encode(Object value) {
                return value == null ? Tree.nil() : encode.apply(value);
            }

            @Override
            public void write(Object value, TreeSink sink) throws IOException {
                if (value == null) {
                    sink.nil();
                } else {
                    write.write(value, sink);
                }
            }

            @Override
            public Object decode(Tree tree, String path) {
                return tree == Tree.Null.NULL ? null : decode.apply(tree, path);
            }
        };
    }

    private static long integer(Tree t, String path) {
        if (t instanceof Tree.Int i) {
            return i.value();
        }
        throw shape(path, "an integer", t);
    }

    private static double real(Tree t, String path) {
        if (t instanceof Tree.Real r) {
            return r.value();
        }
        if (t instanceof Tree.Int i) {
            return i.value();
        }
        if (t instanceof Tree.Text s) { // JSON writes NaN and the infinities as text
            switch (s.value()) {
                case "NaN": return Double.NaN;
                case "Infinity": return Double.POSITIVE_INFINITY;
                case "-Infinity": return Double.NEGATIVE_INFINITY;
                default: break;
            }
        }
        throw shape(path, "a number", t);
    }

    private static IllegalArgumentException shape(String path, String expected, Tree got) {
        return new IllegalArgumentException(path + ": expected " + expected + ", got " + describe(got));
    }

    private static String describe(Tree t) {
        return t.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " " + t;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Converter enumConverter(Class<?> c) {
        Class<? extends Enum> e = (Class<? extends Enum>) c;
        return nullable(v -> Tree.of(((Enum<?>) v).name()), (v, s) -> s.value(((Enum<?>) v).name()), (t, p) -> {
            if (t instanceof Tree.Text s) {
                try {
                    return Enum.valueOf(e, s.value());
                } catch (IllegalArgumentException unknown) {
                    throw new IllegalArgumentException(p + ": " + e.getSimpleName() + " has no constant '" + s.value() + "'");
                }
            }
            throw shape(p, "an enum constant name", t);
        });
    }

    private static Converter listConverter(Converter item, boolean set) {
        return nullable(v -> {
            List<Tree> items = new ArrayList<>();
            for (Object o : (Iterable<?>) v) {
                items.add(item.encode(o));
            }
            return new Tree.Array(items);
        }, (v, s) -> {
            s.startArray();
            for (Object o : (Iterable<?>) v) {
                item.write(o, s);
            }
            s.endArray();
        }, (t, p) -> {
            if (!(t instanceof Tree.Array a)) {
                throw shape(p, "an array", t);
            }
            List<Object> out = new ArrayList<>(a.items().size());
            for (int i = 0; i < a.items().size(); i++) {
                out.add(item.decode(a.items().get(i), p + "[" + i + "]"));
            }
            return set ? Collections.unmodifiableSet(new LinkedHashSet<>(out)) : Collections.unmodifiableList(out);
        });
    }

    private static Converter mapConverter(Converter value) {
        return nullable(v -> {
            Map<String, Tree> fields = new LinkedHashMap<>();
            ((Map<?, ?>) v).forEach((k, x) -> fields.put((String) k, value.encode(x)));
            return new Tree.Obj(fields);
        }, (v, s) -> {
            s.startObject();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (e.getKey() == null) {
                    throw new NullPointerException("Tree.Obj: a field name is null");
                }
                s.field((String) e.getKey());
                value.write(e.getValue(), s);
            }
            s.endObject();
        }, (t, p) -> {
            if (!(t instanceof Tree.Obj o)) {
                throw shape(p, "an object", t);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            o.fields().forEach((k, x) -> out.put(k, value.decode(x, p + "." + k)));
            return Collections.unmodifiableMap(out);
        });
    }

    private static Converter recordConverter(Class<?> c) {
        RecordComponent[] components = c.getRecordComponents();
        String[] names = new String[components.length];
        Method[] accessors = new Method[components.length];
        Converter[] converters = new Converter[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            names[i] = components[i].getName();
            accessors[i] = components[i].getAccessor();
            accessors[i].trySetAccessible(); // records nested in non-public classes; fails only for closed modules
            types[i] = components[i].getType();
            converters[i] = converter(components[i].getGenericType(), c.getSimpleName() + "." + names[i]);
        }
        Constructor<?> constructor;
        try {
            constructor = c.getDeclaredConstructor(types);
            constructor.trySetAccessible();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("TraitCodec.of: record " + c.getName() + " has no canonical constructor", e);
        }
        return nullable(v -> {
            Map<String, Tree> fields = new LinkedHashMap<>();
            for (int i = 0; i < names.length; i++) {
                fields.put(names[i], converters[i].encode(invoke(accessors[i], v)));
            }
            return new Tree.Obj(fields);
        }, (v, s) -> {
            s.startObject();
            for (int i = 0; i < names.length; i++) {
                s.field(names[i]);
                converters[i].write(invoke(accessors[i], v), s);
            }
            s.endObject();
        }, (t, p) -> {
            if (!(t instanceof Tree.Obj o)) {
                throw shape(p, "an object", t);
            }
            Object[] args = new Object[names.length];
            for (int i = 0; i < names.length; i++) {
                Tree field = o.get(names[i]);
                if (field == null) {
                    throw new IllegalArgumentException(p + ": field '" + names[i] + "' is missing");
                }
                args[i] = converters[i].decode(field, p + "." + names[i]);
            }
            if (o.fields().size() != names.length) {
                for (String k : o.fields().keySet()) {
                    if (!List.of(names).contains(k)) {
                        throw new IllegalArgumentException(p + ": unknown field '" + k + "'");
                    }
                }
            }
            try {
                return constructor.newInstance(args);
            } catch (InvocationTargetException e) {
                throw new IllegalArgumentException(p + ": " + c.getSimpleName() + " rejected the value: " + e.getCause(), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException(p + ": cannot construct " + c.getName() + ": " + e, e);
            }
        });
    }

    private static final Object[] NO_ARGS = {};

    private static Object invoke(Method accessor, Object target) {
        try {
            return accessor.invoke(target, NO_ARGS); // no varargs array per call
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("accessor " + accessor.getName() + " of " + target.getClass().getName()
                    + " threw " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("TraitCodec.of: cannot read " + accessor
                    + " (in a named module, open the record's package to dev.orrery.scheduler)", e);
        }
    }
}
