package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.osgi.framework.BundleContext;

class HeadlessWatchTest {
    /** A system bundle context that takes the listener, then turns invalid as a stopped framework's does. */
    private static BundleContext stoppedAfterStart() {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("addServiceListener")) {
                        return null;
                    }
                    throw new IllegalStateException("Invalid BundleContext.");
                });
    }

    @ParameterizedTest(name = "headless={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("a framework that stopped by itself between the wait and the check gives no verdict, not a crash")
    void aStoppedFrameworkGivesNoVerdict(boolean headless) {
        HeadlessWatch watch = HeadlessWatch.start(stoppedAfterStart(), headless);
        assertEquals(Optional.empty(), watch.check());
        assertEquals(Optional.empty(), watch.afterStop());
    }
}
