package dev.orrery.launcher;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Checks the folders the launcher uses before anything starts, in both modes, and refuses one that
 * cannot serve with one line naming the setting, the path and why (exit code 2): the platform bundles
 * folder ({@value LauncherConfig#BUNDLES_DIR}) must exist, be a folder and be readable; so must the
 * JPMS modules folder ({@value LauncherConfig#JPMS_DIR}) in JPMS mode; the plugins folder
 * ({@value LauncherConfig#PLUGINS_DIR}) is made when missing, and must be a readable folder of its own,
 * not the distribution folder or a platform folder (FileInstall would install and update the platform's
 * own jars from there). Beyond the spec (Orrery's own).
 */
final class Folders {
    private Folders() {
    }

    /**
     * @param config the resolved settings
     * @param jpms whether the run is in JPMS mode
     * @param source where a setting came from, e.g. {@code " (-Dorrery.plugins.dir)"}
     * @throws LaunchRefusal (exit code 2) for the first folder that cannot serve
     */
    static void check(LauncherConfig config, boolean jpms, Function<String, String> source) {
        check(config, jpms, source, Folders::listable);
    }

    /**
     * As {@link #check(LauncherConfig, boolean, Function)}, with the test of whether a folder can be listed.
     *
     * @param listable whether the process can list a folder
     */
    static void check(LauncherConfig config, boolean jpms, Function<String, String> source, Predicate<Path> listable) {
        existing(LauncherConfig.BUNDLES_DIR, config.bundlesDir(), "the platform bundles", source, listable);
        if (jpms) {
            existing(LauncherConfig.JPMS_DIR, config.jpmsDir(), "the JPMS platform modules", source, listable);
        }
        Path plugins = config.pluginsDir();
        String key = LauncherConfig.PLUGINS_DIR;
        for (Path other : new Path[] {config.home(), config.bundlesDir(), config.jpmsDir()}) {
            if (plugins.equals(other)) {
                throw refusal(key, plugins, source, "is " + (other.equals(config.home()) ? "the distribution folder"
                        : "the folder of " + (other.equals(config.bundlesDir()) ? "the platform bundles" : "the JPMS platform modules"))
                        + "; give the plugins a folder of their own (default plugins)");
            }
        }
        if (Files.exists(plugins) && !Files.isDirectory(plugins)) {
            throw refusal(key, plugins, source, "is a file, not a folder");
        }
        if (!Files.exists(plugins)) {
            try {
                Files.createDirectories(plugins);
            } catch (IOException e) {
                throw refusal(key, plugins, source, "does not exist and cannot be made: " + why(e));
            }
        }
        if (!listable.test(plugins)) {
            throw refusal(key, plugins, source, "cannot be read (permission denied); plugins dropped there would never load");
        }
    }

    private static void existing(String key, Path dir, String what, Function<String, String> source, Predicate<Path> listable) {
        if (!Files.exists(dir)) {
            throw refusal(key, dir, source, "does not exist; it must hold " + what);
        }
        if (!Files.isDirectory(dir)) {
            throw refusal(key, dir, source, "is a file, not a folder; it must hold " + what);
        }
        if (!listable.test(dir)) {
            throw refusal(key, dir, source, "cannot be read (permission denied); it must hold " + what);
        }
    }

    private static LaunchRefusal refusal(String key, Path dir, Function<String, String> source, String why) {
        return LaunchRefusal.badSetting(key + source.apply(key) + ": " + dir + " " + why);
    }

    /** @return whether the folder's entries can be listed */
    static boolean listable(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            entries.iterator().hasNext();
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    private static String why(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return (f.getFile() == null ? "a part of the path" : f.getFile()) + " is a file";
        }
        return e.toString();
    }
}
