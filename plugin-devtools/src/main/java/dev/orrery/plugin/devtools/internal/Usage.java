package dev.orrery.plugin.devtools.internal;

import dev.orrery.plugin.devtools.report.CommandProblem;
import dev.orrery.plugin.devtools.report.Report;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The syntax of every {@code orrery:*} shell command, how the words typed after a command bind to its
 * arguments, and the one-line messages for a call with the wrong number of arguments or a malformed
 * one. Immutable, stateless.
 *
 * <p>An argument is given by position, as the usage line shows it ({@code explain a b turn}), or, when
 * it is optional, also by the name of its option ({@code explain -s turn a b}; the options are the
 * {@code @Parameter}s of {@link GogoCommands}). Words given by position fill the required arguments,
 * then the optional ones that no option gave, in order.
 */
final class Usage {
    /**
     * One argument of a command.
     *
     * @param name its name in the usage line
     * @param required whether the command needs it
     */
    record Argument(String name, boolean required) {
        String shown() {
            return required ? "<" + name + ">" : "[" + name + "]";
        }
    }

    /**
     * One command's syntax.
     *
     * @param name the command
     * @param arguments its arguments, the required ones first
     */
    record Syntax(String name, List<Argument> arguments) {
        Syntax {
            arguments = List.copyOf(arguments);
        }

        /** @return how many arguments it needs */
        int min() {
            return (int) arguments.stream().filter(Argument::required).count();
        }

        /** @return how many it takes at most */
        int max() {
            return arguments.size();
        }

        /** @return e.g. {@code usage: explain <system a> <system b> [schedule]} */
        String line() {
            return "usage: " + name + (arguments.isEmpty() ? ""
                    : " " + String.join(" ", arguments.stream().map(Argument::shown).toList()));
        }
    }

    /**
     * The arguments of one command line, bound: one value per argument of the syntax, in its order (null
     * for an optional argument not given), or why they cannot be.
     *
     * @param values the values, when bound
     * @param problem why not, else null
     */
    record Bound(List<String> values, CommandProblem problem) {
        /**
         * @param command what to do with the values
         * @return what the command returns, or the problem
         */
        Report then(Function<List<String>, Report> command) {
            return problem != null ? problem : command.apply(values);
        }
    }

    private static final List<Syntax> COMMANDS = List.of(
            define("systems", "[schedule]"),
            define("phases", "[schedule]"),
            define("plugins"),
            define("observers"),
            define("timings", "[schedule]"),
            define("enable", "<system>", "[schedule]"),
            define("disable", "<system>", "[schedule]"),
            define("enablePhase", "<phase>", "[schedule]"),
            define("disablePhase", "<phase>", "[schedule]"),
            define("pause"),
            define("resume"),
            define("step", "[n]"),
            define("explain", "<system a>", "<system b>", "[schedule]"),
            define("graph", "[dot|mermaid]", "[schedule]"),
            define("access", "[schedule]"),
            define("commits"),
            define("messages"),
            define("clocks"),
            define("ecsObservers", "[schedule]"),
            define("save", "[file]"),
            define("load", "[file]"));

    private Usage() {
    }

    private static Syntax define(String name, String... arguments) {
        List<Argument> list = new ArrayList<>();
        for (String a : arguments) {
            list.add(new Argument(a.substring(1, a.length() - 1), a.startsWith("<")));
        }
        return new Syntax(name, list);
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

    /**
     * Binds a command line's words to the command's arguments.
     *
     * @param command a command name
     * @param positional the words typed without an option, in order; not null
     * @param named the values of the command's options, one per optional argument in the syntax's order;
     *     null or empty for an option not given
     * @return the values; or, when fewer words than the required arguments or more than all arguments
     *     were given (positional and named together), the one-line problem with the usage line
     * @throws IllegalArgumentException if there is no such command, or {@code named} does not have one
     *     value per optional argument
     */
    static Bound bind(String command, String[] positional, String... named) {
        Syntax s = syntax(command);
        Objects.requireNonNull(positional, "positional");
        List<Argument> optional = s.arguments().subList(s.min(), s.max());
        if (named.length != optional.size()) {
            throw new IllegalArgumentException("devtools: " + command + " has " + optional.size()
                    + " optional arguments, got " + named.length + " option values");
        }
        long byName = Arrays.stream(named).filter(v -> v != null && !v.isEmpty()).count();
        int given = positional.length + (int) byName;
        if (given < s.min() || given > s.max()) {
            return new Bound(null, new CommandProblem(wrongArity(command, given)));
        }
        if (positional.length < s.min()) {
            Argument missing = s.arguments().get(positional.length);
            return new Bound(null, new CommandProblem(command + ": " + missing.shown() + " is missing (the options give"
                    + " only optional arguments); " + s.line()));
        }
        List<String> values = new ArrayList<>(Arrays.asList(positional).subList(0, s.min()));
        int next = s.min();
        for (String value : named) {
            if (value != null && !value.isEmpty()) {
                values.add(value);
            } else {
                values.add(next < positional.length ? positional[next++] : null);
            }
        }
        return new Bound(values, null);
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
