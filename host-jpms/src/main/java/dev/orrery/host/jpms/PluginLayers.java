package dev.orrery.host.jpms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.module.ResolutionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import dev.orrery.host.core.PluginCalls;
import dev.orrery.host.core.PluginClasses;
import dev.orrery.schedule.Plugin;

/**
 * The plugin jars' module layers: one {@link ModuleLayer} per jar, whose parents are the platform
 * layer and the layers of the plugin jars it {@code requires}; the jar's providers of the service are
 * found with {@link ServiceLoader#load(ModuleLayer, Class)}, keeping only those whose class is in the
 * jar's own layer (that method also walks the parent layers).
 *
 * <p>{@link #sync} takes the settled contents of the plugins folder and makes the layers match:
 * <ul>
 *   <li>a new jar gets a layer; a jar that failed before is tried again whenever the folder changed
 *       (a jar it requires may have arrived);</li>
 *   <li>a replaced jar (another {@link FileStamp}) has its layer dropped and defined again, and so
 *       has every jar whose layer reads it, directly or through others (the JPMS counterpart of an
 *       OSGi refresh);</li>
 *   <li>a deleted jar has its layer dropped, and the layers of the jars that require it too (these
 *       then stay out, with a {@link JarProblem.Kind#MISSING_REQUIRES} line, until it is back).</li>
 * </ul>
 * A dropped layer's providers are {@linkplain PluginEvents#removed removed}; its class loader is
 * {@linkplain #isDropped dropped} (held weakly here: once the host lets go of the providers and the
 * world is purged, it can be collected).
 *
 * <p>Jars are never read in place: each version is first copied into the cache folder
 * ({@code <name>-<n>.jar}) and the layer is defined from the copy, so replacing or deleting a file in
 * the plugins folder while its layer runs is safe. A copy is deleted when its layer is dropped.
 *
 * <p>Bad jars are left out with one line each ({@link JarProblem#render()}) and the rest goes on:
 * unreadable files, jars without {@code module-info.class} (automatic modules are refused: their
 * {@code requires} are unknown, so their place in the layer graph is too), a module name that is
 * taken, a missing {@code requires}, a requires cycle, a graph that does not resolve (e.g. a split
 * package: the jar holds a package a module it reads exports), and a provider that throws (only that
 * provider is left out; the jar's layer stays, as other jars may require it). A problem is logged
 * once; the same problem with the same file is not logged again on later syncs.
 *
 * <p>Providers are made on workers ({@link PluginCalls}), not on the folder watch's thread: a provider
 * whose constructor blocks holds up the sync at most the threshold ({@code frameWarnMillis}; then it
 * is named in one line), and no later sync at all. A provider made after its sync ended is handed to
 * the host when it comes (its own {@link PluginEvents#added} and {@link PluginEvents#settled()}), if
 * its layer is still there; one that throws then is left out with its line.
 *
 * <p>Thread-safety: the folder watch's thread calls {@link #sync} and {@link #close}, workers hand over
 * late providers, any thread may read {@link #problems()}; all of them under this object's monitor.
 * {@link #isDropped} may be called from any thread. Beyond the spec (Orrery's own); the layer rules
 * follow {@code java.lang.ModuleLayer} and {@code java.lang.module.Configuration}.
 *
 * @param <S> the service type the plugins provide
 */
final class PluginLayers<S> implements AutoCloseable {
    private final ModuleLayer platform;
    private final Class<S> service;
    private final Path cacheDir;
    private final PluginEvents<S> events;
    private final Consumer<String> log;
    /** By source jar, in load order. */
    private final Map<Path, Loaded> loaded = new LinkedHashMap<>();
    /** Jars left out, with the problem logged for them (not logged again while it stays the same). */
    private final Map<Path, Failure> failed = new HashMap<>();
    /** Loaders of dropped layers (weak keys) → the layer's module name. */
    private final Map<ClassLoader, String> dropped = Collections.synchronizedMap(new WeakHashMap<>());
    /** Dropped layers' loaders being watched for collection ({@link #checkCollected}); empty unless asked for. */
    private final List<Watched> collecting = new ArrayList<>();
    private boolean trackCollection;
    private Map<Path, FileStamp> last = Map.of();
    private long copies;
    private final PluginCalls calls;

    /** A jar whose layer is defined. */
    private record Loaded(Path source, FileStamp stamp, Path copy, String module, Set<String> pluginRequires,
                          ModuleLayer layer, List<String> keys) {
    }

    /** A dropped layer's loader, weakly, and how many checks it has been through. */
    private static final class Watched {
        final String module;
        final java.lang.ref.WeakReference<ClassLoader> loader;
        int checks;

        Watched(String module, ClassLoader loader) {
            this.module = module;
            this.loader = new java.lang.ref.WeakReference<>(loader);
        }
    }

    /** A jar left out: its stamp and the problem logged. */
    private record Failure(FileStamp stamp, JarProblem problem) {
    }

    /** A jar being considered: its copy and its module (null when reading it failed). */
    private record Candidate(Path source, FileStamp stamp, Path copy, ModuleReference module) {
        String name() {
            return module.descriptor().name();
        }
    }

    /**
     * @param platform the layer of the platform modules (the service's module among them)
     * @param service the service type, as loaded in the platform layer
     * @param cacheDir where jar copies are kept (created when needed)
     * @param events told about providers added and removed
     * @param log one line per problem and per layer defined or dropped
     */
    public PluginLayers(ModuleLayer platform, Class<S> service, Path cacheDir, PluginEvents<S> events, Consumer<String> log) {
        this(platform, service, cacheDir, events, log, new PluginCalls("orrery-plugin-providers",
                System.getLogger("dev.orrery.host"), System::nanoTime, () -> 0));
    }

    /**
     * @param platform the layer of the platform modules (the service's module among them)
     * @param service the service type, as loaded in the platform layer
     * @param cacheDir where jar copies are kept (created when needed)
     * @param events told about providers added and removed
     * @param log one line per problem and per layer defined or dropped
     * @param calls where providers are made; closed with the layers
     */
    public PluginLayers(ModuleLayer platform, Class<S> service, Path cacheDir, PluginEvents<S> events, Consumer<String> log,
                        PluginCalls calls) {
        this.calls = Objects.requireNonNull(calls, "calls");
        this.platform = Objects.requireNonNull(platform, "platform");
        this.service = Objects.requireNonNull(service, "service");
        this.cacheDir = Objects.requireNonNull(cacheDir, "cacheDir");
        this.events = Objects.requireNonNull(events, "events");
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * Makes the layers match the settled jars of the plugins folder (see the class comment).
     *
     * @param jars every settled jar of the folder, with its stamp; jars not in it are gone
     * @return the problems of the jars left out after this sync (also those logged before)
     */
    public synchronized List<JarProblem> sync(Map<Path, FileStamp> jars) {
        Map<Path, FileStamp> now = new TreeMap<>(jars);
        if (now.equals(last)) {
            return problems();
        }
        last = Map.copyOf(now);
        boolean changed = false;
        // 1. Drop the layers of gone or replaced jars, and of every jar that reads them.
        Set<String> goneModules = new LinkedHashSet<>();
        for (Loaded l : loaded.values()) {
            if (!l.stamp().equals(now.get(l.source()))) {
                goneModules.add(l.module());
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Loaded l : loaded.values()) {
                if (!goneModules.contains(l.module()) && !Collections.disjoint(l.pluginRequires(), goneModules)) {
                    grew = goneModules.add(l.module());
                }
            }
        }
        List<Loaded> drop = new ArrayList<>();
        for (Loaded l : loaded.values()) {
            if (goneModules.contains(l.module())) {
                drop.add(l);
            }
        }
        Collections.reverse(drop); // dependents were loaded after what they require
        for (Loaded l : drop) {
            dropLayer(l, now.containsKey(l.source()) ? "reloading" : "jar deleted");
            changed = true;
        }
        failed.keySet().retainAll(now.keySet());
        // 2. Define layers for every settled jar that has none, in requires order.
        List<Candidate> candidates = new ArrayList<>();
        for (Map.Entry<Path, FileStamp> e : now.entrySet()) {
            if (!loaded.containsKey(e.getKey())) {
                Candidate c = read(e.getKey(), e.getValue());
                if (c != null) {
                    candidates.add(c);
                }
            }
        }
        changed |= defineAll(candidates);
        if (changed) {
            events.settled();
        }
        return problems();
    }

    /** @return the problems of the jars left out now */
    public synchronized List<JarProblem> problems() {
        return failed.values().stream().map(Failure::problem).toList();
    }

    /** @return the module names of the loaded plugin jars, in load order */
    public synchronized List<String> modules() {
        return loaded.values().stream().map(Loaded::module).toList();
    }

    /**
     * @param module a plugin module's name
     * @return its layer, if that module's jar is loaded
     */
    public synchronized java.util.Optional<ModuleLayer> layer(String module) {
        return loaded.values().stream().filter(l -> l.module().equals(module)).map(Loaded::layer).findFirst();
    }

    /**
     * Whether a class loader belongs to a plugin layer that was dropped: the test the world purge uses
     * for code that is gone. Thread-safe.
     *
     * @param loader a class loader, may be null (the boot loader: never dropped)
     * @return true if it is the loader of a dropped layer
     */
    public boolean isDropped(ClassLoader loader) {
        return loader != null && dropped.containsKey(loader);
    }

    /**
     * @param loader a class loader, may be null
     * @return the module name of the dropped layer it belonged to, if it is {@linkplain #isDropped dropped}
     */
    public java.util.Optional<String> droppedModule(ClassLoader loader) {
        return loader == null ? java.util.Optional.empty() : java.util.Optional.ofNullable(dropped.get(loader));
    }

    /**
     * Diagnostics: from now on, keeps a weak reference to each dropped layer's class loader, for
     * {@link #checkCollected}. Off by default.
     */
    public synchronized void trackCollection() {
        trackCollection = true;
    }

    /**
     * Diagnostics ({@link #trackCollection}): which dropped layers' class loaders were collected since
     * the last check. The caller runs the collector first ({@code System.gc()}); a loader still
     * reachable after {@code maxChecks} checks is reported as such and no longer watched.
     *
     * @param maxChecks how many checks a loader gets before it is reported as still reachable
     * @return one line per loader found collected or given up on
     */
    public synchronized List<String> checkCollected(int maxChecks) {
        List<String> out = new ArrayList<>();
        for (java.util.Iterator<Watched> it = collecting.iterator(); it.hasNext(); ) {
            Watched w = it.next();
            if (w.loader.get() == null) {
                out.add("class loader of the dropped layer of module " + w.module + " collected");
                it.remove();
            } else if (++w.checks >= maxChecks) {
                out.add("class loader of the dropped layer of module " + w.module + " still reachable after " + maxChecks
                        + " checks");
                it.remove();
            }
        }
        return out;
    }

    /** @return whether dropped loaders are still being watched ({@link #checkCollected}) */
    public synchronized boolean collecting() {
        return !collecting.isEmpty();
    }

    /** Drops every layer (dependents first), telling the events; the cache copies are deleted. */
    @Override
    public synchronized void close() {
        List<Loaded> all = new ArrayList<>(loaded.values());
        Collections.reverse(all);
        for (Loaded l : all) {
            dropLayer(l, "closing");
        }
        if (!all.isEmpty()) {
            events.settled();
        }
        last = Map.of();
        calls.close();
    }

    private void dropLayer(Loaded l, String why) {
        loaded.remove(l.source());
        try {
            events.layerDropped(l.module());
        } catch (RuntimeException e) {
            log.accept("plugin jar " + l.source().getFileName() + ": the host failed on the drop of layer " + l.module() + ": " + e);
        }
        for (String key : l.keys()) {
            try {
                events.removed(key);
            } catch (RuntimeException e) {
                log.accept("plugin jar " + l.source().getFileName() + ": the host failed on the removal of " + key + ": " + e);
            }
        }
        l.layer().modules().forEach(m -> {
            if (m.getClassLoader() != null) {
                if (!dropped.containsKey(m.getClassLoader()) && trackCollection) {
                    collecting.add(new Watched(l.module(), m.getClassLoader()));
                }
                dropped.put(m.getClassLoader(), l.module());
            }
        });
        try {
            Files.deleteIfExists(l.copy());
        } catch (IOException e) {
            // an open copy on a file system that forbids deleting it: left for the next start's cleanup
        }
        log.accept("plugin jar " + l.source().getFileName() + ": layer of module " + l.module() + " dropped (" + why + ")");
    }

    /** Copies the jar into the cache and reads its module; null (and a problem) when that fails. */
    private Candidate read(Path source, FileStamp stamp) {
        String file = source.getFileName().toString();
        Path copy;
        try {
            Files.createDirectories(cacheDir);
            String base = file.endsWith(".jar") ? file.substring(0, file.length() - 4) : file;
            copy = cacheDir.resolve(base + "-" + (++copies) + ".jar");
            Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            fail(source, stamp, null, JarProblem.Kind.UNREADABLE, "cannot copy it to " + cacheDir + ": " + e);
            return null;
        }
        Set<ModuleReference> found;
        try {
            found = ModuleFinder.of(copy).findAll();
        } catch (FindException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String detail = cause instanceof java.lang.module.InvalidModuleDescriptorException
                    ? "invalid module-info.class: " + cause.getMessage() : "not a readable jar (" + cause.getClass().getSimpleName()
                    + (cause == e ? "" : ": " + cause.getMessage()) + ")";
            fail(source, stamp, copy, JarProblem.Kind.UNREADABLE, detail);
            return null;
        }
        if (found.size() != 1) {
            fail(source, stamp, copy, JarProblem.Kind.UNREADABLE, "no module in it");
            return null;
        }
        ModuleReference ref = found.iterator().next();
        if (ref.descriptor().isAutomatic()) {
            fail(source, stamp, copy, JarProblem.Kind.NOT_A_MODULE, "no module-info.class (automatic module "
                    + ref.descriptor().name() + "); JPMS mode loads explicit modules only, e.g. bnd's -jpms-module-info");
            return null;
        }
        return new Candidate(source, stamp, copy, ref);
    }

    /** Defines a layer for each candidate whose requirements are met, in requires order. */
    private boolean defineAll(List<Candidate> candidates) {
        boolean changed = false;
        Map<String, Candidate> byName = new LinkedHashMap<>();
        for (Candidate c : candidates) {
            String name = c.name();
            String taken = platform.findModule(name).isPresent() ? "a platform module"
                    : loadedModule(name) != null ? loadedModule(name).source().getFileName().toString()
                    : byName.containsKey(name) ? byName.get(name).source().getFileName().toString() : null;
            if (taken != null) {
                fail(c, JarProblem.Kind.DUPLICATE_MODULE, "module " + name + " is already loaded from " + taken);
            } else {
                byName.put(name, c);
            }
        }
        Map<String, Candidate> pending = new LinkedHashMap<>(byName);
        boolean progress = true;
        while (!pending.isEmpty() && progress) {
            progress = false;
            for (Candidate c : List.copyOf(pending.values())) {
                Set<String> needs = pluginRequires(c.module().descriptor());
                String missing = null;
                boolean waiting = false;
                for (String r : needs) {
                    if (loadedModule(r) != null) {
                        continue;
                    }
                    if (pending.containsKey(r)) {
                        waiting = true;
                    } else {
                        missing = r;
                        break;
                    }
                }
                if (missing != null) {
                    pending.remove(c.name());
                    progress = true;
                    fail(c, JarProblem.Kind.MISSING_REQUIRES, "module " + c.name() + " requires " + missing
                            + ", which is neither a platform module nor a loaded plugin jar");
                } else if (!waiting) {
                    pending.remove(c.name());
                    progress = true;
                    changed |= define(c, needs);
                }
            }
        }
        for (Candidate c : pending.values()) {
            fail(c, JarProblem.Kind.REQUIRES_CYCLE, "module " + c.name() + " and " + (pending.size() - 1)
                    + " other plugin module(s) require each other: " + String.join(", ", pending.keySet()));
        }
        return changed;
    }

    /** The non-static requires of a module that are not platform (or boot) modules. */
    private Set<String> pluginRequires(ModuleDescriptor d) {
        Set<String> out = new LinkedHashSet<>();
        for (ModuleDescriptor.Requires r : d.requires()) {
            if (r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC)) {
                continue;
            }
            if (platform.findModule(r.name()).isEmpty()) {
                out.add(r.name());
            }
        }
        return out;
    }

    private Loaded loadedModule(String name) {
        for (Loaded l : loaded.values()) {
            if (l.module().equals(name)) {
                return l;
            }
        }
        return null;
    }

    /** Defines one jar's layer and adds its providers; false (and a problem) when it cannot. */
    private boolean define(Candidate c, Set<String> needs) {
        List<ModuleLayer> parents = new ArrayList<>();
        Set<String> pluginReads = new LinkedHashSet<>();
        for (String r : needs) {
            Loaded l = loadedModule(r);
            parents.add(l.layer());
            pluginReads.add(r);
            pluginReads.addAll(l.pluginRequires()); // reads through requires transitive, or by its parents
        }
        parents.add(platform);
        ModuleLayer layer;
        try {
            Configuration cf = Configuration.resolve(ModuleFinder.of(c.copy()),
                    parents.stream().map(ModuleLayer::configuration).toList(), ModuleFinder.of(), List.of(c.name()));
            layer = ModuleLayer.defineModulesWithOneLoader(cf, parents, ClassLoader.getPlatformClassLoader()).layer();
        } catch (ResolutionException | FindException | LayerInstantiationException | SecurityException e) {
            fail(c, JarProblem.Kind.RESOLUTION, "module " + c.name() + ": " + e.getMessage());
            return false;
        }
        List<String> keys = new ArrayList<>();
        String jar = c.source().getFileName().toString();
        List<String> providerProblems = new ArrayList<>();
        ServiceLoader<S> loader = ServiceLoader.load(layer, service);
        List<ServiceLoader.Provider<S>> own = new ArrayList<>();
        try {
            loader.stream().filter(p -> p.type().getModule().getLayer() == layer).forEach(own::add);
        } catch (ServiceConfigurationError e) {
            providerProblems.add(String.valueOf(e.getMessage()));
        }
        if (own.isEmpty()) {
            unprovided(c, layer).forEach(log);
        }
        Map<String, PluginCalls.Call<S>> made = new LinkedHashMap<>();
        Map<String, String> types = new LinkedHashMap<>();
        for (ServiceLoader.Provider<S> p : own) {
            String key = c.name() + "/" + p.type().getName();
            types.put(key, p.type().getName());
            made.put(key, calls.call("provider " + p.type().getName() + " of plugin jar " + jar, p::get));
        }
        CompletableFuture.allOf(made.values().stream().map(PluginCalls.Call::settled).toArray(CompletableFuture[]::new)).join();
        Map<String, S> instances = new LinkedHashMap<>();
        Map<String, PluginCalls.Call<S>> late = new LinkedHashMap<>();
        made.forEach((key, call) -> {
            if (!call.result().isDone()) {
                late.put(key, call);
                return;
            }
            try {
                instances.put(key, call.result().join());
            } catch (java.util.concurrent.CompletionException e) {
                providerProblems.add(types.get(key) + " threw " + rootOf(e.getCause()));
            }
        });
        keys.addAll(instances.keySet());
        // logged before the host hears of the providers, so this line comes before its rebuild lines
        log.accept("plugin jar " + jar + ": layer of module " + c.name() + " defined (" + keys.size() + " provider(s) of "
                + service.getSimpleName() + (late.isEmpty() ? "" : ", " + late.size() + " still being made") + ")");
        instances.forEach((key, instance) -> {
            try {
                events.added(key, instance, jar);
            } catch (RuntimeException e) {
                log.accept("plugin jar " + jar + ": the host failed on the addition of " + key + ": " + e);
            }
        });
        Loaded defined = new Loaded(c.source(), c.stamp(), c.copy(), c.name(), Set.copyOf(pluginReads), layer,
                new CopyOnWriteArrayList<>(keys));
        loaded.put(c.source(), defined);
        late.forEach((key, call) -> call.result().whenComplete((instance, thrown) ->
                madeLate(defined, key, types.get(key), instance, thrown)));
        try {
            events.layerDefined(c.name(), layer);
        } catch (RuntimeException e) {
            log.accept("plugin jar " + jar + ": the host failed on the new layer " + c.name() + ": " + e);
        }
        if (providerProblems.isEmpty()) {
            failed.remove(c.source());
        } else {
            fail(c.source(), c.stamp(), null, JarProblem.Kind.PROVIDER_FAILED, String.join("; ", providerProblems));
        }
        return true;
    }

    /**
     * The forgotten {@code provides}: for a jar whose module provides no {@code Plugin}, one line per
     * concrete class of it that implements {@code Plugin} ({@link PluginClasses}; supertypes of other
     * modules loaded, not initialised, through the layer), naming the fix. Only for the Plugin service.
     */
    private List<String> unprovided(Candidate c, ModuleLayer layer) {
        if (!service.getName().equals(Plugin.class.getName())) {
            return List.of();
        }
        List<byte[]> classes = new ArrayList<>();
        try (ModuleReader reader = c.module().open()) {
            for (String name : (Iterable<String>) reader.list()::iterator) {
                if (name.endsWith(".class") && !name.endsWith("module-info.class") && !name.startsWith("META-INF/")) {
                    Optional<java.nio.ByteBuffer> bytes = reader.read(name);
                    bytes.ifPresent(b -> {
                        byte[] a = new byte[b.remaining()];
                        b.get(a);
                        classes.add(a);
                        reader.release(b);
                    });
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // cannot tell: say nothing rather than something false
        }
        ClassLoader loader = layer.findLoader(c.name());
        String jar = c.source().getFileName().toString();
        List<String> lines = new ArrayList<>();
        for (String type : PluginClasses.implementations(classes, name -> {
            try {
                return service.isAssignableFrom(Class.forName(name, false, loader));
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        })) {
            lines.add("plugin jar " + jar + ": module " + c.name() + " has class " + type + " implementing Plugin but provides"
                    + " no Plugin service: add 'provides " + service.getName() + " with " + type + ";' to its module-info"
                    + " (with bnd: @ServiceProvider(Plugin.class))");
        }
        return lines;
    }

    /** A worker: a provider made after its sync; handed over if its layer is still loaded, else let go. */
    private synchronized void madeLate(Loaded defined, String key, String type, S instance, Throwable thrown) {
        String jar = defined.source().getFileName().toString();
        if (loaded.get(defined.source()) != defined) {
            log.accept("plugin jar " + jar + ": provider " + type + " was made after its layer was dropped; let go");
            return;
        }
        if (thrown != null) {
            fail(defined.source(), defined.stamp(), null, JarProblem.Kind.PROVIDER_FAILED, type + " threw " + rootOf(thrown));
            return;
        }
        defined.keys().add(key);
        try {
            events.added(key, instance, jar);
            events.settled();
        } catch (RuntimeException e) {
            log.accept("plugin jar " + jar + ": the host failed on the addition of " + key + ": " + e);
        }
    }

    /** @return what a provider threw: the cause ServiceLoader wrapped it in, or the throwable itself */
    private static Throwable rootOf(Throwable t) {
        return t.getCause() != null ? t.getCause() : t;
    }

    private void fail(Candidate c, JarProblem.Kind kind, String detail) {
        fail(c.source(), c.stamp(), c.copy(), kind, detail);
    }

    /** Records and (unless it is the same as last time) logs a problem; deletes the unused copy. */
    private void fail(Path source, FileStamp stamp, Path copy, JarProblem.Kind kind, String detail) {
        JarProblem problem = new JarProblem(source.getFileName().toString(), kind, detail);
        Failure before = failed.put(source, new Failure(stamp, problem));
        if (before == null || !before.problem().equals(problem) || !before.stamp().equals(stamp)) {
            log.accept(problem.render());
        }
        if (copy != null) {
            try {
                Files.deleteIfExists(copy);
            } catch (IOException e) {
                // left for the next start's cleanup
            }
        }
    }
}
