package dev.orrery.plugin.devtools.internal;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.CommandSessionListener;
import org.osgi.service.component.annotations.Component;

/**
 * Takes the clock off the right of the {@code g!} prompt line. The default {@code gosh_profile} of the
 * Gogo JLine shell sets {@code #rprompt} (a right prompt evaluated when the prompt is drawn) to the time
 * of day; Orrery prints the game's output above the prompt, so the prompt line stays while time goes on
 * and its clock shows a stale time on every line.
 *
 * <p>Before and after each command line (the start-up profile included, so the first prompt already has
 * none) the session's {@code #rprompt} is removed. A right prompt a user sets as {@code rprompt} is kept.
 */
@Component(service = CommandSessionListener.class)
public final class NoPromptClock implements CommandSessionListener {
    /** The default profile's evaluated right prompt. */
    static final String CLOCK = "#rprompt";

    @Override
    public void beforeExecute(CommandSession session, CharSequence command) {
        session.put(CLOCK, null);
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Exception exception) {
        session.put(CLOCK, null);
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Object result) {
        session.put(CLOCK, null);
    }
}
