package dev.orrery.host.jpms;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceConsumer;
import dev.orrery.host.HostClient;
import dev.orrery.host.core.FrontEnd;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.PluginSource;
import dev.orrery.host.core.UnloadedCode;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.ScheduleHooks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The JPMS front end's side of the host core (see docs/host-core.md, "JPMS"): maps the
 * plugin layers' provider events onto {@link HostCore} calls, keyed by a counter per provider instance
 * ({@link PluginSource#id()}), and answers the core's {@link FrontEnd} callbacks.
 *
 * <ul>
 *   <li>{@link #added}: {@code pluginBound(id)}; at the end of the batch ({@link #settled()})
 *       {@code pluginAdded(source, plugin)} for each, back to back, so one coalesced rebuild takes a
 *       batch; the source's origin is {@code <module>/<version> (<jar>)}, its schedule comes from the jar's manifest
 *       ({@link ProviderSchedules});</li>
 *   <li>{@link #removed}: {@code pluginRemoved(id)} (its systems stop at the next frame boundary);</li>
 *   <li>{@link #layerDefined}: the layer's own {@link ScheduleHooks} providers are handed to the host
 *       ({@code hooksAdded}; schedule from the manifest as for plugins, none: every schedule) and
 *       removed with the layer ({@code hooksRemoved}), as the OSGi front end does with
 *       {@code ScheduleHooks} services; the layer's own {@link HostClient} providers are made and
 *       {@linkplain HostClient#start started} with the host (the JPMS counterpart of a DS component
 *       that references {@code GameHost}); {@link #layerDropped}: they are
 *       {@linkplain HostClient#stop stopped} and let go of;</li>
 *   <li>{@link #settled()} after removals: {@code requestPurge()}: the world is purged of the dropped
 *       layers' classes at the next frame boundary, the same path as an OSGi bundle update;
 *       {@link #unloadedCode()} names the dropped layers' loaders.</li>
 * </ul>
 * Calls come from the folder watch's thread (never the frame thread). Beyond the spec (Orrery's own).
 */
@ServiceConsumer(value = ScheduleHooks.class, resolution = Resolution.OPTIONAL)
@ServiceConsumer(value = HostClient.class, resolution = Resolution.OPTIONAL)
final class JpmsHost implements PluginEvents<Plugin>, FrontEnd {
    private final AtomicLong ids = new AtomicLong();
    private final Map<String, Long> byKey = new ConcurrentHashMap<>();
    private final CompletableFuture<String> stopped = new CompletableFuture<>();
    private final AtomicBoolean removedSincePurge = new AtomicBoolean();
    private final Map<String, List<HostClient>> clients = new ConcurrentHashMap<>();
    /** Ids of the hooks added, per layer (module name). */
    private final Map<String, List<Long>> hooks = new ConcurrentHashMap<>();
    /** Providers bound in this batch, handed over in {@link #settled()}; guarded by this. */
    private final List<Pending> pending = Collections.synchronizedList(new ArrayList<>());
    private volatile HostCore host;
    private volatile Function<ClassLoader, java.util.Optional<String>> dropped = l -> java.util.Optional.empty();

    /**
     * Connects the front end to its host (made with this object as its {@link FrontEnd}) and to the
     * test for dropped layers' class loaders.
     *
     * @param host the host core
     * @param dropped a class loader → the module of the dropped layer it belonged to (e.g.
     *     {@link PluginLayers#droppedModule})
     */
    public void attach(HostCore host, Function<ClassLoader, java.util.Optional<String>> dropped) {
        this.host = Objects.requireNonNull(host, "host");
        this.dropped = Objects.requireNonNull(dropped, "dropped");
    }

    /**
     * @return a new id for the host core's plugins and hooks, unique among this front end's (e.g. for
     *     the web console's timings hooks, {@link JpmsConsole})
     */
    public long nextId() {
        return ids.incrementAndGet();
    }

    /** @return completed with the host's reason when it asks the application to stop ({@link #stopApplication}) */
    public CompletableFuture<String> stopRequested() {
        return stopped;
    }

    @Override
    public void added(String key, Plugin provider, String jar) {
        HostCore h = host;
        long id = ids.incrementAndGet();
        Module m = provider.getClass().getModule();
        String origin = (m.isNamed() ? m.getName() + "/" + m.getDescriptor().version().map(Object::toString).orElse("0")
                : provider.getClass().getName()) + " (" + jar + ")";
        byKey.put(key, id);
        h.pluginBound(id);
        pending.add(new Pending(key, new PluginSource(id, origin, ProviderSchedules.of(provider.getClass())), provider));
    }

    /** A bound provider whose object is handed to the host at the end of the batch. */
    private record Pending(String key, PluginSource source, Plugin plugin) {
    }

    @Override
    public void removed(String key) {
        Long id = byKey.remove(key);
        if (id != null) {
            host.pluginRemoved(id);
        }
        removedSincePurge.set(true);
    }

    @Override
    public void layerDefined(String module, ModuleLayer layer) {
        addHooks(module, layer);
        startClients(module, layer);
    }

    /**
     * Hands the layer's own {@link ScheduleHooks} providers to the host (also used for the platform
     * layer); a provider that throws is left out with one line.
     *
     * @param module the name the hooks are kept under (for {@link #layerDropped})
     * @param layer the layer whose own providers are added
     */
    public void addHooks(String module, ModuleLayer layer) {
        List<Long> added = new ArrayList<>();
        java.util.ServiceLoader.load(layer, ScheduleHooks.class).stream()
                .filter(p -> p.type().getModule().getLayer() == layer)
                .forEach(p -> {
                    try {
                        ScheduleHooks h = p.get();
                        long id = ids.incrementAndGet();
                        Module m = p.type().getModule();
                        String origin = m.getName() + "/" + m.getDescriptor().version().map(Object::toString).orElse("0");
                        host.hooksAdded(new PluginSource(id, origin, ProviderSchedules.of(p.type())), h);
                        added.add(id);
                    } catch (java.util.ServiceConfigurationError | RuntimeException e) {
                        Throwable cause = e.getCause() != null ? e.getCause() : e;
                        System.out.println("orrery: schedule hooks " + p.type().getName() + " of module " + module + " left out: " + cause);
                    }
                });
        if (!added.isEmpty()) {
            hooks.put(module, List.copyOf(added));
        }
    }

    /**
     * Makes and starts the layer's own {@link HostClient} providers (also used for the platform layer).
     *
     * @param module the name the clients are kept under
     * @param layer the layer whose own providers are started
     */
    public void startClients(String module, ModuleLayer layer) {
        List<HostClient> started = new ArrayList<>();
        java.util.ServiceLoader.load(layer, HostClient.class).stream()
                .filter(p -> p.type().getModule().getLayer() == layer)
                .forEach(p -> {
                    try {
                        HostClient c = p.get();
                        c.start(host);
                        started.add(c);
                    } catch (java.util.ServiceConfigurationError | RuntimeException e) {
                        Throwable cause = e.getCause() != null ? e.getCause() : e;
                        System.out.println("orrery: host client " + p.type().getName() + " of module " + module + " left out: " + cause);
                    }
                });
        if (!started.isEmpty()) {
            clients.put(module, List.copyOf(started));
        }
    }

    @Override
    public void layerDropped(String module) {
        List<Long> hookIds = hooks.remove(module);
        if (hookIds != null) {
            hookIds.forEach(host::hooksRemoved);
            removedSincePurge.set(true);
        }
        List<HostClient> gone = clients.remove(module);
        if (gone != null) {
            for (HostClient c : gone) {
                try {
                    c.stop();
                } catch (RuntimeException e) {
                    System.out.println("orrery: host client " + c.getClass().getName() + " of module " + module + " failed to stop: " + e);
                }
            }
        }
    }

    /** Stops every host client (at shutdown). */
    public void stopClients() {
        for (String module : List.copyOf(clients.keySet())) {
            layerDropped(module);
        }
    }

    /**
     * Hands the batch's providers to the host back to back (so one coalesced rebuild takes them all),
     * and asks for a purge when providers were removed.
     */
    @Override
    public void settled() {
        List<Pending> batch;
        synchronized (pending) {
            batch = List.copyOf(pending);
            pending.clear();
        }
        for (Pending p : batch) {
            if (!host.pluginAdded(p.source(), p.plugin())) {
                byKey.remove(p.key(), p.source().id());
            }
        }
        if (removedSincePurge.getAndSet(false)) {
            host.requestPurge();
        }
    }

    /** Completes {@link #stopRequested()} (does not block). */
    @Override
    public void stopApplication(String after) {
        stopped.complete(after);
    }

    @Override
    public UnloadedCode unloadedCode() {
        Function<ClassLoader, java.util.Optional<String>> test = dropped;
        List<String> names = Collections.synchronizedList(new ArrayList<>());
        return new UnloadedCode() {
            @Override
            public boolean test(ClassLoader loader) {
                java.util.Optional<String> module = test.apply(loader);
                module.ifPresent(name -> {
                    if (!names.contains(name)) {
                        names.add(name);
                    }
                });
                return module.isPresent();
            }

            @Override
            public List<String> names() {
                return List.copyOf(names);
            }
        };
    }
}
