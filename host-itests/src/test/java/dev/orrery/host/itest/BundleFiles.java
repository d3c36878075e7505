package dev.orrery.host.itest;

import java.io.File;

/**
 * Where the test bundles are: {@code target/itest-bundles/<name>.jar} (system property
 * {@code orrery.itest.bundleDir}, set by failsafe). Used on both sides: the driver writes them, the
 * tests in the container install them (the native container runs in the same JVM).
 */
final class BundleFiles {
    private BundleFiles() {
    }

    static File dir() {
        return new File(required("orrery.itest.bundleDir"));
    }

    static File file(String name) {
        return new File(dir(), name + ".jar");
    }

    static String location(String name) {
        return file(name).toURI().toString();
    }

    static String required(String property) {
        String v = System.getProperty(property);
        if (v == null || v.isEmpty()) {
            throw new IllegalStateException("system property " + property + " is not set (run through mvn verify)");
        }
        return v;
    }
}
