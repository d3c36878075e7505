package dev.orrery.plugin.devtools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.Set;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A word that is no command gets one line with the nearest commands, as the shell prints it. */
class UnknownCommandTest {
    private static final Set<String> COMMANDS = Set.of("dnd:act", "orrery:plugins", "orrery:phases", "gogo:cd",
            "felix:lb", "shell:default");

    private static CommandSession session() {
        return (CommandSession) Proxy.newProxyInstance(CommandSession.class.getClassLoader(), new Class<?>[] {CommandSession.class},
                (proxy, method, args) -> method.getName().equals("get") && UnknownCommand.COMMANDS.equals(args[0]) ? COMMANDS : null);
    }

    @Test
    @DisplayName("'plugin' (a typo of plugins): command not found: plugin; did you mean 'plugins'? — the whole printed line")
    void typoNamesTheNearestCommand() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> new UnknownCommand()._default(session(), "plugin", "x"));
        assertEquals("command not found: plugin; did you mean 'plugins'?", e.toString());
    }

    @Test
    @DisplayName("'a': the nearest commands, same first letter first; a far word: the line alone; never 'default' itself")
    void shortAndFarWords() {
        assertEquals("command not found: a; did you mean 'act', 'cd' or 'lb'?",
                assertThrows(RuntimeException.class, () -> new UnknownCommand()._default(session(), "a")).toString());
        assertEquals("command not found: xyzzyplugh",
                assertThrows(RuntimeException.class, () -> new UnknownCommand()._default(session(), "xyzzyplugh")).toString());
        assertEquals(Set.of("act", "plugins", "phases", "cd", "lb"), UnknownCommand.names(COMMANDS));
    }
}
