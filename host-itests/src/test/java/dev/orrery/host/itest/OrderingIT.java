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
public class OrderingIT extends HostTestBase {
    @Inject
    protected ConfigurationAdmin configAdmin;

    @Configuration
    public Option[] config() {
        return options(HostOptions.base(), frameworkProperty("orrery.host.order").value("order-a, order-b"));
    }

    @Test
    public void declaredOrderAndReversedOrderGiveTwoDifferentDeterministicOrders() throws Exception {
        awaitMainSchedule();
        // Started in the opposite of the declared order: the declared order still wins.
        start("orderb");
        start("ordera");
        awaitPlugin("order-a", PluginState.ACTIVE);
        awaitPlugin("order-b", PluginState.ACTIVE);
        assertEquals(List.of("order-a", "order-b"), host.schedule("main").orElseThrow().plugins().stream()
                .map(p -> p.name()).collect(Collectors.toList()));
        assertEquals(List.of("order-a/sys", "order-b/sys"), systemNames());
        step(2);
        assertEquals(List.of("order-a/sys", "order-b/sys", "order-a/sys", "order-b/sys"), events());

        long before = lastSequence();
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("order", new String[] {"order-b", "order-a"});
        configAdmin.getConfiguration("dev.orrery.host", "?").update(props);
        awaitRebuild("main", before, r -> r.plugins().equals(List.of("order-b", "order-a")));
        assertEquals(List.of("order-b/sys", "order-a/sys"), systemNames());
        clearTrace();
        step(2);
        assertEquals(List.of("order-b/sys", "order-a/sys", "order-b/sys", "order-a/sys"), events());
    }

    @Test
    public void pluginsTheOrderDoesNotListComeAfterTheListedOnesByName() throws Exception {
        awaitMainSchedule();
        start("good");
        start("alpha");
        start("orderb");
        awaitPlugin("good", PluginState.ACTIVE);
        awaitPlugin("alpha", PluginState.ACTIVE);
        awaitPlugin("order-b", PluginState.ACTIVE);
        await(() -> host.schedule("main").orElseThrow().plugins().size() == 3, () -> "three plugins in main");
        // order-b is listed; alpha and good are not, so they follow by name.
        assertEquals(List.of("order-b/sys", "alpha/tick", "good/tick"), systemNames());
    }

    private List<String> systemNames() {
        return host.schedule("main").orElseThrow().systems().stream().map(EcsSystem::name).collect(Collectors.toList());
    }
}
