package dev.orrery.plugin.devtools.internal;

import java.util.List;

/**
 * The syntax of every {@code orrery:*} shell command, and the one-line messages for a call with the
 * wrong number of arguments or a malformed one. Immutable, stateless.
 */
final class Usage {
    /**
     * One command's syntax.
     *
     * @param name the command
     * @param arguments the arguments as shown in the usage line ({@code <required> [optional]})
     * @param min how many arguments it needs
     * @param max how many it takes at most
     */
    record Syntax(String name, String arguments, int min, int max) {
        String line() {
            return "usage: " + name + (arguments.isEmpty() ? "" : " " + arguments);
        }
    }

    private static final List<Syntax> COMMANDS = List.of(
            new Syntax("systems", "[schedule]", 0, 1),
            new Syntax("phases", "[schedule]", 0, 1),
            new Syntax("plugins", "", 0, 0),
            new Syntax("observers", "", 0, 0),
            new Syntax("timings", "[schedule]", 0, 1),
            new Syntax("enable", "<system> [schedule]", 1, 2),
            new Syntax("disable", "<system> [schedule]", 1, 2),
            new Syntax("enablePhase", "<phase> [schedule]", 1, 2),
            new Syntax("disablePhase", "<phase> [schedule]", 1, 2),
            new Syntax("pause", "", 0, 0),
            new Syntax("resume", "", 0, 0),
            new Syntax("step", "[n]", 0, 1),
            new Syntax("explain", "<system a> <system b> [schedule]", 2, 3),
            new Syntax("graph", "[dot|mermaid] [schedule]", 0, 2));

    private Usage() {
    }

    /** @return every command's syntax, in the order of the shell's help */
    static List<Syntax> all() {
        return COMMANDS;
    }

    /**
     * @param command a command name
     * @return its usage line, e.g. {@code usage: step [n]}
     * @throws IllegalArgumentException if there is no such command
     */
    static String of(String command) {
        return syntax(command).line();
    }

    /**
     * @param command a command name
     * @param given how many arguments were typed
     * @return e.g. {@code explain: takes 2 or 3 arguments, got 1; usage: explain <system a> <system b> [schedule]}
     * @throws IllegalArgumentException if there is no such command
     */
    static String wrongArity(String command, int given) {
        Syntax s = syntax(command);
        String takes = s.min() == s.max() ? (s.min() == 0 ? "no arguments" : count(s.min()))
                : s.min() + 1 == s.max() ? s.min() + " or " + count(s.max())
                : s.min() + " to " + count(s.max());
        return command + ": takes " + takes + ", got " + given + "; " + s.line();
    }

    private static String count(int n) {
        return n + " argument" + (n == 1 ? "" : "s");
    }

    private static Syntax syntax(String command) {
        for (Syntax s : COMMANDS) {
            if (s.name().equals(command)) {
                return s;
            }
        }
        throw new IllegalArgumentException("devtools: no shell command '" + command + "'");
    }
}
