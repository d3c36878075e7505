package dev.orrery.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The distribution's settings file, {@code conf/config.properties} under the home folder. It must be
 * there: without it the launcher would run with nothing the user asked for (and, before the launcher
 * derived them itself, with Felix HTTP on every interface), so a missing, unreadable or malformed file
 * is refused in one line naming the file, with exit code 2.
 */
final class ConfigFile {
    /** The file, relative to the home folder. */
    static final String PATH = "conf/config.properties";

    private ConfigFile() {
    }

    /**
     * @param home the distribution's home folder
     * @return the file's properties
     * @throws LaunchRefusal (exit code 2) naming the file and why it cannot be used: missing, a folder,
     *     not readable, or not in {@code .properties} format
     */
    static Properties read(Path home) {
        Path file = home.resolve(PATH).toAbsolutePath().normalize();
        if (!Files.exists(file)) {
            throw LaunchRefusal.badSetting("the settings file " + file + " is missing; run the launcher from an Orrery"
                    + " distribution folder (or set -Dorrery.home to one)");
        }
        if (Files.isDirectory(file)) {
            throw LaunchRefusal.badSetting("the settings file " + file + " is a folder, not a file");
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (AccessDeniedException e) {
            throw LaunchRefusal.badSetting("the settings file " + file + " cannot be read: permission denied");
        } catch (IOException e) {
            throw LaunchRefusal.badSetting("the settings file " + file + " cannot be read: " + e);
        } catch (IllegalArgumentException e) {
            throw LaunchRefusal.badSetting("the settings file " + file + " is not in .properties format: " + e.getMessage());
        }
        return p;
    }
}
