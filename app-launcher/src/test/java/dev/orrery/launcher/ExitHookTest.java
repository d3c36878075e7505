package dev.orrery.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The code the shutdown hook ends the JVM with itself, by what started the shutdown and whether the run's code is decided. */
class ExitHookTest {
    @Test
    @DisplayName("a signal after the launcher decided its code (the run ended by itself meanwhile): the decided code, not 128 + n")
    void aSignalAfterTheDecisionKeepsTheDecidedCode() {
        assertEquals(Optional.of(0), ExitHook.decidedCode(0, ExitCause.Kind.SIGNAL));
        assertEquals(Optional.of(1), ExitHook.decidedCode(1, ExitCause.Kind.SIGNAL));
    }

    @Test
    @DisplayName("the launcher's own exit, or a run still going: the hook does not halt with a code of its own here")
    void otherwiseTheJvmsStatusStands() {
        assertEquals(Optional.empty(), ExitHook.decidedCode(0, ExitCause.Kind.EXIT_CALL));
        assertEquals(Optional.empty(), ExitHook.decidedCode(2, ExitCause.Kind.OTHER));
        assertEquals(Optional.empty(), ExitHook.decidedCode(null, ExitCause.Kind.SIGNAL));
    }
}
