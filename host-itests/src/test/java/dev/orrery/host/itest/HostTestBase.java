package dev.orrery.host.itest;

import static org.junit.Assert.fail;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.world.World;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.inject.Inject;
import org.ops4j.pax.exam.TestProbeBuilder;
import org.ops4j.pax.exam.ProbeBuilder;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;

/** Helpers for the tests that run inside the container. */
public abstract class HostTestBase {
    static final long WAIT_MILLIS = 15_000;

    @Inject
    protected BundleContext ctx;

    @Inject
    protected GameHost host;

    /**
     * The probe must use the support bundle's classes (the shared Trace trait), not its own copies of
     * them: import the package, so it wins over the probe's content.
     */
    @ProbeBuilder
    public TestProbeBuilder probe(TestProbeBuilder probe) {
        probe.setHeader(Constants.IMPORT_PACKAGE, "dev.orrery.host.itest.support");
        return probe;
    }

    protected Bundle install(String name) throws BundleException {
        return ctx.installBundle(BundleFiles.location(name));
    }

    protected Bundle start(String name) throws BundleException {
        Bundle b = install(name);
        b.start();
        return b;
    }

    protected <T> T onFrame(Function<World, T> work) throws Exception {
        return host.submit(work).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
    }

    protected long step(int frames) throws Exception {
        return host.step(frames).toCompletableFuture().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
    }

    protected List<String> events() throws Exception {
        return onFrame(w -> w.add(Trace.TRAIT).events());
    }

    protected void clearTrace() throws Exception {
        onFrame(w -> {
            w.add(Trace.TRAIT).clear();
            return null;
        });
    }

    protected Optional<PluginStatus> plugin(String name) {
        return host.plugins().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    protected PluginStatus awaitPlugin(String name, PluginState state) throws InterruptedException {
        await(() -> plugin(name).map(p -> p.state() == state).orElse(false),
                () -> "plugin '" + name + "' never became " + state);
        return plugin(name).orElseThrow();
    }

    protected void awaitNoPlugin(String name) throws InterruptedException {
        await(() -> plugin(name).isEmpty(), () -> "plugin '" + name + "' is still tracked");
    }

    /** Waits for the first rebuild of {@code schedule} after {@code afterSequence} that matches. */
    protected RebuildInfo awaitRebuild(String schedule, long afterSequence, java.util.function.Predicate<RebuildInfo> p)
            throws InterruptedException {
        await(() -> rebuildsAfter(schedule, afterSequence).stream().anyMatch(p),
                () -> "no matching rebuild of '" + schedule + "' after #" + afterSequence);
        return rebuildsAfter(schedule, afterSequence).stream().filter(p).findFirst().orElseThrow();
    }

    protected List<RebuildInfo> rebuildsAfter(String schedule, long afterSequence) {
        return host.rebuilds().stream().filter(r -> r.schedule().equals(schedule) && r.sequence() > afterSequence)
                .collect(Collectors.toList());
    }

    protected long lastSequence() {
        List<RebuildInfo> r = host.rebuilds();
        return r.isEmpty() ? 0 : r.get(r.size() - 1).sequence();
    }

    protected void await(BooleanSupplier condition, java.util.function.Supplier<String> message)
            throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(20);
        }
        fail(message.get() + "; plugins: " + host.plugins() + "; rebuilds: " + host.rebuilds());
    }

    /** Waits for the host's first rebuild (the main schedule exists), so step() has a schedule to run. */
    protected void awaitMainSchedule() throws InterruptedException {
        await(() -> host.schedule(host.mainSchedule()).isPresent(), () -> "the main schedule was never built");
    }
}
