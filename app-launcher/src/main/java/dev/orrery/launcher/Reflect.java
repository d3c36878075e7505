package dev.orrery.launcher;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Calls public methods and reads public fields of objects whose classes the launcher cannot see
 * (bundle classes: the host's {@code GameHost}, SCR's DTOs, JLine's line reader). A method is looked
 * up on a public class or interface of the object, so a public method of a non-public implementation
 * class is still reachable.
 */
final class Reflect {
    private Reflect() {
    }

    /**
     * @param target the object
     * @param name the method name
     * @param args the arguments; the method is the public one of that name with as many parameters
     *     whose types accept them
     * @return what the method returned
     * @throws ReflectiveOperationException if there is no such method, or it threw (then an
     *     {@link InvocationTargetException})
     */
    static Object call(Object target, String name, Object... args) throws ReflectiveOperationException {
        Method m = find(target.getClass(), name, args);
        if (m == null) {
            throw new NoSuchMethodException(target.getClass().getName() + "." + name + " with " + args.length + " arguments");
        }
        return m.invoke(target, args);
    }

    /**
     * @param target the object
     * @param name a public field's name
     * @return the field's value
     * @throws ReflectiveOperationException if there is no such public field
     */
    static Object field(Object target, String name) throws ReflectiveOperationException {
        return target.getClass().getField(name).get(target);
    }

    private static Method find(Class<?> type, String name, Object[] args) {
        Deque<Class<?>> todo = new ArrayDeque<>();
        todo.add(type);
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            if (Modifier.isPublic(c.getModifiers())) {
                for (Method m : c.getMethods()) {
                    if (m.getName().equals(name) && accepts(m.getParameterTypes(), args)) {
                        return m;
                    }
                }
            }
            if (c.getSuperclass() != null) {
                todo.add(c.getSuperclass());
            }
            todo.addAll(java.util.List.of(c.getInterfaces()));
        }
        return null;
    }

    private static boolean accepts(Class<?>[] types, Object[] args) {
        if (types.length != args.length) {
            return false;
        }
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i].isPrimitive() ? box(types[i]) : types[i];
            if (args[i] != null && !t.isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static Class<?> box(Class<?> primitive) {
        return java.lang.invoke.MethodType.methodType(primitive).wrap().returnType();
    }
}
