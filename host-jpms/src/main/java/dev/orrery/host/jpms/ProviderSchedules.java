package dev.orrery.host.jpms;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleReader;
import java.lang.module.ResolvedModule;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Manifest;

/**
 * The schedule a ServiceLoader {@code Plugin} provider belongs to: JPMS has no service properties, so
 * a jar names the schedules of its providers in its manifest, in the header {@value #HEADER}: a
 * comma-separated list of {@code <provider class>=<schedule>} (e.g.
 * {@code Orrery-Plugin-Schedule: dev.orrery.demo.dnd.internal.DndTurnPluginComponent=dnd/turn}).
 * A provider not listed belongs to the main schedule. In OSGi mode the same provider's
 * {@code orrery.schedule} service property says it; the two must agree. Beyond the spec (Orrery's own).
 */
final class ProviderSchedules {
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

    /**
     * Reads the manifest through the module's own {@link ModuleReader}, opened and closed here. Not
     * through {@code Module.getResourceAsStream}: for a module of a plugin layer that opens a
     * {@code jar:} URL, whose connection caches the opened jar for the life of the JVM, so every dropped
     * layer's jar copy would stay open (a file descriptor, and the deleted copy's disk space).
     */
    private static String header(Module module) {
        ModuleLayer layer = module.getLayer();
        Optional<ResolvedModule> resolved = layer == null ? Optional.empty() : layer.configuration().findModule(module.getName());
        if (resolved.isEmpty()) {
            return null; // the unnamed module, or a module not defined by a configuration
        }
        try (ModuleReader reader = resolved.get().reference().open()) {
            Optional<InputStream> manifest = reader.open("META-INF/MANIFEST.MF");
            if (manifest.isEmpty()) {
                return null;
            }
            try (InputStream in = manifest.get()) {
                return new Manifest(in).getMainAttributes().getValue(HEADER);
            }
        } catch (IOException e) {
            return null;
        }
    }
}
