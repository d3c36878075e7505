package dev.orrery.plugin.console.internal.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.schedule.ScheduleHooks;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/** Without the devtools, the console's timing hooks exist only while a page listens. */
class OwnTimingsFeedTest {
    private final List<Object> registered = new ArrayList<>();
    private int unregistered;

    private BundleContext context() {
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BundleContext.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("registerService")) {
                        assertEquals(ScheduleHooks.class, args[0]);
                        registered.add(args[1]);
                        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ServiceRegistration.class},
                                (p, m, a) -> {
                                    if (m.getName().equals("unregister")) {
                                        unregistered++;
                                    }
                                    return null;
                                });
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    @DisplayName("no hooks until the first page subscribes; one registration for many pages; gone when the last leaves")
    void hooksOnlyWhilePagesListen() {
        OwnTimingsFeed feed = new OwnTimingsFeed(context());
        assertEquals(0, registered.size(), "no page: no hooks");
        feed.subscribe();
        feed.subscribe();
        assertEquals(1, registered.size());
        assertInstanceOf(ScheduleHooks.class, registered.get(0));
        feed.unsubscribe();
        assertEquals(0, unregistered, "one page still listens");
        feed.unsubscribe();
        assertEquals(1, unregistered, "the last page left: hooks gone");
        feed.unsubscribe(); // more leaves than joins change nothing
        assertEquals(1, unregistered);
        feed.subscribe();
        assertEquals(2, registered.size(), "a new page brings them back");
        feed.close();
        assertEquals(2, unregistered);
        assertEquals(TimingsFeed.Source.CONSOLE, feed.source());
    }
}
