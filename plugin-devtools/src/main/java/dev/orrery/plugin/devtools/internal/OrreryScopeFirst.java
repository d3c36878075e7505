package dev.orrery.plugin.devtools.internal;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.CommandSessionListener;
import org.osgi.service.component.annotations.Component;

/**
 * Puts the {@code orrery} scope first in Gogo sessions that still use the default scope path, so that
 * {@code enable} and {@code disable} mean {@code orrery:enable} and {@code orrery:disable}. Without it
 * they are ambiguous: Felix SCR registers {@code scr:enable} and {@code scr:disable} (for components),
 * and with the default {@code SCOPE} of {@code *} Gogo picks one of the two in no defined order.
 *
 * <p>Only a session whose {@code SCOPE} variable is unset or exactly {@code *} is changed, to
 * {@code orrery:*} (orrery first, then every scope as before), before each command line. A session
 * that set its own {@code SCOPE} is left alone; {@code scr:enable} still works when typed in full.
 */
@Component(service = CommandSessionListener.class)
public final class OrreryScopeFirst implements CommandSessionListener {
    /** The Gogo session variable holding the scope search path. */
    static final String SCOPE = "SCOPE";
    /** The scope path set in sessions that use the default one. */
    static final String ORRERY_FIRST = "orrery:*";

    @Override
    public void beforeExecute(CommandSession session, CharSequence command) {
        Object scope = session.get(SCOPE);
        if (scope == null || "*".equals(scope.toString())) {
            session.put(SCOPE, ORRERY_FIRST);
        }
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Exception exception) {
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Object result) {
    }
}
