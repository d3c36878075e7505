package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;

/** Plugins that break the build are left out, named, with the reason; the others run. */
@RunWith(PaxExam.class)
public class ExclusionIT extends HostItBase {
    @Configuration
    public Option[] config() {
        return options(platform(), hostWarningsAsserted(), frameworkProperty("orrery.host.order").value("good,cyclic,lost,dup"));
    }

    @Test
    public void cycleUnknownPhaseAndDuplicateSystemNameAreLeftOutAndNamedWhileTheOthersRun() throws Exception {
        host().awaitMainSchedule();
        long before = host().mark();
        start("good");
        start("cyclic");
        start("lost");
        start("dup");
        PluginStatus cyclic = host().awaitPlugin("cyclic", PluginState.EXCLUDED);
        PluginStatus lost = host().awaitPlugin("lost", PluginState.WAITING);
        PluginStatus dup = host().awaitPlugin("dup", PluginState.EXCLUDED);
        host().awaitPlugin("good", PluginState.ACTIVE);

        assertTrue(cyclic.reason(), cyclic.reason().contains("cycl"));
        assertTrue(cyclic.reason(), cyclic.reason().contains("cyclic/x") && cyclic.reason().contains("cyclic/y"));
        assertTrue(lost.reason(), lost.reason().contains("system 'lost/tick'")
                && lost.reason().contains("phase 'lost/Nowhere'"));
        assertTrue(dup.reason(), dup.reason().contains("two different systems are named 'good/tick'"));
        assertTrue(dup.reason(), dup.reason().contains("dup"));
        assertEquals("itest.dup/1.0.0", dup.bundle());

        RebuildInfo last = host().awaitRebuild("main", before, r -> r.excluded().size() == 3);
        assertEquals(List.of("good"), last.plugins());
        assertTrue(last.summary(), last.summary().contains("left out [cyclic (excluded: ")
                || last.summary().contains("cyclic (excluded: "));
        assertTrue(last.summary(), last.summary().contains("lost (waiting: "));

        host().step(2);
        assertEquals(List.of("good/tick", "good/tick"), events());
    }

    @Test
    public void pluginThatNeedsAnotherArrivingFirstComesInWhenTheOtherArrives() throws Exception {
        host().awaitMainSchedule();
        start("needer");
        PluginStatus waiting = host().awaitPlugin("needer", PluginState.WAITING);
        assertTrue(waiting.reason(), waiting.reason().contains("phase 'shared/Stage'"));
        host().step(1);
        assertEquals(List.of(), events());

        long before = host().mark();
        start("exporter");
        host().awaitPlugin("exporter", PluginState.ACTIVE);
        host().awaitPlugin("needer", PluginState.ACTIVE);
        RebuildInfo both = host().awaitRebuild("main", before, r -> r.plugins().size() == 2);
        assertTrue(both.joined().containsAll(List.of("exporter", "needer")));
        host().step(2);
        assertEquals(List.of("exporter/tick", "needer/tick", "exporter/tick", "needer/tick"), events());
    }
}
