package dev.orrery.host.itest;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;

/**
 * Diagnostics for the bundle retention tests (in the container): what Felix's service registry still
 * records as "in use" by a bundle, read from its private {@code ServiceRegistry.m_inUseMap}
 * ({@code Map<Bundle, UsageCount[]>}) by reflection, including the zero-count usages that
 * {@code Bundle.getServicesInUse()} hides. Only for failure messages: it returns a note instead of
 * throwing when the framework's internals differ (another framework, another Felix version).
 */
final class ServiceUsages {
    private ServiceUsages() {
    }

    /**
     * @param ctx any bundle context of the framework
     * @param bundle a bundle, usually an uninstalled one that should be unreachable
     * @return the services the framework records as used by it, as {@code objectClass (count n)}
     */
    static String of(BundleContext ctx, Bundle bundle) {
        try {
            Object framework = ctx.getBundle(Constants.SYSTEM_BUNDLE_ID);
            Object registry = field(framework, "m_registry");
            Map<?, ?> inUse = (Map<?, ?>) field(registry, "m_inUseMap");
            Object[] usages = (Object[]) inUse.get(bundle);
            if (usages == null) {
                return "no service usages recorded";
            }
            List<String> found = new ArrayList<>();
            for (Object usage : usages) {
                ServiceReference<?> ref = (ServiceReference<?>) field(usage, "m_ref");
                AtomicLong count = (AtomicLong) field(usage, "m_count");
                found.add(String.join(",", (String[]) ref.getProperty(Constants.OBJECTCLASS)) + " from "
                        + ref.getBundle() + " (count " + count.get() + ")");
            }
            return "usages " + found;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "usages unknown (" + e + ")";
        }
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        for (Class<?> k = o.getClass(); k != null; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(o);
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new NoSuchFieldException(o.getClass().getName() + "." + name);
    }
}
