package dev.orrery.world.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The Orrery version a snapshot header names, from the build's {@code version.properties}. */
final class OrreryVersion {
    private OrreryVersion() {
    }

    static String get() {
        try (InputStream in = OrreryVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("orrery.version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
