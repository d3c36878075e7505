package dev.orrery.host.core;

import java.util.List;
import java.util.function.Predicate;

/**
 * Which class loaders belong to code that is gone, for one purge: the test handed to
 * {@code WorldPurge.purge} (through {@code dev.orrery.world.unload.Unloading}), and the names of what it found
 * gone, for the host's log line. A front end makes one per purge ({@link FrontEnd#unloadedCode()}):
 * the OSGi front end tests for bundle class loaders no longer in use; the JPMS front end for the
 * loaders of the module layers it dropped.
 *
 * <p>Called on the frame thread only. Beyond the spec (Orrery's own).
 *
 * @since 0.1
 */
public interface UnloadedCode extends Predicate<ClassLoader> {
    /** Code that is never unloaded (a front end without unloading): nothing is purged. */
    UnloadedCode NONE = new UnloadedCode() {
        @Override
        public boolean test(ClassLoader loader) {
            return false;
        }

        @Override
        public List<String> names() {
            return List.of();
        }
    };

    /**
     * @return what {@link #test} found gone so far, for the log (e.g. bundles as
     *     {@code symbolicName [id]}, or module layers as their jar names); never null
     */
    List<String> names();
}
