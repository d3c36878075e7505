package dev.orrery.plugin.devtools.internal;

import dev.orrery.schedule.NearestNames;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;

/**
 * What the Gogo shell says about a word that is no command: one line with the nearest commands,
 * {@code command not found: a; did you mean 'act'?}, instead of
 * {@code org.apache.felix.gogo.runtime.CommandNotFoundException: Command not found: a}.
 *
 * <p>Gogo's runtime hands a command line whose command it cannot find to the command named
 * {@code default}, if there is one, with the word first; this is that command (in a scope of its
 * own, {@code shell}, so it is not one of the {@code orrery:*} commands). It throws
 * {@link NotFound}, whose text is the line the shell prints (the shell prints what an exception's
 * {@code toString()} gives). The commands compared are the names of every registered command,
 * without their scope.
 */
@Component(service = UnknownCommand.class, property = {"osgi.command.scope=shell", "osgi.command.function=default"})
public final class UnknownCommand {
    /** The Gogo session variable with the registered commands, as {@code scope:name}. */
    static final String COMMANDS = ".commands";

    /** Creates the command; DS calls this. */
    public UnknownCommand() {
    }

    /**
     * Gogo calls this for a command line whose command does not exist.
     *
     * @param session the shell session
     * @param line the word that is no command, then its arguments
     * @return never
     * @throws NotFound always, naming the word and the nearest commands
     */
    @Descriptor("the shell's answer to a word that is no command: the nearest commands")
    public Object _default(CommandSession session, Object... line) {
        String word = line.length == 0 ? "" : String.valueOf(line[0]);
        throw new NotFound("command not found: " + word + NearestNames.didYouMean(word, names(session.get(COMMANDS))));
    }

    /** @return the command names without their scope ({@code orrery:plugins} → {@code plugins}) */
    static Set<String> names(Object commands) {
        Set<String> names = new LinkedHashSet<>();
        if (commands instanceof Collection<?> all) {
            for (Object c : all) {
                String s = String.valueOf(c);
                String name = s.substring(s.indexOf(':') + 1);
                if (!name.equals("default")) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** A word that is no command; its text is the whole line the shell prints. */
    static final class NotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message, null, false, false);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
