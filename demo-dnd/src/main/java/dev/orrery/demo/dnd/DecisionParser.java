package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.ActionKind;
import dev.orrery.demo.dnd.model.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Parses what a person types for a turn in interactive mode ({@code act ...} in the shell) against the
 * options of that turn ({@link ActionOptions}). Accepted, case-insensitive: the option's number
 * ({@code 2}); {@code attack <name>} or {@code a <name>}; {@code heal <name>} or {@code h <name>};
 * {@code dodge} or {@code d}. A name may be shortened to a prefix that matches one target only
 * ({@code attack gob} when one goblin is in range).
 */
public final class DecisionParser {
    private DecisionParser() {
    }

    /**
     * The outcome of a parse: exactly one of decision and error is present.
     *
     * @param decision the chosen option
     * @param error why the input was not understood, naming the input and what would be accepted
     */
    public record Result(Optional<Decision> decision, Optional<String> error) {
        static Result ok(Decision d) {
            return new Result(Optional.of(d), Optional.empty());
        }

        static Result error(String message) {
            return new Result(Optional.empty(), Optional.of(message));
        }
    }

    /**
     * @param input the typed text; may be null or blank
     * @param options this turn's options, in the order shown (numbered from 1)
     * @return the chosen option, or an error
     */
    public static Result parse(String input, List<Decision> options) {
        String text = input == null ? "" : input.trim().replaceAll("\\s+", " ");
        if (text.isEmpty()) {
            return Result.error("nothing typed; type an option number (1.." + options.size()
                    + ") or attack <name>, heal <name>, dodge");
        }
        if (text.chars().allMatch(Character::isDigit)) {
            int n;
            try {
                n = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1 || n > options.size()) {
                return Result.error("no option " + text + "; choose 1.." + options.size());
            }
            return Result.ok(options.get(n - 1));
        }
        String lower = text.toLowerCase(Locale.ROOT);
        int space = lower.indexOf(' ');
        String verb = space < 0 ? lower : lower.substring(0, space);
        String rest = space < 0 ? "" : lower.substring(space + 1);
        ActionKind kind = switch (verb) {
            case "attack", "a" -> ActionKind.ATTACK;
            case "heal", "h" -> ActionKind.HEAL;
            case "dodge", "d" -> ActionKind.DODGE;
            default -> null;
        };
        if (kind == null) {
            return Result.error("unknown action '" + verb + "'; use attack <name>, heal <name>, dodge or an option number");
        }
        if (kind == ActionKind.DODGE) {
            if (!rest.isEmpty()) {
                return Result.error("dodge takes no target, got '" + rest + "'");
            }
            return Result.ok(options.get(options.size() - 1));
        }
        String verbName = kind.name().toLowerCase(Locale.ROOT);
        if (rest.isEmpty()) {
            return Result.error(verbName + " needs a target; targets: " + targets(options, kind));
        }
        List<Decision> matches = new ArrayList<>();
        for (Decision d : options) {
            if (d.kind() == kind) {
                String name = d.target().toLowerCase(Locale.ROOT);
                if (name.equals(rest)) {
                    return Result.ok(d);
                }
                if (name.startsWith(rest)) {
                    matches.add(d);
                }
            }
        }
        if (matches.size() == 1) {
            return Result.ok(matches.get(0));
        }
        if (matches.isEmpty()) {
            return Result.error("cannot " + verbName + " '" + rest + "' now; targets: " + targets(options, kind));
        }
        return Result.error("'" + rest + "' matches several targets: " + targets(matches, kind));
    }

    private static String targets(List<Decision> options, ActionKind kind) {
        List<String> names = new ArrayList<>();
        for (Decision d : options) {
            if (d.kind() == kind) {
                names.add(d.target());
            }
        }
        return names.isEmpty() ? "none in range" : String.join(", ", names);
    }
}
