package dev.orrery.testkit.updates;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.RebuildInfo;
import dev.orrery.schedule.Plugin;
import dev.orrery.testkit.osgi.UpdateOutcome;
import dev.orrery.testkit.paxexam.OrreryOptions;
import dev.orrery.testkit.paxexam.OrreryPluginTest;
import dev.orrery.testkit.paxexam.PlatformOptions;
import dev.orrery.testkit.paxexam.TestBundle;
import dev.orrery.testkit.updates.gated.GatedPlugin;
import dev.orrery.testkit.updates.plain.PlainPlugin;
import java.io.File;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceRegistration;

/**
 * {@code HostDriver.update} says how the host swapped the new revision in, each outcome forced: the
 * new revision's plugin is there at once (one swap, {@code replaced [upd]}), or its component waits for
 * a service the test registers only after the host swapped in a schedule without it ({@code left
 * [upd]}, then {@code joined [upd]}). The bundles are built with {@code TestBundle} inside the test
 * methods, where the test classes come from the probe bundle.
 */
@RunWith(PaxExam.class)
public class UpdateOutcomeIT extends OrreryPluginTest {
    @Configuration
    public Option[] config() {
        return new Option[] {OrreryOptions.platform(PlatformOptions.builder().rebuildCoalescing(50, 500).build())};
    }

    @Test
    public void anUpdateWhosePluginComesBackWithinTheHostsWaitIsOneSwap() throws Exception {
        Bundle upd = installVersionOne();
        long v1 = host().awaitPlugin("upd", PluginState.ACTIVE).serviceId();

        UpdateOutcome outcome = host().update(upd, bundle("upd-v2", "2.0.0", PlainPlugin.class));

        assertEquals(outcome.toString(), UpdateOutcome.Kind.REPLACED, outcome.kind());
        assertTrue(outcome.oneSwap());
        RebuildInfo swap = outcome.rebuilds().get(outcome.rebuilds().size() - 1);
        assertEquals(swap.summary(), List.of("upd"), swap.replaced());
        assertTrue(outcome.toString(), outcome.rebuilds().stream().noneMatch(r -> r.left().contains("upd")));
        assertTrue("the new revision's plugin is in force", host().plugin("upd").orElseThrow().serviceId() != v1);
        assertEquals("2.0.0", upd.getVersion().toString());
        assertEquals(List.of(), host().removalPending());
    }

    @Test
    public void anUpdateWhosePluginComesBackAfterTheHostsWaitLeavesThenJoins() throws Exception {
        Bundle upd = installVersionOne();
        File gatedV2 = bundle("upd-v2-gated", "2.0.0", GatedPlugin.class);
        long mark = host().mark();
        // The gate opens only once the host has swapped in a schedule without the plugin: the
        // new revision's plugin cannot arrive before.
        CompletableFuture<ServiceRegistration<Runnable>> gate = CompletableFuture.supplyAsync(() -> {
            host().awaitRebuild("main", mark, r -> r.left().contains("upd"));
            Hashtable<String, Object> props = new Hashtable<>();
            props.put("orrery.testkit.gate", "upd");
            return context.registerService(Runnable.class, () -> { }, props);
        });

        UpdateOutcome outcome = host().update(upd, gatedV2);

        assertEquals(outcome.toString(), UpdateOutcome.Kind.LEFT_THEN_JOINED, outcome.kind());
        List<RebuildInfo> rebuilds = outcome.rebuilds();
        assertEquals(outcome.toString(), List.of("upd"), rebuilds.get(0).left());
        assertEquals(outcome.toString(), List.of("upd"), rebuilds.get(rebuilds.size() - 1).joined());
        host().awaitPlugin("upd", PluginState.ACTIVE);
        gate.get(1, TimeUnit.SECONDS).unregister();
    }

    /**
     * Installs version 1 and waits for the record of the rebuild that took it in (the host publishes
     * plugin states and rebuild records one after the other), so the update's rebuilds come after it.
     */
    private Bundle installVersionOne() {
        Bundle upd = host().install(bundle("upd-v1", "1.0.0", PlainPlugin.class));
        host().awaitRebuild("main", 0, r -> r.joined().contains("upd"));
        host().awaitPlugin("upd", PluginState.ACTIVE);
        return upd;
    }

    /** Builds a bundle {@code itest.upd} of one fixture package, here, inside the test method. */
    private static File bundle(String file, String version, Class<?> component) {
        return TestBundle.builder("itest.upd").version(version).privatePackages(component.getPackageName())
                .classpathOf(component, Plugin.class).build().writeTo(new File("target/update-bundles/" + file + ".jar"));
    }
}
