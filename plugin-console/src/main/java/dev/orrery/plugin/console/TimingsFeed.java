package dev.orrery.plugin.console;

import dev.orrery.plugin.devtools.SystemTiming;
import java.util.List;

/**
 * Where the web console's timings come from. Beyond the spec (Orrery's own).
 *
 * <p>The console adds nothing to a frame while no page listens: either it reads the devtools' timings
 * (which run anyway), or its own timings hooks exist only between the first {@link #subscribe()} and the
 * last {@link #unsubscribe()} ({@link ListenedTimingsFeed}).
 *
 * <p>Threading: {@link #snapshot()} on the host's frame thread only; the other methods on any thread.
 *
 * @since 0.1
 */
public interface TimingsFeed {
    /** Which timings a feed hands out; the console's {@code /api/timings} names it in lower case. */
    enum Source {
        /** plugin-devtools' timings hooks ({@code TimingsSource}), which time every frame. */
        DEVTOOLS,
        /** The console's own hooks, attached while a page listens. */
        CONSOLE,
        /** No timings. */
        NONE
    }

    /** @return where the timings come from */
    Source source();

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
        public Source source() {
            return Source.NONE;
        }

        @Override
        public List<SystemTiming> snapshot() {
            return List.of();
        }
    };
}
