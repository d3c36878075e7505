package dev.orrery.host.osgi;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * Works around a leak in Felix framework 7.0.5 (the newest release): every uninstalled bundle that
 * ever got a service through its own bundle context stays reachable until that service is
 * unregistered.
 *
 * <p>The cause, in {@code org.apache.felix.framework.ServiceRegistry}: {@code ungetService(bundle,
 * ref, null)} brings the bundle's usage count to 0 but deliberately keeps the {@code UsageCount} in
 * {@code m_inUseMap} (keyed by the {@code Bundle}) "as this introduces a race condition"; when the
 * bundle stops, {@code ungetServices(bundle)} skips usages without a cached service object, so nothing
 * removes the entry. Only {@code unregisterService} (for every user), a {@code getService} that returns
 * null, or an {@code ungetService} through {@link ServiceObjects} that reaches 0 flushes it. SCR
 * 2.2.18 gets {@code ConfigurationAdmin} through the component bundle's own context to read each
 * component's configuration ({@code RegionConfigurationSupport.configureComponentHolder}: get, read,
 * unget), so every DS plugin bundle keeps such a zero-count usage, and with it its {@code BundleImpl},
 * as long as ConfigAdmin runs. References of DS components (SCR's {@code SingleRefPair}) leave the same
 * kind of usage for the referenced service, e.g. {@code GameHost}.
 *
 * <p>The workaround uses the last of those paths: when a bundle is {@link BundleEvent#STOPPING stopping}
 * (its context is still valid; every uninstall, update and refresh of an active bundle stops it first),
 * for each service of the {@linkplain #DEFAULT_SERVICES swept interfaces} that the bundle does not
 * hold at that moment ({@link ServiceReference#getUsingBundles()} counts only usages above 0), get and
 * unget it once through the bundle's {@link ServiceObjects}: the unget reaches 0 with a service object
 * and the framework flushes the usage. A service the bundle still holds is left alone. SCR releases the
 * references of the bundle's components in its own {@code STOPPING} listener, which may run after this
 * one (the framework calls synchronous listeners in no set order); so when the bundle still holds one
 * of the swept services, its enabled components are first disabled through
 * {@link ServiceComponentRuntime#disableComponent} (what SCR does a moment later anyway; a restarted
 * bundle gets its components enabled again from its descriptors) and the sweep waits for that, at most
 * {@value #DISABLE_WAIT_MILLIS} ms. ConfigurationAdmin needs none of this (SCR does not get it while
 * disposing components). Nothing is swept while the framework itself stops.
 *
 * <p>Thread-safety: called on the thread that stops the bundle; no state but immutable fields.
 */
final class ServiceUsageSweeper implements SynchronousBundleListener {
    /** The interfaces swept by default: ConfigAdmin (SCR's configuration support) and the host's own. */
    static final List<String> DEFAULT_SERVICES = List.of("org.osgi.service.cm.ConfigurationAdmin",
            dev.orrery.host.GameHost.class.getName());

    static final long DISABLE_WAIT_MILLIS = 2000;

    private final BundleContext host;
    private final List<String> services;
    private final Supplier<ServiceComponentRuntime> scr;
    private final Logger log;

    /**
     * @param host the host bundle's context: finds the services (any bundle's view would do)
     * @param services the service interface names whose stale usages are flushed
     * @param scr SCR's runtime service now, or null when there is none
     * @param log where a failed sweep is reported (at DEBUG: a bundle that cannot be swept only keeps
     *     its {@code Bundle} object)
     */
    ServiceUsageSweeper(BundleContext host, List<String> services, Supplier<ServiceComponentRuntime> scr, Logger log) {
        this.host = host;
        this.services = List.copyOf(services);
        this.scr = scr;
        this.log = log;
    }

    @Override
    public void bundleChanged(BundleEvent event) {
        if (event.getType() != BundleEvent.STOPPING) {
            return;
        }
        Bundle bundle = event.getBundle();
        if (bundle.getBundleId() == Constants.SYSTEM_BUNDLE_ID || bundle.equals(host.getBundle())) {
            return;
        }
        try {
            if (host.getBundle(Constants.SYSTEM_BUNDLE_ID).getState() == Bundle.STOPPING) {
                return; // the framework stops: its registry goes with it
            }
        } catch (IllegalStateException e) {
            return;
        }
        if (holdsSwept(bundle)) {
            disableComponents(bundle);
        }
        sweep(bundle);
    }

    private boolean holdsSwept(Bundle bundle) {
        for (String name : services) {
            try {
                ServiceReference<?>[] refs = host.getAllServiceReferences(name, null);
                for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
                    if (inUseBy(ref, bundle)) {
                        return true;
                    }
                }
            } catch (InvalidSyntaxException | IllegalStateException e) {
                return false;
            }
        }
        return false;
    }

    /** Has SCR dispose the bundle's components now, so they release their references before the sweep. */
    private void disableComponents(Bundle bundle) {
        ServiceComponentRuntime runtime = scr.get();
        if (runtime == null) {
            return;
        }
        CountDownLatch done;
        try {
            var descriptions = runtime.getComponentDescriptionDTOs(bundle);
            done = new CountDownLatch(descriptions.size());
            for (ComponentDescriptionDTO d : descriptions) {
                if (runtime.isComponentEnabled(d)) {
                    runtime.disableComponent(d).onResolve(done::countDown);
                } else {
                    done.countDown();
                }
            }
        } catch (RuntimeException e) {
            log.log(Level.DEBUG, "could not disable the components of bundle " + bundle.getSymbolicName() + ": " + e);
            return;
        }
        try {
            if (!done.await(DISABLE_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                log.log(Level.DEBUG, "the components of bundle " + bundle.getSymbolicName() + " were not disabled within "
                        + DISABLE_WAIT_MILLIS + " ms; its service usages may stay");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Flushes the bundle's zero-count usages of the swept services.
     *
     * @param bundle a bundle whose context is valid (starting, active or stopping)
     * @return how many services were swept
     */
    int sweep(Bundle bundle) {
        BundleContext context = bundle.getBundleContext();
        if (context == null) {
            return 0;
        }
        int swept = 0;
        for (String name : services) {
            ServiceReference<?>[] refs;
            try {
                refs = host.getAllServiceReferences(name, null);
            } catch (InvalidSyntaxException | IllegalStateException e) {
                return swept;
            }
            for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
                if (!inUseBy(ref, bundle) && flush(context, ref, bundle)) {
                    swept++;
                }
            }
        }
        return swept;
    }

    private static boolean inUseBy(ServiceReference<?> ref, Bundle bundle) {
        Bundle[] users = ref.getUsingBundles();
        if (users != null) {
            for (Bundle u : users) {
                if (u.equals(bundle)) {
                    return true;
                }
            }
        }
        return false;
    }

    private <S> boolean flush(BundleContext context, ServiceReference<S> ref, Bundle bundle) {
        try {
            ServiceObjects<S> objects = context.getServiceObjects(ref);
            if (objects == null) {
                return false; // unregistered meanwhile: the framework flushed every usage of it
            }
            S service = objects.getService();
            if (service != null) {
                objects.ungetService(service);
            }
            return true;
        } catch (RuntimeException e) {
            // IllegalStateException (stopped concurrently), ServiceException from a factory: the usage
            // stays, which costs the Bundle object only.
            log.log(Level.DEBUG, "could not flush the usage of " + ref + " by bundle " + bundle.getSymbolicName()
                    + " [" + bundle.getBundleId() + "]: " + e);
            return false;
        }
    }
}
