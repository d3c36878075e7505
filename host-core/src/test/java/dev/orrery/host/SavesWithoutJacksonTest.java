package dev.orrery.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.world.World;
import dev.orrery.world.snapshot.SnapshotFiles;
import dev.orrery.world.snapshot.SnapshotOptions;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GameHost#save} and {@link GameHost#load} where Jackson is missing: host-core and the scheduler
 * in a class loader of their own (with the JDK, without Jackson), on a host whose {@code submit} runs
 * the work at once. Both fail with one line naming the four jars or bundles to install.
 */
class SavesWithoutJacksonTest {
    private static final String NEEDS = "saving and loading worlds needs Jackson next to the scheduler:"
            + " install the four jars or bundles jackson-core, jackson-dataformat-cbor, jackson-databind and"
            + " jackson-annotations (2.23 or later 2.x; the orrery-bom has their versions); missing: ";

    @TempDir
    Path dir;

    @Test
    @DisplayName("without Jackson, save and load fail with one line naming the four Jackson jars or bundles")
    void withoutJacksonSaveAndLoadNameTheJars() throws Exception {
        Path file = dir.resolve("world.cbor");
        SnapshotFiles.save(new World(), file, SnapshotOptions.defaults()); // with this loader's Jackson
        try (URLClassLoader noJackson = new URLClassLoader(new URL[] {codeOf(GameHost.class), codeOf(World.class)},
                ClassLoader.getPlatformClassLoader())) {
            Object host = host(noJackson);
            Class<?> gameHost = noJackson.loadClass(GameHost.class.getName());
            for (String call : List.of("save", "load")) {
                CompletionStage<?> stage = (CompletionStage<?>) gameHost.getMethod(call, Path.class).invoke(host, file);
                Throwable failure = assertThrows(ExecutionException.class,
                        () -> stage.toCompletableFuture().get(10, TimeUnit.SECONDS)).getCause();
                assertEquals(IllegalStateException.class, failure.getClass(), call + ": " + failure);
                assertEquals(NEEDS + "com/fasterxml/jackson/core/" + missingClass(failure), failure.getMessage(), call);
                assertFalse(failure.getMessage().contains("\n"), "one line");
            }
        }
    }

    /** @return the simple name of the Jackson class the failure names (which one depends on the call) */
    private static String missingClass(Throwable failure) {
        String m = failure.getMessage();
        return m.substring(m.lastIndexOf('/') + 1);
    }

    private static URL codeOf(Class<?> c) {
        return c.getProtectionDomain().getCodeSource().getLocation();
    }

    /** A host of the loader's {@code GameHost} whose {@code submit} runs the work on a new world at once. */
    @SuppressWarnings("unchecked")
    private static Object host(ClassLoader loader) throws Exception {
        Class<?> gameHost = loader.loadClass(GameHost.class.getName());
        Class<?> world = loader.loadClass(World.class.getName());
        InvocationHandler h = (proxy, method, args) -> {
            switch (method.getName()) {
                case "submit":
                    try {
                        return CompletableFuture.completedFuture(((Function<Object, ?>) args[0])
                                .apply(world.getConstructor().newInstance()));
                    } catch (RuntimeException | Error e) {
                        return CompletableFuture.failedFuture(e);
                    }
                case "plugins":
                    return List.of();
                default:
                    if (method.isDefault()) {
                        return InvocationHandler.invokeDefault(proxy, method, args);
                    }
                    throw new UnsupportedOperationException(method.getName());
            }
        };
        return Proxy.newProxyInstance(loader, new Class<?>[] {gameHost}, h);
    }
}
