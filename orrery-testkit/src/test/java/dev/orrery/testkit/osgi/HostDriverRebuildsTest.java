package dev.orrery.testkit.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.RebuildInfo;
import dev.orrery.testsupport.host.FakeGameHost;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;

/** The driver's per-schedule rebuild waits and its general wait, against a fake host. */
class HostDriverRebuildsTest {
    private static RebuildInfo rebuild(long sequence, String schedule, List<String> joined) {
        return RebuildInfo.builder().sequence(sequence).schedule(schedule).plugins(List.of("alpha")).systems(1)
                .phases(9).buildNanos(1_000).joined(joined).left(List.of()).replaced(List.of()).excluded(List.of())
                .build();
    }

    private final List<RebuildInfo> rebuilds = List.of(rebuild(1, "main", List.of("alpha")),
            rebuild(2, "turn", List.of("alpha")), rebuild(3, "main", List.of()));
    private final FakeGameHost host = new FakeGameHost().setRebuilds(rebuilds); // and no change comes
    private final BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                throw new UnsupportedOperationException(method.getName());
            });
    private final HostDriver driver = new HostDriver(context, host, null, Duration.ofMillis(50));

    @Test
    void awaitRebuildOfAScheduleSkipsOtherSchedulesAndEarlierRebuilds() {
        assertEquals(2, driver.awaitRebuild("turn", 0, r -> r.joined().contains("alpha")).sequence());
        assertEquals(3, driver.awaitRebuild("main", 1, r -> true).sequence());
        AssertionError e = assertThrows(AssertionError.class,
                () -> driver.awaitRebuild("main", 1, r -> r.joined().contains("alpha")));
        assertTrue(e.getMessage().startsWith("no matching rebuild after #1 within PT0.05S"), e.getMessage());
    }

    @Test
    void rebuildsAfterAMarkListsThatSchedulesRebuildsOnly() {
        assertEquals(List.of(rebuilds.get(0), rebuilds.get(2)), driver.rebuildsAfter("main", 0));
        assertEquals(List.of(), driver.rebuildsAfter("main", 3));
    }

    @Test
    void awaitConditionReturnsOnceItHoldsAndFailsWithTheMessageAndTheHostsState() {
        AtomicBoolean once = new AtomicBoolean();
        driver.awaitCondition(() -> once.getAndSet(true), () -> "never");
        AssertionError e = assertThrows(AssertionError.class, () -> driver.awaitCondition(() -> false,
                () -> "the service never came"));
        assertEquals("the service never came within PT0.05S; plugins: []; rebuilds: " + rebuilds, e.getMessage());
    }
}
