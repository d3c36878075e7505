package dev.orrery.host.itest.missing;

/** A class of a package that no bundle exports unless a test installs {@code itest.missing}. */
public final class Missing {
    /** The name of the system the plugin that needs this package declares. */
    public static final String SYSTEM = "needsmissing/tick";

    private Missing() {
    }

    /** @return the system's name (called, so that the plugin's bundle imports this package) */
    public static String system() {
        return SYSTEM;
    }
}
