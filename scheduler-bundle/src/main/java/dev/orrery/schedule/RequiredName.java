package dev.orrery.schedule;

/**
 * The required-name check of the define functions and {@code createSchedule} (SCH-010, SCH-100,
 * SCH-126, SCH-135, SCH-140): a name that is null, empty, or only whitespace ({@link String#isBlank()})
 * is rejected. Blank names are rejected too because they are unreadable in every message that names
 * the item. The message keeps the spec's words "name is missing or empty" and adds "(or blank)". Then,
 * beyond the spec, a name with a character that {@link ItemNames} forbids (a control character, a
 * line or paragraph separator) is rejected, the character shown escaped.
 */
final class RequiredName {
    private RequiredName() {
    }

    /**
     * @param name the name to check
     * @param function the define function that was called, as shown in the message, e.g.
     *     {@code defineSystem (EcsSystem.builder)}
     * @return {@code name}
     * @throws IllegalArgumentException if it is null, empty or blank; the message names {@code function}
     *     and says that name is missing or empty (or blank). Also if it contains a forbidden character
     *     ({@link ItemNames}); the message names {@code function}, shows the name escaped and says
     *     what is allowed
     */
    static String check(String name, String function) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(function + ": name is missing or empty (or blank)");
        }
        int bad = ItemNames.firstForbidden(name);
        if (bad >= 0) {
            throw new IllegalArgumentException(function + ": " + ItemNames.refusal(name, bad));
        }
        return name;
    }
}
