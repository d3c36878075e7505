package dev.orrery.launcher.jpms;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.jar.Manifest;

/**
 * The schedule a ServiceLoader {@code Plugin} provider belongs to: JPMS has no service properties, so
 * a jar names the schedules of its providers in its manifest, in the header {@value #HEADER}: a
 * comma-separated list of {@code <provider class>=<schedule>} (e.g.
 * {@code Orrery-Plugin-Schedule: dev.orrery.demo.dnd.internal.DndTurnPluginComponent=dnd/turn}).
 * A provider not listed belongs to the main schedule. In OSGi mode the same provider's
 * {@code orrery.schedule} service property says it; the two must agree. Beyond the spec (Orrery's own).
 */
public final class ProviderSchedules {
    /** The manifest header. */
    public static final String HEADER = "Orrery-Plugin-Schedule";

    private ProviderSchedules() {
    }

    /**
     * @param provider a provider's class, in a named module
     * @return its declared schedule, or null for the main schedule (also when the manifest cannot be read)
     */
    public static String of(Class<?> provider) {
        return parse(header(provider.getModule())).get(provider.getName());
    }

    /**
     * @param header the header's value, or null
     * @return provider class → schedule; entries without {@code =} or with a blank side are ignored
     */
    static Map<String, String> parse(String header) {
        Map<String, String> out = new HashMap<>();
        if (header == null) {
            return out;
        }
        for (String entry : header.split(",")) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                String cls = entry.substring(0, eq).strip();
                String schedule = entry.substring(eq + 1).strip();
                if (!cls.isEmpty() && !schedule.isEmpty()) {
                    out.put(cls, schedule);
                }
            }
        }
        return out;
    }

    private static String header(Module module) {
        try (InputStream in = module.getResourceAsStream("META-INF/MANIFEST.MF")) {
            return in == null ? null : new Manifest(in).getMainAttributes().getValue(HEADER);
        } catch (IOException e) {
            return null;
        }
    }
}
