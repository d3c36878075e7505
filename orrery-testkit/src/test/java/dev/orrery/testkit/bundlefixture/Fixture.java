package dev.orrery.testkit.bundlefixture;

/** A class for TestBundleTest to put into a bundle. */
public final class Fixture {
    private Fixture() {
    }
}
