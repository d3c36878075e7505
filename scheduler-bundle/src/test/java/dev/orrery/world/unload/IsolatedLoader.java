package dev.orrery.world.unload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A class loader that defines one class itself (from the test class's bytes) and delegates everything
 * else to its parent: the class, its lambdas and its values belong to this loader, as a plugin
 * bundle's do to the bundle's loader.
 */
final class IsolatedLoader extends ClassLoader {
    private final String isolated;

    IsolatedLoader(String className) {
        super("isolated", IsolatedLoader.class.getClassLoader());
        this.isolated = className;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            if (!name.equals(isolated)) {
                return super.loadClass(name, resolve);
            }
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                String path = name.replace('.', '/') + ".class";
                try (InputStream in = getParent().getResourceAsStream(path)) {
                    byte[] bytes = in.readAllBytes();
                    c = defineClass(name, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return c;
        }
    }

    /** Calls a static no-argument method of the isolated class. */
    Object call(String method) {
        try {
            return loadClass(isolated).getMethod(method).invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
