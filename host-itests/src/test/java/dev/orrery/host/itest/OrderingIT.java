package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.schedule.EcsSystem;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.stream.Collectors;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.service.cm.ConfigurationAdmin;

/** The declared plugin order decides the schedule's order; changing it rebuilds in the new order. */
@RunWith(PaxExam.class)
public class OrderingIT extends HostItBase {
    @Inject
    protected ConfigurationAdmin configAdmin;

    @Configuration
    public Option[] config() {
        return options(platform(), hostWarningsAsserted(), frameworkProperty("orrery.host.order").value("order-a, order-b"));
    }

    @Test
    public void declaredOrderAndReversedOrderGiveTwoDifferentDeterministicOrders() throws Exception {
        host().awaitMainSchedule();
        // Started in the opposite of the declared order: the declared order still wins.
        start("orderb");
        start("ordera");
        host().awaitPlugin("order-a", PluginState.ACTIVE);
        host().awaitPlugin("order-b", PluginState.ACTIVE);
        assertEquals(List.of("order-a", "order-b"), gameHost.schedule("main").orElseThrow().plugins().stream()
                .map(p -> p.name()).collect(Collectors.toList()));
        assertEquals(List.of("order-a/sys", "order-b/sys"), systemNames());
        host().step(2);
        assertEquals(List.of("order-a/sys", "order-b/sys", "order-a/sys", "order-b/sys"), events());

        long before = host().mark();
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("order", new String[] {"order-b", "order-a"});
        configAdmin.getConfiguration("dev.orrery.host", "?").update(props);
        host().awaitRebuild("main", before, r -> r.plugins().equals(List.of("order-b", "order-a")));
        assertEquals(List.of("order-b/sys", "order-a/sys"), systemNames());
        clearTrace();
        host().step(2);
        assertEquals(List.of("order-b/sys", "order-a/sys", "order-b/sys", "order-a/sys"), events());
    }

    @Test
    public void pluginsTheOrderDoesNotListComeAfterTheListedOnesByName() throws Exception {
        host().awaitMainSchedule();
        start("good");
        start("alpha");
        start("orderb");
        host().awaitPlugin("good", PluginState.ACTIVE);
        host().awaitPlugin("alpha", PluginState.ACTIVE);
        host().awaitPlugin("order-b", PluginState.ACTIVE);
        host().awaitCondition(() -> gameHost.schedule("main").orElseThrow().plugins().size() == 3, () -> "three plugins in main");
        // order-b is listed; alpha and good are not, so they follow by name.
        assertEquals(List.of("order-b/sys", "alpha/tick", "good/tick"), systemNames());
    }

    private List<String> systemNames() {
        return gameHost.schedule("main").orElseThrow().systems().stream().map(EcsSystem::name).collect(Collectors.toList());
    }
}
