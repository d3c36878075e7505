package dev.orrery.testkit.osgi;

import dev.orrery.host.GameHost;
import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Drives a running Orrery host from a test inside the framework: frames, frame-thread work, plugin
 * states, rebuilds, and the plugin bundles' life cycle.
 *
 * <p>The host should run in fixed-step mode and start paused ({@code OrreryOptions.platform()} sets
 * that up), so nothing happens between the test's {@link #step(int)} calls but rebuilds and swaps.
 * Every wait is bounded by the driver's timeout and fails with an {@link AssertionError} that shows
 * the host's plugins and recent rebuilds; a frame-thread call that times out is cancelled, so work
 * the test gave up on never runs later.
 *
 * <p>Waiting for a plugin state, a rebuild or the main schedule checks the host's {@code plugins()},
 * {@code rebuilds()} and {@code schedules()}, which change when the host swaps a schedule in: the
 * driver checks again each time the host's change token moves ({@code GameHost.awaitChange}), so a
 * wait ends as soon as the host reports what it waits for, and no thread polls. A wait on a host that
 * has stopped fails at once (its reports no longer change).
 *
 * <p>Implementation notes: immutable; the methods may be called from any thread but the frame thread
 * (frame-thread calls wait for the frame thread).
 *
 * @since 0.1
 */
public final class HostDriver {
    /** The default timeout of every wait. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);

    /**
     * The longest {@link #awaitCondition} goes without checking its condition, ms: it checks on every
     * change of the host and at least this often, for conditions outside the host (a service, a bundle).
     */
    public static final long POLL_MILLIS = 10;

    private final BundleContext context;
    private final GameHost host;
    private final Bundle testBundle;
    private final Duration timeout;

    /**
     * @param context a bundle context (the test's)
     * @param host the host service
     * @param testBundle the bundle running the test (the probe), checked against the probe trap; null to
     *     skip that check
     * @param timeout the limit of every wait
     * @throws NullPointerException if context, host or timeout is null
     */
    public HostDriver(BundleContext context, GameHost host, Bundle testBundle, Duration timeout) {
        this.context = Objects.requireNonNull(context, "HostDriver: context");
        this.host = Objects.requireNonNull(host, "HostDriver: host");
        this.testBundle = testBundle;
        this.timeout = Objects.requireNonNull(timeout, "HostDriver: timeout");
    }

    /**
     * A driver for a test that runs in the bundle of {@code context}, with the default timeout: the
     * one-line set-up of an in-framework JUnit 5 test, whose OSGi Test extensions inject the test
     * bundle's context ({@code @InjectBundleContext}) and the host ({@code @InjectService}).
     *
     * <p>Beyond the spec (Orrery's own).
     *
     * @param context the test bundle's context; its bundle is the one checked against the probe trap
     *     ({@link ProbeTrap}) before an update or uninstall
     * @param host the host service
     * @return a driver waiting at most {@link #DEFAULT_TIMEOUT}
     * @throws NullPointerException if context or host is null
     */
    public static HostDriver of(BundleContext context, GameHost host) {
        Objects.requireNonNull(context, "HostDriver.of: context");
        return new HostDriver(context, host, context.getBundle(), DEFAULT_TIMEOUT);
    }

    /** @return the host service */
    public GameHost host() {
        return host;
    }

    /** @return the limit of every wait */
    public Duration timeout() {
        return timeout;
    }

    // ---- frames and the frame thread ----

    /**
     * Runs work on the frame thread at the next frame boundary and waits for its result.
     *
     * @param work what to do with the world (frame thread)
     * @param <T> the result type
     * @return the work's result
     * @throws AssertionError if it did not finish within the timeout (it is then cancelled: if it had
     *     not started it never runs), or if it threw (the cause is attached)
     */
    public <T> T onFrame(Function<World, T> work) {
        return await(host.submit(work), "work on the frame thread");
    }

    /**
     * Runs {@code frames} frames of the paused host and waits for them.
     *
     * @param frames how many; at least 1
     * @return the host's frame count after the last of them
     * @throws AssertionError if they did not run within the timeout (the frames not yet run are then
     *     dropped), or if a system threw (the {@code SystemFaultException} is the cause)
     */
    public long step(int frames) {
        return await(host.step(frames), "step(" + frames + ")");
    }

    /**
     * Reads a world trait by its name, so a test needs none of the plugin's classes (see
     * {@link ProbeTrap}).
     *
     * @param traitName the trait's name, e.g. {@code "example/time"}
     * @return its value in the world, if the world has that trait
     * @throws AssertionError if the frame thread did not answer in time
     */
    public Optional<Object> worldValue(String traitName) {
        return onFrame(w -> {
            for (Trait<?> t : w.worldTraits()) {
                if (t.name().equals(traitName)) {
                    return Optional.<Object>ofNullable(w.get(t));
                }
            }
            return Optional.empty();
        });
    }

    // ---- plugins and rebuilds ----

    /**
     * @param name a plugin name
     * @return its status as of the last swap, if the host tracks a plugin of that name
     */
    public Optional<PluginStatus> plugin(String name) {
        return host.plugins().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * @param name a plugin name
     * @param state the state to wait for
     * @return the plugin's status once it is in that state
     * @throws AssertionError if it is not within the timeout
     */
    public PluginStatus awaitPlugin(String name, PluginState state) {
        awaitHost(() -> plugin(name).map(p -> p.state() == state).orElse(false),
                () -> "plugin '" + name + "' never became " + state);
        return plugin(name).orElseThrow();
    }

    /**
     * @param name a plugin name
     * @throws AssertionError if the host still tracks a plugin of that name after the timeout
     */
    public void awaitNoPlugin(String name) {
        awaitHost(() -> plugin(name).isEmpty(), () -> "plugin '" + name + "' is still tracked");
    }

    /** Waits until the host's main schedule is built, so {@link #step(int)} has a schedule to run. */
    public void awaitMainSchedule() {
        awaitHost(() -> host.schedule(host.mainSchedule()).isPresent(),
                () -> "the main schedule '" + host.mainSchedule() + "' was never built");
    }

    /**
     * @return the sequence number of the latest rebuild, 0 if none: pass it to
     *     {@link #awaitRebuild(long, Predicate)} to wait only for rebuilds after this point
     */
    public long mark() {
        List<RebuildInfo> r = host.rebuilds();
        return r.isEmpty() ? 0 : r.get(r.size() - 1).sequence();
    }

    /**
     * @param afterSequence a {@link #mark()}
     * @param match which rebuild
     * @return the first rebuild after the mark that matches
     * @throws AssertionError if none did within the timeout
     */
    public RebuildInfo awaitRebuild(long afterSequence, Predicate<RebuildInfo> match) {
        Supplier<Optional<RebuildInfo>> find = () -> host.rebuilds().stream()
                .filter(r -> r.sequence() > afterSequence).filter(match).findFirst();
        awaitHost(() -> find.get().isPresent(), () -> "no matching rebuild after #" + afterSequence);
        return find.get().orElseThrow();
    }

    /**
     * Like {@link #awaitRebuild(long, Predicate)}, for one schedule only.
     *
     * <p>Beyond the spec (Orrery's own).
     *
     * @param schedule the schedule's name, e.g. the host's main schedule
     * @param afterSequence a {@link #mark()}
     * @param match which rebuild of that schedule
     * @return the first rebuild of that schedule after the mark that matches
     * @throws AssertionError if none did within the timeout
     */
    public RebuildInfo awaitRebuild(String schedule, long afterSequence, Predicate<RebuildInfo> match) {
        Objects.requireNonNull(schedule, "HostDriver.awaitRebuild: schedule");
        return awaitRebuild(afterSequence, r -> r.schedule().equals(schedule) && match.test(r));
    }

    /**
     * The rebuilds since a mark, to assert that nothing was rebuilt (an empty list) or what was.
     *
     * <p>Beyond the spec (Orrery's own).
     *
     * @param schedule the schedule's name
     * @param afterSequence a {@link #mark()}
     * @return the host's rebuilds of that schedule after the mark, oldest first
     */
    public List<RebuildInfo> rebuildsAfter(String schedule, long afterSequence) {
        return host.rebuilds().stream().filter(r -> r.schedule().equals(schedule) && r.sequence() > afterSequence)
                .collect(Collectors.toList());
    }

    // ---- plugin bundles ----

    /**
     * @param symbolicName a bundle symbolic name, e.g. the plugin under test's
     * @return the installed bundle of that name (the first, if several versions are installed)
     * @throws AssertionError if no bundle of that name is installed; the message lists the installed ones
     */
    public Bundle bundle(String symbolicName) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle '" + symbolicName + "' is installed; installed: "
                + java.util.Arrays.stream(context.getBundles()).map(Bundle::getSymbolicName).collect(Collectors.toList()));
    }

    /**
     * Installs and starts a plugin bundle.
     *
     * @param jar the bundle file
     * @return the started bundle
     * @throws AssertionError if the file is missing or the bundle cannot be installed or started (the
     *     framework's exception is the cause)
     */
    public Bundle install(File jar) {
        if (!jar.isFile()) {
            throw new AssertionError("plugin bundle file " + jar + " does not exist (was it built?)");
        }
        try {
            Bundle b = context.installBundle(jar.toURI().toString());
            b.start();
            return b;
        } catch (BundleException e) {
            throw new AssertionError("cannot install and start plugin bundle " + jar + ": " + e.getMessage(), e);
        }
    }

    /**
     * Updates a plugin bundle from a file and waits until the host runs the new revision's plugins,
     * saying how the host swapped them in.
     *
     * <p>The bundle is stopped, updated, refreshed (so its old revision is gone) and started again, so
     * the host sees each of its plugins leave once and come back once. The host waits up to
     * {@code orrery.host.maxDelayMillis} for a departed plugin to come back: when the new revision's
     * plugin arrives within that window the update is one swap ({@link UpdateOutcome.Kind#REPLACED},
     * {@code replaced [name]}); when it arrives later (its component waits for a reference, its
     * constructor is slow, the machine is loaded) the schedule runs without it first
     * ({@link UpdateOutcome.Kind#LEFT_THEN_JOINED}: {@code left [name]}, then {@code joined [name]}).
     * A bundle that was not active is updated and refreshed but not started.
     *
     * <p>This returns once no plugin service of the old revision is in the host's reports and every
     * plugin service the bundle registers now is (in any state: active, waiting or excluded); if the old
     * revision provided plugins, once the new revision has registered at least one.
     *
     * @param bundle the installed plugin bundle
     * @param jar the new content
     * @return how the host swapped the new revision's plugins in, with the rebuilds it swapped in meanwhile
     * @throws AssertionError if the test bundle is wired to the plugin ({@link ProbeTrap}), or the
     *     update, the refresh or the restart fails, or the new revision's plugins are not in force within
     *     the timeout
     */
    public UpdateOutcome update(Bundle bundle, File jar) {
        ProbeTrap.check(bundle, testBundle, "update");
        String name = bundle.getSymbolicName();
        List<PluginStatus> before = host.plugins().stream().filter(p -> p.serviceId() != 0 && p.bundle().startsWith(name + "/"))
                .collect(Collectors.toList());
        List<Long> oldIds = before.stream().map(PluginStatus::serviceId).collect(Collectors.toList());
        long mark = mark();
        boolean restart = (bundle.getState() & (Bundle.ACTIVE | Bundle.STARTING)) != 0;
        try (InputStream in = new FileInputStream(jar)) {
            if (restart) {
                bundle.stop(Bundle.STOP_TRANSIENT);
            }
            bundle.update(in);
        } catch (IOException | BundleException e) {
            throw new AssertionError("cannot update plugin bundle " + name + " from " + jar + ": " + e.getMessage(), e);
        }
        refresh(bundle);
        if (restart) {
            try {
                bundle.start(Bundle.START_TRANSIENT);
            } catch (BundleException e) {
                throw new AssertionError("cannot start plugin bundle " + name + " after its update from " + jar + ": "
                        + e.getMessage(), e);
            }
        }
        if (before.isEmpty() && pluginServices(bundle).isEmpty()) {
            return new UpdateOutcome(UpdateOutcome.Kind.NO_PLUGIN, List.of());
        }
        awaitHost(() -> newRevisionInForce(bundle, before.isEmpty(), oldIds), () -> "the plugins of bundle " + name + " after its update from " + jar + " (services " + pluginServices(bundle)
                + ", replacing " + oldIds + ") were never in force");
        List<RebuildInfo> rebuilds = host.rebuilds().stream().filter(r -> r.sequence() > mark).collect(Collectors.toList());
        if (before.isEmpty()) {
            return new UpdateOutcome(UpdateOutcome.Kind.NO_PLUGIN, rebuilds);
        }
        boolean left = rebuilds.stream().anyMatch(r -> before.stream()
                .anyMatch(p -> p.schedule().equals(r.schedule()) && r.left().contains(p.name())));
        return new UpdateOutcome(left ? UpdateOutcome.Kind.LEFT_THEN_JOINED : UpdateOutcome.Kind.REPLACED, rebuilds);
    }

    /**
     * Whether the host's reports show the bundle's new revision: none of the old plugin services, and every
     * plugin service the bundle registers now (at least one when it had plugins before). The host publishes
     * a swap's plugin statuses together with its rebuild records, so the rebuild that took them in is then
     * in {@code rebuilds()} too.
     */
    private boolean newRevisionInForce(Bundle bundle, boolean hadNoPlugin, List<Long> oldIds) {
        List<Long> now = pluginServices(bundle);
        List<Long> ids = host.plugins().stream().map(PluginStatus::serviceId).collect(Collectors.toList());
        return (hadNoPlugin || !now.isEmpty()) && ids.containsAll(now) && ids.stream().noneMatch(oldIds::contains);
    }

    /** @return the service ids of the {@code Plugin} services the bundle registers now */
    private static List<Long> pluginServices(Bundle bundle) {
        ServiceReference<?>[] registered = bundle.getRegisteredServices();
        if (registered == null) {
            return List.of();
        }
        return java.util.Arrays.stream(registered)
                .filter(r -> java.util.Arrays.asList((String[]) r.getProperty(Constants.OBJECTCLASS)).contains(Plugin.class.getName()))
                .map(r -> (Long) r.getProperty(Constants.SERVICE_ID)).collect(Collectors.toList());
    }

    /**
     * Uninstalls a plugin bundle and refreshes it, so its class loader is released and the host purges
     * the world of its code.
     *
     * @param bundle the plugin bundle
     * @throws AssertionError if the test bundle is wired to the plugin ({@link ProbeTrap}), or the
     *     uninstall or the refresh fails or does not finish within the timeout
     */
    public void uninstall(Bundle bundle) {
        ProbeTrap.check(bundle, testBundle, "uninstall");
        try {
            bundle.uninstall();
        } catch (BundleException e) {
            throw new AssertionError("cannot uninstall plugin bundle " + bundle.getSymbolicName() + ": " + e.getMessage(), e);
        }
        refresh(bundle);
    }

    /**
     * @return the bundles whose old revisions are still in use after an update or uninstall (should be
     *     empty after {@link #update} and {@link #uninstall})
     */
    public List<String> removalPending() {
        return context.getBundle(0).adapt(FrameworkWiring.class).getRemovalPendingBundles().stream()
                .map(b -> b.getSymbolicName() + " " + b.getVersion()).collect(Collectors.toList());
    }

    private void refresh(Bundle bundle) {
        CountDownLatch done = new CountDownLatch(1);
        context.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(List.of(bundle), e -> {
            if (e.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                done.countDown();
            }
        });
        try {
            if (!done.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("refreshing bundle " + bundle.getSymbolicName() + " did not finish within " + timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while refreshing bundle " + bundle.getSymbolicName(), e);
        }
    }

    // ---- waiting ----

    private <T> T await(CompletionStage<T> stage, String what) {
        CompletableFuture<T> f = stage.toCompletableFuture();
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(false);
            throw new AssertionError(what + " did not finish within " + timeout + " (cancelled); host: " + host.status(), e);
        } catch (ExecutionException e) {
            throw new AssertionError(what + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            f.cancel(false);
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + what, e);
        }
    }

    /**
     * Waits until a condition holds, checking it on every change of the host (its change token,
     * {@code GameHost.changes()}) and at least every {@value #POLL_MILLIS} ms: for what the host API
     * has no await of (a service registered, a bundle state, a plugin's status detail, another host).
     *
     * <p>Beyond the spec (Orrery's own).
     *
     * @param condition what to wait for; called from this thread
     * @param message what did not happen, for the failure message (called only on failure)
     * @throws AssertionError if the condition does not hold within the timeout (the message shows the
     *     host's plugins and rebuilds), or if the thread is interrupted
     */
    public void awaitCondition(BooleanSupplier condition, Supplier<String> message) {
        await(condition, message, true);
    }

    /** Waits for a condition on the host's reports: checked each time the host's change token moves. */
    private void awaitHost(BooleanSupplier condition, Supplier<String> message) {
        await(condition, message, false);
    }

    /**
     * @param outsideHost whether the condition may turn true without a change of the host: then it is
     *     also checked every {@value #POLL_MILLIS} ms, and on after the host stopped
     */
    private void await(BooleanSupplier condition, Supplier<String> message, boolean outsideHost) {
        long end = System.nanoTime() + timeout.toNanos();
        long seen = host.changes(); // read before the check: a change after it moves the token past seen
        boolean hostStopped = false;
        while (!condition.getAsBoolean()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(message.get() + " within " + timeout + "; plugins: " + host.plugins()
                        + "; rebuilds: " + host.rebuilds());
            }
            long wait = outsideHost ? Math.min(left, TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS)) : left;
            if (hostStopped) {
                if (!outsideHost) {
                    throw new AssertionError(message.get() + ": the host stopped; status: " + host.status()
                            + "; plugins: " + host.plugins());
                }
                pause(wait, message);
                continue;
            }
            CompletableFuture<Long> next = host.awaitChange(seen).toCompletableFuture();
            try {
                seen = next.get(wait, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                next.cancel(false); // check again (outside the host), or fail at the deadline
            } catch (ExecutionException e) {
                hostStopped = true; // its token no longer moves
            } catch (InterruptedException e) {
                next.cancel(false);
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting: " + message.get(), e);
            }
        }
    }

    /** Waits without a signal to wait for: a condition outside a host that has stopped. */
    private static void pause(long nanos, Supplier<String> message) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting: " + message.get(), e);
        }
    }
}
