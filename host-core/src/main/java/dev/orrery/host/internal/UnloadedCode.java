package dev.orrery.host.internal;

import java.util.List;
import java.util.function.Predicate;

/**
 * Which class loaders belong to code that is gone, for one purge: the test handed to
 * {@code World.purge} (through {@code Unloading}), and the names of what it found gone, for the log.
 */
interface UnloadedCode extends Predicate<ClassLoader> {
    /** Code that is never unloaded (a host without a framework). */
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

    /** @return what {@link #test} found gone so far (e.g. bundles as {@code symbolicName [id]}) */
    List<String> names();
}
