package dev.orrery.host.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.options;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.osgi.framework.Bundle;

/**
 * {@code GameHost.save} and {@code load} in the framework, with the platform's Jackson bundles: the
 * scheduler's optional imports of them are wired, a save writes the file and a load gives the saved
 * world back (handles included), in CBOR and in JSON.
 */
@RunWith(PaxExam.class)
public class SaveLoadIT extends HostItBase {
    /** A persistent entity trait of the probe. */
    public record Hp(int current, int max) {
    }

    static final Trait<Hp> HP = Trait.<Hp>builder("itest/hp").defaultValue(new Hp(1, 1))
            .persistent(1, TraitCodec.of(Hp.class)).build();

    @Configuration
    public Option[] config() {
        return options(platform());
    }

    @Test
    public void theSchedulerImportsJacksonFromThePlatform() {
        Bundle scheduler = host().bundle("dev.orrery.scheduler");
        Bundle core = host().bundle("com.fasterxml.jackson.core.jackson-core");
        assertEquals(Bundle.ACTIVE, core.getState());
        assertTrue("the scheduler is wired to jackson-core",
                scheduler.adapt(org.osgi.framework.wiring.BundleWiring.class).getRequiredWires("osgi.wiring.package")
                        .stream().anyMatch(w -> w.getProvider().getBundle().equals(core)));
    }

    @Test
    public void aSavedWorldLoadsBackInCborAndJson() throws Exception {
        host().awaitMainSchedule();
        for (String name : List.of("world.cbor", "world.json")) {
            Path file = Files.createTempDirectory("orrery-saveload").resolve(name);
            List<Long> saved = host().onFrame(w -> {
                long a = w.spawn(HP.with(new Hp(7, 10)));
                long b = w.spawn(HP.with(new Hp(3, 4)));
                return List.of(a, b);
            });
            assertEquals(file, gameHost.save(file).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS));
            assertTrue(Files.size(file) > 0);
            host().onFrame(w -> {
                saved.forEach(w::destroy);
                return null;
            });
            // (the probe does not import the snapshot package: the report is only printed)
            Object report = gameHost.load(file).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            assertTrue(String.valueOf(report), String.valueOf(report).startsWith("RestoreReport["));
            assertEquals(List.of(new Hp(7, 10), new Hp(3, 4)),
                    host().onFrame(w -> saved.stream().map(e -> w.get(e, HP)).toList()));
        }
    }
}
