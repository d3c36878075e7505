package dev.orrery.plugin.console;

import dev.orrery.plugin.devtools.SystemTiming;
import java.util.List;

/**
 * Where the console's timings come from. Beyond the spec (Orrery's own).
 *
 * <p>The console adds nothing to a frame while no page listens: either it reads the devtools' timings
 * (which run anyway), or its own timings hooks exist only between the first {@link #subscribe()} and the
 * last {@link #unsubscribe()}.
 */
public interface TimingsFeed {
    /** @return {@code "devtools"}, {@code "console"} or {@code "none"} */
    String source();

    /**
     * @return the timings of every observed system; call on the host's frame thread only (the
     *     timings are confined to it); empty when there are none
     */
    List<SystemTiming> snapshot();

    /** A page starts listening to live timings. Default: nothing to do. */
    default void subscribe() {
    }

    /** A page stopped listening. Default: nothing to do. */
    default void unsubscribe() {
    }

    /** A feed without timings. */
    TimingsFeed NONE = new TimingsFeed() {
        @Override
        public String source() {
            return "none";
        }

        @Override
        public List<SystemTiming> snapshot() {
            return List.of();
        }
    };
}
