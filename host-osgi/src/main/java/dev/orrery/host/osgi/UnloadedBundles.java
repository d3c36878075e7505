package dev.orrery.host.osgi;

import dev.orrery.host.core.UnloadedCode;
import java.util.ArrayList;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleReference;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleRevisions;
import org.osgi.framework.wiring.BundleWiring;

/**
 * The OSGi rule for code that is gone: a class loader of a bundle (it implements
 * {@link BundleReference}, OSGi Core R8 10.1.6.2) is gone when no revision of its bundle has an
 * in-use wiring ({@link BundleWiring#isInUse()}, Core 7.2) with that class loader: the bundle was
 * uninstalled, or updated and its old revision is no longer wired to anyone, or refreshed. The class
 * loader of a stopped but resolved bundle is not gone (its state is kept for a restart), nor is an old
 * revision that other bundles are still wired to (until they are refreshed). Class loaders that are not
 * a bundle's (the JDK's, the launcher's) are never gone.
 *
 * <p>One instance per purge; thread-safe framework calls only.
 */
final class UnloadedBundles implements UnloadedCode {
    private final List<String> names = new ArrayList<>();

    @Override
    public boolean test(ClassLoader loader) {
        if (!(loader instanceof BundleReference ref)) {
            return false;
        }
        Bundle bundle = ref.getBundle();
        if (bundle == null) {
            names.add(String.valueOf(loader));
            return true;
        }
        BundleRevisions revisions = bundle.adapt(BundleRevisions.class);
        if (revisions != null) {
            for (BundleRevision revision : revisions.getRevisions()) {
                BundleWiring wiring = revision.getWiring();
                if (wiring != null && wiring.isInUse() && wiring.getClassLoader() == loader) {
                    return false;
                }
            }
        }
        names.add(bundle.getSymbolicName() + " [" + bundle.getBundleId() + "]");
        return true;
    }

    @Override
    public List<String> names() {
        return List.copyOf(names);
    }
}
