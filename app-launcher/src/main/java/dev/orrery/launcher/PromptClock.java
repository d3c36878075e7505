package dev.orrery.launcher;

import org.osgi.framework.BundleContext;

/**
 * Takes the clock off the right of the {@code g!} prompt line. The default {@code gosh_profile} of the
 * Gogo JLine shell sets {@code #rprompt} (a right prompt evaluated when a prompt is first drawn) to the
 * time of day; the launcher prints the game's output above the prompt, which redraws the same prompt,
 * so every prompt line showed the time the shell started waiting, a stale clock.
 *
 * <p>After each command line, the start-up profile included (so the first prompt has none), the
 * session's {@code #rprompt} is removed. A right prompt a user sets as {@code rprompt} is kept.
 */
final class PromptClock {
    /** The default profile's evaluated right prompt. */
    static final String CLOCK = "#rprompt";

    private PromptClock() {
    }

    /**
     * Registers the listener; call after the framework started and before the Gogo runtime bundle starts.
     *
     * @param systemContext the system bundle's context
     */
    static void register(BundleContext systemContext) {
        SessionListeners.register(systemContext, (proxy, method, args) -> {
            if (method.getName().equals("afterExecute")) {
                try {
                    Reflect.call(args[0], "put", CLOCK, null);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // not a Gogo session as known: leave it
                }
            }
            return null;
        }, "orrery launcher: no clock on the prompt line");
    }
}
