package dev.orrery.checks;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

/** Fails a check with one line per problem found, under a line that says what was checked. */
final class Problems {
    private Problems() {
    }

    /**
     * @param what what was checked, e.g. "README.md's Modules table names every module"
     * @param problems one line each; none passes
     */
    static void assertNone(String what, List<String> problems) {
        if (!problems.isEmpty()) {
            fail(what + ": " + problems.size() + " problem(s)\n  " + String.join("\n  ", problems));
        }
    }
}
