package dev.orrery.plugin.prefab;

import dev.orrery.plugin.prefab.isolated.Content;
import dev.orrery.world.Trait;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A class loader that defines {@link Content} itself (everything else comes from the test's loader):
 * stands for one version of a content bundle, whose code can be unloaded.
 */
final class IsolatedContent extends ClassLoader {
    private static final String NAME = Content.class.getName();

    IsolatedContent() {
        super("content", IsolatedContent.class.getClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            if (!name.equals(NAME)) {
                return super.loadClass(name, resolve);
            }
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    byte[] bytes = in.readAllBytes();
                    c = defineClass(name, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return c;
        }
    }

    /**
     * @param shared a trait of code that stays
     * @return this version's prefabs ({@link Content#prefabs}), new objects of this loader's code
     */
    @SuppressWarnings("unchecked")
    List<Prefab> prefabs(Trait<Object> shared) {
        try {
            return (List<Prefab>) loadClass(NAME).getMethod("prefabs", Trait.class).invoke(null, shared);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return a value of this loader's {@link Content} class */
    Object value() {
        try {
            return loadClass(NAME).getMethod("value").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
