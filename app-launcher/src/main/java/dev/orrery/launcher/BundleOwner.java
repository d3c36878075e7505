package dev.orrery.launcher;

import java.util.Optional;
import java.util.function.Function;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.launch.Framework;

/**
 * Names the bundle that defines the class of a stack frame, for the line about an exit call
 * ({@link ExitCause}): the frame's class is loaded through each resolved bundle (so no bundle is
 * resolved for it) and {@link FrameworkUtil#getBundle(Class)} says which bundle defined it. Classes of
 * the launcher's own class path and of the JDK belong to no bundle.
 */
final class BundleOwner {
    private BundleOwner() {
    }

    /**
     * @param framework the running framework
     * @return frame → {@code bundle symbolicName/version}, or empty
     */
    static Function<StackTraceElement, Optional<String>> of(Framework framework) {
        return frame -> {
            Bundle[] bundles;
            try {
                bundles = framework.getBundleContext().getBundles();
            } catch (IllegalStateException | NullPointerException e) {
                return Optional.empty(); // the framework is stopping
            }
            for (Bundle b : bundles) {
                if (b.getBundleId() == 0 || (b.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE
                        | Bundle.STOPPING)) == 0) {
                    continue;
                }
                try {
                    Bundle owner = FrameworkUtil.getBundle(b.loadClass(frame.getClassName()));
                    if (owner != null && owner.getBundleId() != 0) {
                        return Optional.of("bundle " + owner.getSymbolicName() + "/" + owner.getVersion());
                    }
                } catch (ClassNotFoundException | IllegalStateException | LinkageError e) {
                    // not this bundle's to see
                }
            }
            return Optional.empty();
        };
    }
}
