package dev.orrery.host.osgi;

import java.io.File;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.apache.felix.fileinstall.ArtifactInstaller;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * Felix FileInstall artifact installer that claims the {@code .jar} files of the watched plugins folder
 * that are not bundles (not a jar at all, no manifest, no {@code Bundle-SymbolicName}) and says so in
 * one WARNING line naming the file. Without it FileInstall 3.7.4 finds no listener for such a file,
 * keeps it in its retry list and logs nothing ({@code DirectoryWatcher.process}).
 *
 * <p>FileInstall asks the registered listeners, highest {@code service.ranking} first, before its own
 * bundle handler; this one has the lowest ranking and answers {@link #canHandle} only for jars its
 * bundle handler would refuse ({@code BundleTransformer.canHandle}: readable, a jar, with a
 * {@code Bundle-SymbolicName}), so real bundles and other installers' files are never taken. When a
 * claimed file is replaced by a real bundle, {@code canHandle} turns false and FileInstall hands it to
 * its bundle handler.
 *
 * <p>Only loaded when the host bundle is wired to {@code org.apache.felix.fileinstall} (an optional
 * import): see {@link #register}. Stateless; called on FileInstall's watcher thread.
 */
final class NonBundleFiles implements ArtifactInstaller {
    static final String API = "org.apache.felix.fileinstall.ArtifactInstaller";

    private final Logger log;

    NonBundleFiles(Logger log) {
        this.log = log;
    }

    /**
     * Registers the installer. Call it only when the host bundle can load
     * {@value #API} (this class implements it): see {@code HostComponent.fileInstallPresent()}.
     *
     * @param context the host bundle's context
     * @param log where each non-bundle file is reported
     * @return the registration
     */
    static ServiceRegistration<?> register(BundleContext context, Logger log) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_RANKING, Integer.MIN_VALUE);
        props.put(Constants.SERVICE_DESCRIPTION, "Orrery: reports plugin files that are not bundles");
        return context.registerService(API, new NonBundleFiles(log), props);
    }

    @Override
    public boolean canHandle(File artifact) {
        return artifact.getName().toLowerCase(java.util.Locale.ROOT).endsWith(".jar") && whyNotABundle(artifact) != null;
    }

    @Override
    public void install(File artifact) {
        report(artifact);
    }

    @Override
    public void update(File artifact) {
        report(artifact);
    }

    @Override
    public void uninstall(File artifact) {
        // nothing was installed
    }

    private void report(File artifact) {
        String why = whyNotABundle(artifact);
        if (why != null) {
            log.log(Level.WARNING, "plugin file " + artifact.getPath() + " is not an OSGi bundle (" + why
                    + "): ignored; build it as a bundle (bnd) or remove it from the folder");
        }
    }

    /** @return why FileInstall's bundle handler refuses the file, or null if it is a bundle */
    static String whyNotABundle(File file) {
        if (!file.canRead()) {
            return "it cannot be read";
        }
        try (JarFile jar = new JarFile(file)) {
            Manifest m = jar.getManifest();
            if (m == null) {
                return "it has no META-INF/MANIFEST.MF";
            }
            if (m.getMainAttributes().getValue(new Attributes.Name(Constants.BUNDLE_SYMBOLICNAME)) == null) {
                return "its manifest has no Bundle-SymbolicName";
            }
            return null;
        } catch (IOException | SecurityException e) {
            return "it is not a jar (zip) file: " + e.getMessage();
        }
    }
}
