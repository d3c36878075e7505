package dev.orrery.host.jpms;

import dev.orrery.host.HostSettings;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.HostSettingsParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * JPMS mode's counterpart of ConfigAdmin for the host: the file {@value #NAME} in the plugins folder,
 * with the same keys and format as in OSGi mode (a {@code .cfg} file of {@code key=value} lines that
 * Felix FileInstall hands to ConfigAdmin PID {@code dev.orrery.host}: {@code mainSchedule},
 * {@code order}, {@code mode}, {@code rate}, ...). Read at start-up and again whenever it settles
 * after a change (the folder watch), then handed to {@link HostCore#configure}; a deleted file leaves
 * only the {@code orrery.host.*} properties. Beyond the spec (Orrery's own).
 */
final class HostConfigFile {
    /** The file's name in the plugins folder (as in OSGi mode). */
    static final String NAME = "dev.orrery.host.cfg";

    private final Path file;
    private final Consumer<String> out;
    /** The stamp of the version last handed to the host (null: none, or no file). */
    private FileStamp applied;

    /** @param file the settings file (need not exist); what it reports goes to standard output */
    HostConfigFile(Path file) {
        this(file, System.out::println);
    }

    /**
     * @param file the settings file (need not exist)
     * @param out where its one-line reports go (the settings handed over, a file that cannot be read)
     */
    HostConfigFile(Path file, Consumer<String> out) {
        this.file = file;
        this.out = out;
    }

    /**
     * @return the settings by key; empty when the file does not exist or cannot be read (then one
     *     line says why)
     */
    Map<String, Object> read() {
        Map<String, Object> out = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        Properties p = new Properties();
        try {
            applied = FileStamp.of(file);
        } catch (IOException e) {
            applied = null;
        }
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            this.out.accept("orrery: host settings file " + file.getFileName() + " cannot be read: " + e + "; not used");
            return out;
        }
        p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k).trim()));
        return out;
    }

    /**
     * The file settled after a change: hands its settings to the host; a bad setting is logged in one
     * ERROR line (logger {@code dev.orrery.host}) and the host keeps its previous settings.
     *
     * @param files the settled file, by path, with its stamp (empty: the file is gone)
     * @param host the host
     */
    void changed(Map<Path, FileStamp> files, HostCore host) {
        FileStamp now = files.get(file.toAbsolutePath());
        if (java.util.Objects.equals(now, applied)) {
            return; // the version read at start-up
        }
        Map<String, Object> settings = now == null ? Map.of() : read();
        applied = now;
        HostSettings parsed;
        try {
            parsed = HostSettingsParser.parse(settings, System::getProperty);
        } catch (IllegalArgumentException e) {
            System.getLogger(HostCore.LOGGER).log(System.Logger.Level.ERROR, e.getMessage()
                    + "; the host keeps its previous configuration: " + host.settings());
            return;
        }
        host.configure(parsed);
        out.accept("orrery: host settings from " + file.getFileName() + (settings.isEmpty() ? " (none)" : ": " + settings));
    }
}
