package dev.orrery.launcher;

import java.util.Locale;
import java.util.Map;

/**
 * The launcher's own options, checked before anything starts.
 *
 * <ul>
 *   <li>Command-line arguments: {@value #JPMS} alone, or none (settings are {@code -Dkey=value}
 *       properties or {@code conf/config.properties}). {@value #JPMS} runs the host without OSGi: the
 *       platform modules in one module layer and each plugin jar in a layer of its own
 *       ({@code dev.orrery.launcher.jpms}); there is no shell in that mode.</li>
 *   <li>{@value #SHELL}: {@code true} starts the Gogo shell on the terminal (and needs one),
 *       {@code false} does not, {@code auto} (default) starts it when the JVM has a console.</li>
 *   <li>Headless: {@code orrery.host.mode=fixed} with {@code orrery.host.stopFrameworkWhenDone=true}
 *       and no shell: a run meant to end by itself. Then a component that fails to activate, or a
 *       simulation paused on a fault, ends the run with exit code 1 and one line (see
 *       {@link HeadlessWatch}).</li>
 * </ul>
 *
 * @param shell whether the interactive shell starts
 * @param headless whether the run is headless
 * @param jpms whether the host runs on module layers instead of OSGi ({@value #JPMS})
 */
record LaunchOptions(boolean shell, boolean headless, boolean jpms) {
    /** The argument that selects JPMS mode. */
    static final String JPMS = "--jpms";

    /** Launcher property: start the interactive shell ({@code true}, {@code false}, {@code auto}). */
    static final String SHELL = "orrery.shell";

    /**
     * @param args the command-line arguments
     * @param props the resolved framework properties
     * @param hasConsole whether standard input and output are a terminal ({@code System.console() != null})
     * @return the options
     * @throws IllegalArgumentException with one line naming the argument or setting at fault
     */
    static LaunchOptions from(String[] args, Map<String, String> props, boolean hasConsole) {
        boolean jpms = false;
        for (String arg : args) {
            if (JPMS.equals(arg) && !jpms) {
                jpms = true;
            } else {
                throw new IllegalArgumentException("unknown argument '" + arg + "': the launcher takes only " + JPMS + ";"
                        + " give settings as -Dkey=value (see conf/config.properties)");
            }
        }
        String setting = props.getOrDefault(SHELL, "auto").trim().toLowerCase(Locale.ROOT);
        boolean shell = switch (setting) {
            case "true" -> {
                if (jpms) {
                    throw new IllegalArgumentException(SHELL + "=true: JPMS mode (" + JPMS + ") has no shell (the Gogo"
                            + " shell runs in OSGi mode); use " + SHELL + "=false or auto");
                }
                if (!hasConsole) {
                    throw new IllegalArgumentException(SHELL + "=true needs a terminal, and standard input or output is"
                            + " not one; use " + SHELL + "=false (or auto) to run without the shell");
                }
                yield true;
            }
            case "false" -> false;
            case "auto", "" -> hasConsole && !jpms;
            default -> throw new IllegalArgumentException(SHELL + " must be 'true', 'false' or 'auto', got '"
                    + props.get(SHELL) + "'");
        };
        boolean fixed = "fixed".equalsIgnoreCase(props.getOrDefault("orrery.host.mode", "").trim());
        boolean stopWhenDone = "true".equalsIgnoreCase(props.getOrDefault("orrery.host.stopFrameworkWhenDone", "").trim());
        return new LaunchOptions(shell, fixed && stopWhenDone && !shell, jpms);
    }
}
