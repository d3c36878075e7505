package dev.orrery.host.osgi;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.hooks.resolver.ResolverHook;
import org.osgi.framework.hooks.resolver.ResolverHookFactory;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.resource.Namespace;

/**
 * Finds bundles that cannot be resolved because something they need is provided by no installed
 * bundle (an {@code Import-Package} no bundle exports, a {@code Require-Bundle} of a bundle that is not
 * there), and reports each as an {@link PluginState#UNRESOLVED UNRESOLVED} {@link PluginStatus} naming
 * what is missing, with one WARNING line per change (a new bundle, a new version of it, another thing
 * missing), never again while it stays the same. Without it such a bundle appeared only as FileInstall's
 * start error, with a stack trace, on every change of the plugins folder.
 *
 * <p>When to look: after every resolve operation (a {@link ResolverHookFactory} whose hook's
 * {@code end()} asks for a look, so all the bundles of a FileInstall batch are installed by then), and
 * when a bundle is resolved, updated or uninstalled (its status may go). A requirement counts as
 * missing only when no installed bundle declares a matching capability, resolved or not: so a bundle
 * whose provider is merely not resolved yet is not blamed (the provider is, if it lacks something).
 * Only requirements that matter at resolve time and are neither optional nor dynamic
 * ({@code DynamicImport-Package}) count.
 *
 * <p>Threads: the hook and the listener only hand a look to a single daemon thread
 * ({@code orrery-unresolved-bundles}), which computes the statuses; {@link #statuses()} may be read from
 * any thread. The statuses are guarded by {@code this}.
 */
final class UnresolvedBundles implements BundleListener {
    private static final Pattern PACKAGE = Pattern.compile("\\(" + Pattern.quote(PackageNamespace.PACKAGE_NAMESPACE)
            + "=([^)]+)\\)");
    private static final Pattern LOW = Pattern.compile("\\(version>=([^)]+)\\)");
    private static final Pattern HIGH = Pattern.compile("\\(!\\(version>=([^)]+)\\)\\)");

    private final BundleContext context;
    private final Supplier<String> mainSchedule;
    private final Runnable changed;
    private final Logger log;
    private final LookingThread looks = new LookingThread("orrery-unresolved-bundles");
    /** By bundle id: the status reported, and what was logged for it. */
    private final Map<Long, Reported> reported = new TreeMap<>(); // guarded by this
    private ServiceRegistration<ResolverHookFactory> hook;

    /** A reported bundle: its status, and the revision's last modification it was logged for. */
    private record Reported(PluginStatus status, long lastModified) {
    }

    /**
     * @param context the host bundle's context
     * @param mainSchedule the main schedule's name now (the schedule an unresolved bundle is reported in)
     * @param changed told when {@link #statuses()} changed (on the looking thread)
     * @param log where each change is reported
     */
    UnresolvedBundles(BundleContext context, Supplier<String> mainSchedule, Runnable changed, Logger log) {
        this.context = context;
        this.mainSchedule = mainSchedule;
        this.changed = changed;
        this.log = log;
    }

    /** Starts watching, and looks at the bundles installed already. */
    void open() {
        context.addBundleListener(this);
        hook = context.registerService(ResolverHookFactory.class, triggers -> new ResolverHook() {
            @Override
            public void filterResolvable(Collection<BundleRevision> candidates) {
            }

            @Override
            public void filterSingletonCollisions(BundleCapability singleton, Collection<BundleCapability> collisions) {
            }

            @Override
            public void filterMatches(BundleRequirement requirement, Collection<BundleCapability> candidates) {
            }

            @Override
            public void end() {
                lookSoon();
            }
        }, null);
        lookSoon();
    }

    /** Stops watching; the statuses are dropped. */
    void close() {
        looks.close(() -> {
            context.removeBundleListener(this);
            if (hook != null) {
                hook.unregister();
            }
        });
        synchronized (this) {
            reported.clear();
        }
    }

    /** @return an UNRESOLVED status per bundle that misses something no installed bundle provides, by bundle id */
    synchronized List<PluginStatus> statuses() {
        List<PluginStatus> out = new ArrayList<>();
        reported.values().forEach(r -> out.add(r.status()));
        return List.copyOf(out);
    }

    @Override
    public void bundleChanged(BundleEvent event) {
        int type = event.getType();
        if (type == BundleEvent.RESOLVED || type == BundleEvent.UPDATED || type == BundleEvent.UNINSTALLED
                || type == BundleEvent.UNRESOLVED) {
            lookSoon();
        }
    }

    private void lookSoon() {
        looks.soon(this::look);
    }

    /** Looking thread: recomputes the statuses; logs each new or changed one. */
    void look() {
        List<Bundle> all;
        try {
            all = List.of(context.getBundles());
        } catch (IllegalStateException e) {
            return; // the host bundle is stopping
        }
        List<BundleCapability> provided = new ArrayList<>();
        for (Bundle b : all) {
            BundleRevision r = b.adapt(BundleRevision.class);
            if (r != null && b.getState() != Bundle.UNINSTALLED) {
                provided.addAll(r.getDeclaredCapabilities(null));
            }
        }
        Map<Long, Reported> now = new TreeMap<>();
        List<String> lines = new ArrayList<>();
        boolean differs;
        synchronized (this) {
            for (Bundle b : all) {
                if (b.getState() != Bundle.INSTALLED) {
                    continue;
                }
                BundleRevision r = b.adapt(BundleRevision.class);
                if (r == null || (r.getTypes() & BundleRevision.TYPE_FRAGMENT) != 0) {
                    continue;
                }
                List<String> missing = missing(r, provided);
                if (missing.isEmpty()) {
                    continue;
                }
                String origin = b.getSymbolicName() + "/" + b.getVersion();
                String reason = "cannot be resolved: it needs " + String.join(" and ", missing) + ", which no installed"
                        + " bundle provides; it comes in when one does";
                PluginStatus status = PluginStatus.builder().name(String.valueOf(b.getSymbolicName()))
                        .schedule(mainSchedule.get()).bundle(origin).serviceId(0).state(PluginState.UNRESOLVED)
                        .reason(reason).build();
                Reported before = reported.get(b.getBundleId());
                Reported next = new Reported(status, b.getLastModified());
                if (before == null || !before.equals(next)) {
                    lines.add("plugin bundle " + origin + " (" + b.getLocation() + ") " + reason);
                }
                now.put(b.getBundleId(), next);
            }
            differs = !now.equals(reported);
            reported.clear();
            reported.putAll(now);
        }
        lines.forEach(l -> log.log(Level.WARNING, l));
        if (differs) {
            changed.run();
        }
    }

    /** @return what the revision needs at resolve time, not optionally, that no capability matches */
    private static List<String> missing(BundleRevision revision, List<BundleCapability> provided) {
        List<String> out = new ArrayList<>();
        for (BundleRequirement req : revision.getDeclaredRequirements(null)) {
            Map<String, String> d = req.getDirectives();
            String resolution = d.get(Namespace.REQUIREMENT_RESOLUTION_DIRECTIVE);
            if (Namespace.RESOLUTION_OPTIONAL.equals(resolution) || PackageNamespace.RESOLUTION_DYNAMIC.equals(resolution)
                    || !Objects.equals(d.getOrDefault(Namespace.REQUIREMENT_EFFECTIVE_DIRECTIVE, Namespace.EFFECTIVE_RESOLVE),
                    Namespace.EFFECTIVE_RESOLVE)
                    || BundleRevision.HOST_NAMESPACE.equals(req.getNamespace())) {
                continue;
            }
            boolean met = false;
            for (BundleCapability cap : provided) {
                if (cap.getNamespace().equals(req.getNamespace()) && req.matches(cap)) {
                    met = true;
                    break;
                }
            }
            if (!met) {
                out.add(describe(req));
            }
        }
        return out;
    }

    /** @return e.g. {@code package p.missing (version [1.0.0,2.0.0))}, or the namespace and filter */
    static String describe(BundleRequirement req) {
        String filter = String.valueOf(req.getDirectives().get(Namespace.REQUIREMENT_FILTER_DIRECTIVE));
        Matcher pkg = PACKAGE.matcher(filter);
        if (PackageNamespace.PACKAGE_NAMESPACE.equals(req.getNamespace()) && pkg.find()) {
            Matcher low = LOW.matcher(filter);
            Matcher high = HIGH.matcher(filter);
            boolean hasLow = low.find();
            boolean hasHigh = high.find();
            String range = !hasLow ? "" : " (version " + (hasHigh ? "[" + low.group(1) + "," + high.group(1) + ")"
                    : low.group(1) + " or later") + ")";
            return "package " + pkg.group(1) + range;
        }
        return req.getNamespace() + " " + filter;
    }
}
